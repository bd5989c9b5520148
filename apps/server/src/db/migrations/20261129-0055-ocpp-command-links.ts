/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// What a command led to (issue 14, docs/decisions/0104-ocpp-remote-commands.md):
//
// - `correlation_id`: the number a 2.0.1 command hands the charger for it to echo later, the remoteStartId of
//   RequestStartTransaction and the requestId of GetBaseReport.
// - `session_id`: the session a remote start opened (2.0.1 by its remoteStartId; 1.6, which has none, by the
//   charger, connector and token of a start that follows an accepted remote start).
// - `report`: what the charger's NotifyReport messages said after a GetBaseReport, as JSON lines.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ocpp_command').addColumn('correlation_id', 'integer').execute()
  await db.schema
    .alterTable('ocpp_command')
    .addColumn('session_id', 'integer', (c) => c.references('ev_session.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('ocpp_command').addColumn('report', 'text').execute()
  await db.schema
    .createIndex('ocpp_command_correlation_idx')
    .on('ocpp_command')
    .columns(['charge_point_id', 'correlation_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ocpp_command_correlation_idx').ifExists().execute()
  for (const column of ['report', 'session_id', 'correlation_id'])
    await db.schema.alterTable('ocpp_command').dropColumn(column).execute()
}
