/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// Failed sign-ins counted in the database, so every instance sees the same counts (issue 13 §2,
// docs/decisions/0095-login-limits.md). No primary key: a row is one failure, never updated.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failure')
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute()
  // The count for a key inside its window, and its prune.
  await db.schema.createIndex('login_failure_key_at_idx').on('login_failure').columns(['key', 'at']).execute()
  // The sweep of keys nobody tries again.
  await db.schema.createIndex('login_failure_at_idx').on('login_failure').column('at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failure').ifExists().execute()
}
