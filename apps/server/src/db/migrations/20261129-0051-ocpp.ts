/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// OCPP (step 9, issue 14; docs/decisions/0102-ocpp-central-system.md): chargers connect to /ocpp/{identity} with
// HTTP Basic auth, report their boot, heartbeats and connector statuses, and every frame is kept in a log.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

export async function up(db: Kysely<any>): Promise<void> {
  // The charger's OCPP identity (the URL's last segment and the Basic-auth username), a hash of its OCPP password,
  // the subprotocol it last connected with, whether an operator has commissioned it (a charger that is not gets
  // Pending at boot), when it last booted, and the error code of its own status (connector 0 in 1.6).
  await db.schema.alterTable('ev_charge_point').addColumn('ocpp_identity', 'varchar(48)').execute()
  await db.schema.alterTable('ev_charge_point').addColumn('ocpp_password_hash', 'varchar(200)').execute()
  await db.schema.alterTable('ev_charge_point').addColumn('ocpp_password_set_at', 'bigint').execute()
  await db.schema.alterTable('ev_charge_point').addColumn('ocpp_version', 'varchar(12)').execute()
  await db.schema
    .alterTable('ev_charge_point')
    .addColumn('commissioned', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema.alterTable('ev_charge_point').addColumn('boot_at', 'bigint').execute()
  await db.schema.alterTable('ev_charge_point').addColumn('ocpp_error_code', 'varchar(50)').execute()
  // Identities are unique across every entity: the URL names no entity.
  await db.schema
    .createIndex('ev_charge_point_ocpp_identity_key')
    .on('ev_charge_point')
    .column('ocpp_identity')
    .unique()
    .execute()

  // Each connector's own status as its charger last reported it (the EVSE's status is derived from its connectors'),
  // with the error code kept and the charger's time of the report.
  await db.schema
    .alterTable('ev_connector')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('UNKNOWN'))
    .execute()
  await db.schema.alterTable('ev_connector').addColumn('error_code', 'varchar(50)').execute()
  await db.schema.alterTable('ev_connector').addColumn('status_at', 'bigint').execute()

  // Every frame in and out, per charger: time, direction, message type, id, action, payload, and for an answer the
  // latency since its call. Kept OCPP_MESSAGE_RETENTION_DAYS days.
  let log = db.schema.createTable('ocpp_message')
  log = isPostgres(db)
    ? log.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : log.addColumn('id', 'integer', (c) => c.primaryKey())
  await log
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('charge_point_id', 'integer', (c) =>
      c.notNull().references('ev_charge_point.id').onDelete('cascade'),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    // 'in' (charger to us) or 'out'.
    .addColumn('direction', 'varchar(3)', (c) => c.notNull())
    // CALL, CALLRESULT, CALLERROR, or INVALID for a frame that is not OCPP-J at all.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull())
    // The call's action; for an answer, the action of the call it answers.
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('latency_ms', 'integer')
    .execute()
  await db.schema
    .createIndex('ocpp_message_charge_point_at_idx')
    .on('ocpp_message')
    .columns(['charge_point_id', 'at desc', 'id desc'])
    .execute()
  // The retention sweep.
  await db.schema.createIndex('ocpp_message_at_idx').on('ocpp_message').column('at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ocpp_message').ifExists().execute()
  await db.schema.dropIndex('ev_charge_point_ocpp_identity_key').ifExists().execute()
  for (const column of ['status', 'error_code', 'status_at'])
    await db.schema.alterTable('ev_connector').dropColumn(column).execute()
  for (const column of [
    'ocpp_identity',
    'ocpp_password_hash',
    'ocpp_password_set_at',
    'ocpp_version',
    'commissioned',
    'boot_at',
    'ocpp_error_code',
  ])
    await db.schema.alterTable('ev_charge_point').dropColumn(column).execute()
}
