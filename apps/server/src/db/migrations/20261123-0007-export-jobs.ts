/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Export jobs (step 4): one row per requested export, its state kept in the database so that a job survives a
// restart of the server (docs/decisions/0015-export-jobs.md). The caller's set scope is stored with the job because
// the file is written later, for what the caller could see when they asked.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('export_job')
  await (
    isPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey())
  )
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('source', 'varchar(64)', notNull)
    .addColumn('format', 'varchar(8)', notNull)
    .addColumn('filters', 'text', notNull)
    // JSON array of resource_set ids the caller was limited to, or null for every machine of the entity.
    .addColumn('scope_set_ids', 'text')
    .addColumn('status', 'integer', notNull)
    .addColumn('row_count', 'bigint')
    .addColumn('progress', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file_name', 'varchar(200)')
    .addColumn('file_size', 'bigint')
    .addColumn('error_message', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('started_at', 'bigint')
    // Written with the progress while a job runs; a started job whose heartbeat is old was abandoned.
    .addColumn('heartbeat_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute()
  // The export history: an entity's jobs, newest first.
  await db.schema
    .createIndex('export_job_entity_created_idx')
    .on('export_job')
    .columns(['entity_code', 'created_at desc', 'id desc'])
    .execute()
  // The runner's pick-up and recovery: pending jobs by age.
  await db.schema
    .createIndex('export_job_status_idx')
    .on('export_job')
    .columns(['status', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_job').ifExists().execute()
}
