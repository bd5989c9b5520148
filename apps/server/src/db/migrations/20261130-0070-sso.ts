/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// Single sign-on with OpenID Connect (issue 18, docs/decisions/0118-single-sign-on.md):
// - sso_login_attempt: one started sign-in, keyed by the SHA-256 of its `state` (the browser holds the state in a
//   cookie), with the PKCE verifier, the nonce and where to go after. Spent (deleted) by the first callback that
//   presents it, on whichever instance; expired after 10 minutes.
// - entity.require_sso: 1 turns off password, SMS and reset-link sign-in for the users whose home entity it is.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_login_attempt')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('next_path', 'varchar(2000)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('sso_login_attempt_expires_idx')
    .on('sso_login_attempt')
    .column('expires_at')
    .execute()
  await db.schema
    .alterTable('entity')
    .addColumn('require_sso', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entity').dropColumn('require_sso').execute()
  await db.schema.dropTable('sso_login_attempt').execute()
}
