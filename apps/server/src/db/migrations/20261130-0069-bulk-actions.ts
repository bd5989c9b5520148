/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Bulk actions (issue 18, docs/decisions/0117-bulk-actions.md):
// - bulk_action: one action on many rows of a list, with the rows it chose (ids, JSON, fixed when asked so a job
//   acts on what the caller saw), its progress and outcome. Read by its uuid, within the entity.
// - bulk_action_row: each finished row's result, written with the progress in one transaction, so a job taken over
//   after its instance died starts after the last row written (seq is the row's place in bulk_action.ids).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('bulk_action')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('list', 'varchar(20)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('ids', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('bulk_action_entity_idx')
    .on('bulk_action')
    .columns(['entity_code', 'created_at'])
    .execute()

  await db.schema
    .createTable('bulk_action_row')
    .addColumn('bulk_id', 'integer', (c) => c.notNull().references('bulk_action.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('row_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('message', 'text')
    .addPrimaryKeyConstraint('bulk_action_row_pk', ['bulk_id', 'seq'])
    .execute()
  // The report lists failed rows first.
  await db.schema
    .createIndex('bulk_action_row_report_idx')
    .on('bulk_action_row')
    .columns(['bulk_id', 'ok', 'seq'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bulk_action_row').execute()
  await db.schema.dropTable('bulk_action').execute()
}
