import type { Expression, Kysely, SqlBool } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * Case-insensitive "contains": LIKE is case-insensitive (ASCII) in SQLite, PostgreSQL needs ILIKE.
 * Wildcards typed by the user are matched literally.
 */
export function containsInsensitive<DB>(db: Kysely<DB>, column: string, value: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(value)}%`
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`
}
