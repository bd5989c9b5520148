import { CompiledQuery } from 'kysely'
import type { Kysely } from 'kysely'
import { isPostgres } from '../lib/sql'

export type Cell = string | number | null

/** Rows per unnest statement on PostgreSQL: its parameters are one array per column, so no parameter limit binds. */
const PG_ROWS_PER_STATEMENT = 5000

/**
 * Inserts of plain value arrays, for seeding millions of rows, with no per-row objects or query-builder compilation.
 * Rows must match `columns` in order. Call inside a transaction.
 *
 * - SQLite: a multi-row `INSERT … VALUES (?,…),(?,…)`, its text built once per table and row count so the statement
 *   cache sees the same text again.
 * - PostgreSQL: `INSERT … SELECT * FROM unnest($1::type[], $2::type[], …)`, one array parameter per column, 5,000 rows
 *   a statement. A multi-row VALUES list made PostgreSQL parse and plan a statement with thousands of parameters for
 *   every 500 rows (the machines bench's seed took 858 s); the column arrays are one short statement whatever the
 *   row count. The arrays' element types are read from the catalogue once per table.
 */
export class BulkInserter<DB> {
  private readonly texts = new Map<string, string>()
  private readonly pg: boolean

  constructor(
    private readonly db: Kysely<DB>,
    /** Rows per statement on SQLite, which allows 32,766 parameters. */
    private readonly rowsPerStatement = 500,
  ) {
    this.pg = isPostgres(db)
  }

  private text(table: string, columns: readonly string[], rows: number): string {
    const key = `${table}\u0000${String(rows)}`
    const cached = this.texts.get(key)
    if (cached !== undefined) return cached
    const tuple = `(${columns.map(() => '?').join(',')})`
    const values = Array.from({ length: rows }, () => tuple).join(',')
    const text = `insert into ${table} (${columns.join(',')}) values ${values}`
    this.texts.set(key, text)
    return text
  }

  /** PostgreSQL: the unnest insert's text for a table's columns, with each column's type from the catalogue. */
  private async unnestText(db: Kysely<DB>, table: string, columns: readonly string[]): Promise<string> {
    const key = `${table}\u0000${columns.join(',')}`
    const cached = this.texts.get(key)
    if (cached !== undefined) return cached
    const result = await db.executeQuery<{ column_name: string; type: string }>(
      CompiledQuery.raw(
        `select a.attname as column_name, format_type(a.atttypid, null) as type
         from pg_attribute a where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`,
        [table],
      ),
    )
    const types = new Map(result.rows.map((r) => [r.column_name, r.type]))
    const arrays = columns.map((column, i) => {
      const type = types.get(column)
      if (type === undefined) throw new Error(`bulk insert: ${table} has no column ${column}`)
      return `$${String(i + 1)}::${type}[]`
    })
    const text = `insert into ${table} (${columns.join(',')}) select * from unnest(${arrays.join(',')})`
    this.texts.set(key, text)
    return text
  }

  async insert(
    db: Kysely<DB>,
    table: string,
    columns: readonly string[],
    rows: readonly Cell[][],
  ): Promise<void> {
    if (this.pg) return this.insertPostgres(db, table, columns, rows)
    for (let start = 0; start < rows.length; start += this.rowsPerStatement) {
      const batch = rows.slice(start, start + this.rowsPerStatement)
      const params: Cell[] = []
      for (const row of batch) for (const cell of row) params.push(cell)
      await db.executeQuery(CompiledQuery.raw(this.text(table, columns, batch.length), params))
    }
  }

  private async insertPostgres(
    db: Kysely<DB>,
    table: string,
    columns: readonly string[],
    rows: readonly Cell[][],
  ): Promise<void> {
    if (rows.length === 0) return
    const text = await this.unnestText(db, table, columns)
    for (let start = 0; start < rows.length; start += PG_ROWS_PER_STATEMENT) {
      const end = Math.min(rows.length, start + PG_ROWS_PER_STATEMENT)
      const arrays: Cell[][] = columns.map(() => new Array<Cell>(end - start))
      for (let r = start; r < end; r++) {
        const row = rows[r] as Cell[]
        for (let c = 0; c < arrays.length; c++) (arrays[c] as Cell[])[r - start] = row[c] ?? null
      }
      await db.executeQuery(CompiledQuery.raw(text, arrays))
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
