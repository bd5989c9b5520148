/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// The machine API (issue 15, docs/decisions/0108-machine-api.md).
//
// - machine_api_key: a machine's key, one per machine (rotating replaces it: the old one stops at once), kept as the
//   SHA-256 of a generated 190-bit secret. The key alone names its machine, so it is looked up by that digest.
// - machine_event: every event a machine sent, by the machine's own `event_id` (unique per machine: the idempotency
//   key). It is written in the same transaction as what the event changes, so an event answered `accepted` is kept,
//   and one sent again finds its row and is a `duplicate`.
// - machine.status_reported_at: the time of the status the machine columns show, so that a late status never
//   overwrites a newer one; machine_item.stock_reported_at, the same for a slot's count.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('machine_api_key')
    .addColumn('machine_id', 'integer', (c) => c.primaryKey().references('machine.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('key_lookup', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute()

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('machine_event')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('machine_id', 'integer', (c) => c.notNull().references('machine.id').onDelete('cascade'))
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('machine_event_idempotency_idx')
    .on('machine_event')
    .columns(['machine_id', 'event_id'])
    .unique()
    .execute()
  await db.schema.alterTable('machine').addColumn('status_reported_at', 'bigint').execute()
  await db.schema.alterTable('machine_item').addColumn('stock_reported_at', 'bigint').execute()
  // A maintenance visit reported by a machine: its start and end events name it by the machine's session id.
  await db.schema.alterTable('mt_summary').addColumn('machine_session_id', 'varchar(36)').execute()
  await db.schema
    .createIndex('mt_summary_machine_session_idx')
    .on('mt_summary')
    .columns(['machine_id', 'machine_session_id'])
    .unique()
    .execute()
  // A vend names its order by the machine's out trade no: the same order reported under a new event id is found.
  await db.schema
    .createIndex('machine_order_machine_trade_idx')
    .on('machine_order')
    .columns(['machine_id', 'out_trade_no'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('machine_order_machine_trade_idx').ifExists().execute()
  await db.schema.dropIndex('mt_summary_machine_session_idx').ifExists().execute()
  await db.schema.alterTable('mt_summary').dropColumn('machine_session_id').execute()
  await db.schema.alterTable('machine_item').dropColumn('stock_reported_at').execute()
  await db.schema.alterTable('machine').dropColumn('status_reported_at').execute()
  await db.schema.dropTable('machine_event').ifExists().execute()
  await db.schema.dropTable('machine_api_key').ifExists().execute()
}
