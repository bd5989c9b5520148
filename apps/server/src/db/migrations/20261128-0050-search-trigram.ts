/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

// Free-text search through trigram indexes on PostgreSQL (issue 13 §4, docs/decisions/0099-search-trigram.md).
// The lists' contains-searches are `column ILIKE '%x%'` (lib/sql.ts containsInsensitive): a GIN index on the bare
// column with pg_trgm's operator class serves exactly that expression, so no predicate changes. SQLite: nothing.

/** The columns the big lists search, most rows first (machine.repository.ts, user.admin.service.ts). */
const TRIGRAM_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ['machine', 'username'],
  ['machine', 'serial_number'],
  ['machine', 'alias'],
  ['machine', 'location'],
  ['machine', 'postal_code'],
  ['app_user', 'name'],
  ['app_user', 'username'],
  ['app_user', 'email'],
  ['app_user', 'phone_number'],
]

export function trigramIndexName(table: string, column: string): string {
  return `${table}_${column}_trgm_idx`
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

// Any fixed number: it only serialises the extension's creation between servers (or test suites) migrating at once.
const EXTENSION_LOCK = 715_530_050

/**
 * The schema pg_trgm lives in, creating it in `public` when missing; null when it cannot be created (a managed
 * PostgreSQL without the permission, or without the contrib package).
 *
 * An extension belongs to one schema for the whole database, so it is never created in the search path's schema:
 * a test suite's schema is dropped at its end and would take the extension with it for everyone.
 */
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  // Held to the end of the migration's transaction: a second server waits here until the first one's extension is
  // committed, then finds it, instead of failing on pg_extension's unique key.
  await sql`select pg_advisory_xact_lock(${sql.lit(EXTENSION_LOCK)})`.execute(db)
  const found = await installedSchema(db)
  if (found !== null) return found
  // A savepoint: the migrations run in one transaction, which a failed statement would otherwise abort.
  await sql`savepoint pg_trgm_create`.execute(db)
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    await sql`release savepoint pg_trgm_create`.execute(db)
  } catch (err) {
    await sql`rollback to savepoint pg_trgm_create`.execute(db)
    // A duplicate key means another session created it after all (one not taking the lock): use theirs.
    const other = await installedSchema(db)
    if (other !== null) return other
    console.warn(
      `pg_trgm could not be created (${err instanceof Error ? err.message : String(err)}): free-text searches ` +
        'will scan instead of using trigram indexes. See docs/decisions/0099-search-trigram.md to add them later.',
    )
    return null
  }
  return installedSchema(db)
}

async function installedSchema(db: Kysely<any>): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db)
  return rows[0]?.schema ?? null
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  const schema = await trigramSchema(db)
  if (schema === null) return
  // Schema-qualified: the search path is the application's schema, which need not be where pg_trgm lives.
  const opclass = sql`${sql.id(schema)}.gin_trgm_ops`
  for (const [table, column] of TRIGRAM_COLUMNS) {
    await sql`create index if not exists ${sql.id(trigramIndexName(table, column))}
      on ${sql.table(table)} using gin (${sql.ref(column)} ${opclass})`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  // The extension stays: other schemas of the database may be using it.
  for (const [table, column] of TRIGRAM_COLUMNS) {
    await sql`drop index if exists ${sql.id(trigramIndexName(table, column))}`.execute(db)
  }
}
