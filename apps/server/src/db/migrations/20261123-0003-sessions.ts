/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// Sessions (step 2): second-step challenges, password reset links, the authenticator being set up, and the last
// TOTP time step used (a code is accepted once).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('totp_pending_secret', 'text').execute()
  await db.schema.alterTable('app_user').addColumn('totp_last_step', 'bigint').execute()
  await db.schema.alterTable('app_user').addColumn('password_changed_at', 'bigint').execute()

  await db.schema
    .createTable('auth_challenge')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)')
    .addColumn('code_expires_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute()
  await db.schema.createIndex('auth_challenge_user_idx').on('auth_challenge').columns(['user_id']).execute()

  await db.schema
    .createTable('password_reset')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('spent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute()
  await db.schema.createIndex('password_reset_user_idx').on('password_reset').columns(['user_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset').ifExists().execute()
  await db.schema.dropTable('auth_challenge').ifExists().execute()
  await db.schema.alterTable('app_user').dropColumn('password_changed_at').execute()
  await db.schema.alterTable('app_user').dropColumn('totp_last_step').execute()
  await db.schema.alterTable('app_user').dropColumn('totp_pending_secret').execute()
}
