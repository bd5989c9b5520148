import { CompiledQuery } from 'kysely'
import type { Kysely } from 'kysely'
import { isPostgres } from '../lib/sql'
import type { CopyLoad } from './copy-load'

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
    /**
     * PostgreSQL: write through these COPY streams instead (the big loads). Rows are then committed only by
     * `flush`, on connections of their own: nothing may read them, or rely on them, before.
     */
    private readonly copy?: CopyLoad,
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
    if (this.pg && this.copy) return this.copy.write(table, columns, rows)
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

  /** Commits what went through COPY (see the constructor); nothing to do otherwise. */
  async flush(): Promise<void> {
    await this.copy?.finish()
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

interface Deferred {
  name: string
  table: string
  definition: string
  kind: 'index' | 'unique' | 'foreign'
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then recreates them from their own definitions
 * (read back from the catalogue, so they stay exactly what the migrations made). Building an index once, sorted,
 * is several times faster than growing it row by row in random order (uuids) across millions of inserts.
 *
 * On PostgreSQL the tables' unique constraints (other than the primary key, and any a foreign key relies on), their
 * foreign keys and those of other tables that reference them are dropped too and added back after the load (with
 * no key referencing it, an empty table can also be truncated in a COPY's transaction: see CopyLoad): a unique constraint then builds its index by
 * sorting, and each foreign key is checked once by a join over the table instead of by a trigger per row (seven
 * lookups for every charging session). Adding them back checks every row, so the load still cannot leave a
 * duplicate or a dangling reference behind. The rebuild runs on one connection with a large
 * `maintenance_work_mem`, so index sorts happen in memory (and in parallel workers where PostgreSQL uses them).
 */
export async function withIndexesDeferred<DB>(
  db: Kysely<DB>,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const deferred = await deferIndexes(db, tables)
  try {
    await load()
  } finally {
    await deferred.restore()
  }
}

/**
 * withIndexesDeferred in two steps, for a load that spans several areas: `restore` must run however it ends, and may
 * be run again after it failed (it puts back only what is missing).
 */
export async function deferIndexes<DB>(
  db: Kysely<DB>,
  tables: readonly string[],
): Promise<{ restore: () => Promise<void> }> {
  const list = tables.map((t) => `'${t}'`).join(',')
  const pg = isPostgres(db)
  const query = pg
    ? `select indexname as name, tablename as table, indexdef as definition, 'index' as kind from pg_indexes
       where schemaname = current_schema() and tablename in (${list})
       and indexname not in (select conname from pg_constraint)
       union all
       select c.conname, c.conrelid::regclass::text, pg_get_constraintdef(c.oid),
              case c.contype when 'u' then 'unique' else 'foreign' end
       from pg_constraint c
       where c.connamespace = current_schema()::regnamespace and (
         (c.contype = 'f' and (c.conrelid::regclass::text in (${list}) or c.confrelid::regclass::text in (${list})))
         or (c.contype = 'u' and c.conrelid::regclass::text in (${list}) and not exists (
           select 1 from pg_constraint r where r.contype = 'f' and r.conindid = c.conindid)))`
    : `select name, tbl_name as "table", sql as definition, 'index' as kind from sqlite_master
       where type = 'index' and tbl_name in (${list}) and sql is not null`
  const result = await db.executeQuery<Deferred>(CompiledQuery.raw(query))
  // Foreign keys go first (a unique constraint's index cannot go while one relies on it), and come back last.
  const order = { foreign: 0, unique: 1, index: 2 }
  const deferred = [...result.rows].sort((a, b) => order[a.kind] - order[b.kind])
  for (const item of deferred) {
    const statement =
      item.kind === 'index'
        ? `drop index ${item.name}`
        : `alter table ${item.table} drop constraint ${item.name}`
    await db.executeQuery(CompiledQuery.raw(statement))
  }
  const restore = () =>
    db.connection().execute(async (connection) => {
      if (pg) await connection.executeQuery(CompiledQuery.raw(`set maintenance_work_mem = '1GB'`))
      for (const item of [...deferred].reverse()) {
        // What a restore that failed half-way (a duplicate) already put back is skipped when it is run again.
        const existing = pg
          ? item.kind === 'index'
            ? `select 1 from pg_class where relname = $1 and relnamespace = current_schema()::regnamespace`
            : `select 1 from pg_constraint where conname = $1 and connamespace = current_schema()::regnamespace`
          : `select 1 from sqlite_master where name = ?`
        const found = await connection.executeQuery(CompiledQuery.raw(existing, [item.name]))
        if (found.rows.length > 0) continue
        const statement =
          item.kind === 'index'
            ? item.definition
            : `alter table ${item.table} add constraint ${item.name} ${item.definition}`
        await connection.executeQuery(CompiledQuery.raw(statement))
      }
      if (pg) await connection.executeQuery(CompiledQuery.raw('reset maintenance_work_mem'))
    })
  return { restore }
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
