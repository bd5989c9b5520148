/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Charging sessions from chargers (issue 14, docs/decisions/0103-ocpp-transactions.md).
//
// - ev_session learns which charger's transaction it is: `charge_point_id` and `ocpp_key`, unique together, so a
//   StartTransaction or TransactionEvent a charger sends twice opens one session. The key is the 2.0.1 transactionId
//   (`tx:…`), or for 1.6, where the central system chooses the id, the start's own facts (`start:…`).
//   `meter_start_wh` is the meter's total when the transaction began: the baseline of its energy.
// - ev_meter_reading keeps the readings of a running session, one per timestamp (a duplicated MeterValues adds
//   nothing), so its charging periods are rebuilt from all of them whatever order they arrived in.
// - ocpp_command records what operators told chargers and what the chargers answered (docs/decisions/0104): the
//   instance holding a charger's connection writes the answer, the one serving the operator reads it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ev_session')
    .addColumn('charge_point_id', 'integer', (c) => c.references('ev_charge_point.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('ev_session').addColumn('ocpp_key', 'varchar(80)').execute()
  await db.schema.alterTable('ev_session').addColumn('meter_start_wh', 'bigint').execute()
  await db.schema
    .createIndex('ev_session_ocpp_key_idx')
    .on('ev_session')
    .columns(['charge_point_id', 'ocpp_key'])
    .unique()
    .execute()

  await db.schema
    .createTable('ev_meter_reading')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('ev_session.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('register_wh', 'bigint')
    .addColumn('interval_wh', 'bigint')
    .addColumn('power_w', 'bigint')
    .addPrimaryKeyConstraint('ev_meter_reading_pk', ['session_id', 'at'])
    .execute()

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('ocpp_command')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('charge_point_id', 'integer', (c) =>
      c.notNull().references('ev_charge_point.id').onDelete('cascade'),
    )
    .addColumn('command', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(64)')
    .addColumn('answer', 'text')
    .addColumn('requested_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('ocpp_command_charger_idx')
    .on('ocpp_command')
    .columns(['charge_point_id', 'id desc'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ocpp_command').ifExists().execute()
  await db.schema.dropTable('ev_meter_reading').ifExists().execute()
  await db.schema.dropIndex('ev_session_ocpp_key_idx').ifExists().execute()
  for (const column of ['meter_start_wh', 'ocpp_key', 'charge_point_id'])
    await db.schema.alterTable('ev_session').dropColumn(column).execute()
}
