/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Drivers' tokens (issue 14, docs/decisions/0102-ocpp-central-system.md): the RFID cards and app ids an EMSP issues,
// which a charger sends in Authorize and StartTransaction. OCPI 2.2.1's Token, as far as authorizing needs it.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('ev_token')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    // The id a charger sends: 1.6 idTag (20 characters at most), 2.0.1 idToken (36). Unique: the charger names no
    // issuer.
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
    // OCPI TokenType: RFID, APP_USER, AD_HOC_USER, OTHER.
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('contract_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('visual_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('driver_id', 'integer', (c) => c.references('ev_driver.id').onDelete('set null'))
    // OCPI AllowedType as stored: ALLOWED, BLOCKED, EXPIRED.
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ev_token_entity_idx').on('ev_token').columns(['entity_code', 'id']).execute()
  await db.schema.createIndex('ev_token_driver_idx').on('ev_token').column('driver_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ev_token').ifExists().execute()
}
