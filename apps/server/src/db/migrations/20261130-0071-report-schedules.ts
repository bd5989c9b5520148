/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Scheduled reports (issue 18, docs/decisions/0119-scheduled-reports.md):
// - report_schedule: a saved view's export (source, filters, columns as its export button sends them), its timing in
//   the entity's zone, where it goes (its owner's e-mail or one of the entity's webhooks), and when it runs next.
//   The view may be deleted later: the schedule keeps its export and loses the link.
// - report_run: each run, the export it wrote and how its delivery went.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('report_schedule')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('view_id', 'integer', (c) => c.references('saved_view.id').onDelete('set null'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('columns', 'text')
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('frequency', 'varchar(16)', (c) => c.notNull())
    .addColumn('time_of_day', 'varchar(5)', (c) => c.notNull())
    .addColumn('weekday', 'integer')
    .addColumn('month_day', 'integer')
    .addColumn('delivery', 'varchar(16)', (c) => c.notNull())
    .addColumn('webhook_id', 'integer', (c) => c.references('webhook.id').onDelete('set null'))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    // When it is due next; null while paused. The tick claims a due schedule by moving this forward.
    .addColumn('next_run_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('report_schedule_due_idx')
    .on('report_schedule')
    .columns(['next_run_at'])
    .execute()
  await db.schema
    .createIndex('report_schedule_owner_idx')
    .on('report_schedule')
    .columns(['entity_code', 'owner_id'])
    .execute()

  await db.schema
    .createTable('report_run')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('schedule_id', 'integer', (c) =>
      c.notNull().references('report_schedule.id').onDelete('cascade'),
    )
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('manual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('export_uuid', 'varchar(36)')
    .addColumn('message', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    // One run per schedule and due time, whichever instance's tick saw it first.
    .addUniqueConstraint('report_run_due_uq', ['schedule_id', 'due_at', 'manual'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_run').execute()
  await db.schema.dropTable('report_schedule').execute()
}
