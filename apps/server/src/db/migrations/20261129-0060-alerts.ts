/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

// Alerts (issue 16, docs/decisions/0111-alerts.md).
//
// - alert_rule: an entity's rule per kind, only where it differs from the default (no row: the contract's default).
// - alert: one per thing in trouble while it lasts: at most one unresolved alert per (entity, kind, subject), which the
//   partial unique index holds even when two evaluations race; a resolved alert stays as history and a new one is
//   raised if the trouble comes back.
// - alert_activity: every step of an alert (raised, updated, acknowledged, commented, resolved), who and when.
// - alert_subscriber: the members who get the entity's new alerts by e-mail.
// - machine.error_since: when the machine's overall status became Error (the rule counts minutes in error).
// - ev_charge_point.ocpp_connected_at / ocpp_disconnected_at: the charger's WebSocket, so that "offline" starts when
//   the connection drops rather than three heartbeats later.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('alert_rule')
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)')
    .addPrimaryKeyConstraint('alert_rule_pk', ['entity_code', 'kind'])
    .execute()

  await db.schema
    .createTable('alert')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject_path', 'varchar(300)')
    .addColumn('machine_id', 'integer')
    .addColumn('charge_point', 'varchar(100)')
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('acknowledged_at', 'bigint')
    .addColumn('acknowledged_by', 'varchar(100)')
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'varchar(100)')
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`CREATE UNIQUE INDEX alert_unresolved_subject_idx ON alert (entity_code, kind, subject_key) WHERE resolved_at IS NULL`.execute(
    db,
  )
  await db.schema
    .createIndex('alert_entity_raised_idx')
    .on('alert')
    .columns(['entity_code', 'raised_at'])
    .execute()
  await db.schema
    .createIndex('alert_entity_status_raised_idx')
    .on('alert')
    .columns(['entity_code', 'status', 'raised_at'])
    .execute()
  await db.schema.createIndex('alert_machine_idx').on('alert').columns(['machine_id', 'raised_at']).execute()

  await db.schema
    .createTable('alert_activity')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alert.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(100)')
    .addColumn('text', 'varchar(2000)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('alert_activity_alert_idx')
    .on('alert_activity')
    .columns(['alert_id', 'id'])
    .execute()

  await db.schema
    .createTable('alert_subscriber')
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_subscriber_pk', ['entity_code', 'user_id'])
    .execute()

  await db.schema.alterTable('machine').addColumn('error_since', 'bigint').execute()
  await db.schema.alterTable('ev_charge_point').addColumn('ocpp_connected_at', 'bigint').execute()
  await db.schema.alterTable('ev_charge_point').addColumn('ocpp_disconnected_at', 'bigint').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ev_charge_point').dropColumn('ocpp_disconnected_at').execute()
  await db.schema.alterTable('ev_charge_point').dropColumn('ocpp_connected_at').execute()
  await db.schema.alterTable('machine').dropColumn('error_since').execute()
  await db.schema.dropTable('alert_subscriber').ifExists().execute()
  await db.schema.dropTable('alert_activity').ifExists().execute()
  await db.schema.dropTable('alert').ifExists().execute()
  await db.schema.dropTable('alert_rule').ifExists().execute()
}
