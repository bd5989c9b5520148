/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Service accounts and their API keys (issue 18, docs/decisions/0114-integrator-keys.md):
// - app_user.kind: 'person' (everyone so far) or 'service'. A service account is a user row, so its grants, sets,
//   permission checks and audit trail are a user's; it never signs in and no list of people shows it.
// - service_account: what only a service account has: the one entity it belongs to, a description, who made it, and
//   when it was deleted (the row stays: the audit trail names it as the actor of its changes).
// - api_key: a key of a service account. Only the SHA-256 of the key is kept; `prefix` is the short visible part
//   the key list shows so a person can tell keys apart.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .alterTable('app_user')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('person'))
    .execute()

  await db.schema
    .createTable('service_account')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('description', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('service_account_entity_idx')
    .on('service_account')
    .columns(['entity_code', 'deleted_at'])
    .execute()

  await db.schema
    .createTable('api_key')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    // Hex SHA-256 of the whole key: every request looks its key up by it.
    .addColumn('digest', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('last_used_ip', 'varchar(64)')
    .addColumn('revoked_at', 'bigint')
    .execute()
  await db.schema.createIndex('api_key_user_idx').on('api_key').columns(['user_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key').execute()
  await db.schema.dropTable('service_account').execute()
  await db.schema.alterTable('app_user').dropColumn('kind').execute()
}
