/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Commands out to machines (issue 15, docs/decisions/0109-machine-commands.md).
//
// - machine_command: what the portal told a machine to do, and how far it got: queued until the machine's poll takes
//   it (delivered, delivered_at), then succeeded or failed as the machine reports (finished_at, message). Expiry is
//   a matter of time, not of a write: a command not finished by expires_at reads as expired, and a queued one past
//   it is never delivered. The poll reads a machine's open commands by (machine_id, status).
// - device_command.machine_command_id: a dashboard device's command (step 4) travels to the device's machine as a
//   machine command; its spec status follows (pending, received when delivered, started when done).

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('machine_command')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('machine_id', 'integer', (c) => c.notNull().references('machine.id').onDelete('cascade'))
    .addColumn('command', 'varchar(32)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('issued_by_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('delivered_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('machine_command_machine_status_idx')
    .on('machine_command')
    .columns(['machine_id', 'status'])
    .execute()
  // The machine page's history, newest first.
  await db.schema
    .createIndex('machine_command_machine_id_idx')
    .on('machine_command')
    .columns(['machine_id', 'id'])
    .execute()
  await db.schema
    .alterTable('device_command')
    .addColumn('machine_command_id', 'integer', (c) =>
      c.references('machine_command.id').onDelete('set null'),
    )
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_command').dropColumn('machine_command_id').execute()
  await db.schema.dropTable('machine_command').ifExists().execute()
}
