import { CompiledQuery } from 'kysely'
import type { Kysely } from 'kysely'
import { isPostgres } from '../lib/sql'

export type Cell = string | number | null

/**
 * Multi-row INSERT of plain value arrays, for seeding millions of rows: the SQL text is built once per table and
 * row count (so SQLite's statement cache and PostgreSQL's parser see the same text again), and no per-row objects
 * or query-builder compilation are involved. Rows must match `columns` in order. Call inside a transaction.
 */
export class BulkInserter<DB> {
  private readonly texts = new Map<string, string>()
  private readonly pg: boolean

  constructor(
    private readonly db: Kysely<DB>,
    /** Rows per statement: SQLite allows 32,766 parameters, PostgreSQL 65,535. */
    private readonly rowsPerStatement = 500,
  ) {
    this.pg = isPostgres(db)
  }

  private text(table: string, columns: readonly string[], rows: number): string {
    const key = `${table}\u0000${String(rows)}`
    const cached = this.texts.get(key)
    if (cached !== undefined) return cached
    let n = 0
    const tuple = () => `(${columns.map(() => (this.pg ? `$${String(++n)}` : '?')).join(',')})`
    const values = Array.from({ length: rows }, tuple).join(',')
    const text = `insert into ${table} (${columns.join(',')}) values ${values}`
    this.texts.set(key, text)
    return text
  }

  async insert(
    db: Kysely<DB>,
    table: string,
    columns: readonly string[],
    rows: readonly Cell[][],
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += this.rowsPerStatement) {
      const batch = rows.slice(start, start + this.rowsPerStatement)
      const params: Cell[] = []
      for (const row of batch) for (const cell of row) params.push(cell)
      await db.executeQuery(CompiledQuery.raw(this.text(table, columns, batch.length), params))
    }
  }

  /** After inserting explicit ids into a serial column, PostgreSQL's sequence must move past them. */
  async syncSequence(table: string): Promise<void> {
    if (!this.pg) return
    await this.db.executeQuery(
      CompiledQuery.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
      ),
    )
  }
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then recreates them from their own definitions
 * (read back from the catalogue, so they stay exactly what the migrations made). Building an index once, sorted,
 * is several times faster than growing it row by row in random order (uuids) across millions of inserts.
 * Unique constraints and primary keys stay.
 */
export async function withIndexesDeferred<DB>(
  db: Kysely<DB>,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const list = tables.map((t) => `'${t}'`).join(',')
  const query = isPostgres(db)
    ? `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = current_schema() and tablename in (${list})
       and indexname not in (select conname from pg_constraint)`
    : `select name, sql as definition from sqlite_master
       where type = 'index' and tbl_name in (${list}) and sql is not null`
  const result = await db.executeQuery<{ name: string; definition: string }>(CompiledQuery.raw(query))
  for (const index of result.rows) await db.executeQuery(CompiledQuery.raw(`drop index ${index.name}`))
  try {
    await load()
  } finally {
    for (const index of result.rows) await db.executeQuery(CompiledQuery.raw(index.definition))
  }
}

/**
 * SQLite settings for a bulk load on this connection: a page cache large enough for the indexes being built (the
 * default is 2 MB), and no fsync per commit (a development seed that fails is simply run again). `restore` puts
 * back the durability the app runs with.
 */
export async function tuneForBulkLoad<DB>(db: Kysely<DB>): Promise<{ restore: () => Promise<void> }> {
  if (isPostgres(db)) return { restore: () => Promise.resolve() }
  await db.executeQuery(CompiledQuery.raw('pragma cache_size = -262144'))
  await db.executeQuery(CompiledQuery.raw('pragma synchronous = off'))
  return {
    restore: async () => {
      await db.executeQuery(CompiledQuery.raw('pragma synchronous = normal'))
      await db.executeQuery(CompiledQuery.raw('pragma cache_size = -2000'))
    },
  }
}
