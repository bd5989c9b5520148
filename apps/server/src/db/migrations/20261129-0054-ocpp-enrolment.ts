/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Chargers that are not in the database yet (issue 14, docs/decisions/0107-ocpp-enrolment.md).
//
// - ocpp_enrolment: an entity's enrolment password, as the SHA-256 of a generated 143-bit secret. Unsalted on
//   purpose: an unknown charger names no entity, so the password itself must find its entity (an index lookup), and
//   a secret of that strength needs no salt (decision 0102 on generated passwords).
// - ocpp_pending_charger: an unknown charger that presented an enrolment password, waiting for an operator to
//   commission it. Its identity is unique across entities, like a charger's; `password_hash` (salted, like a
//   charger's) is what it presented, and becomes the commissioned charger's OCPP password. A dismissed one is kept
//   (`dismissed_at`) so that it is refused when it comes back with the same enrolment password.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ocpp_enrolment')
    .addColumn('entity_code', 'varchar(64)', (c) =>
      c.primaryKey().references('entity.code').onDelete('cascade'),
    )
    .addColumn('password_lookup', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('set_at', 'bigint', (c) => c.notNull())
    .addColumn('set_by', 'varchar(200)', (c) => c.notNull())
    .execute()

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('ocpp_pending_charger')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('identity', 'varchar(48)', (c) => c.notNull().unique())
    .addColumn('ocpp_version', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('vendor', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('firmware_version', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('remote_address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('boot_at', 'bigint')
    .addColumn('dismissed_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('ocpp_pending_charger_entity_idx')
    .on('ocpp_pending_charger')
    .columns(['entity_code', 'first_seen_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ocpp_pending_charger').ifExists().execute()
  await db.schema.dropTable('ocpp_enrolment').ifExists().execute()
}
