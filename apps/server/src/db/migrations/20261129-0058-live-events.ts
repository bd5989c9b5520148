/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// The live stream's events (issue 16, docs/decisions/0110-live-stream.md).
//
// - live_event: what happened, for whom, kept a few minutes so that a stream that reconnects (on any instance) can
//   resume after the last event it got (Last-Event-ID). One row per entity that hears it (a charging session is
//   the CPO's and the EMSP's), with what a listener needs to see it: the permission (app, resource), the machine it
//   is about (a permission limited to sets reaches only their machines), or the one user it is for (an export's
//   progress). The id orders the events; AUTOINCREMENT on SQLite so that ids are never reused once the table has
//   been emptied by the pruning.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('live_event')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('app', 'varchar(32)', (c) => c.notNull())
    .addColumn('resource', 'varchar(64)', (c) => c.notNull())
    .addColumn('machine_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // A resuming stream reads its entity's events after an id.
  await db.schema
    .createIndex('live_event_entity_id_idx')
    .on('live_event')
    .columns(['entity_code', 'id'])
    .execute()
  // The pruning deletes by age.
  await db.schema.createIndex('live_event_created_at_idx').on('live_event').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_event').ifExists().execute()
}
