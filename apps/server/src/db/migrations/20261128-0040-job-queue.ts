/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

// One job queue for every instance (issue 13 §2, docs/decisions/0091-instances-jobs-events.md): background work
// kept in the database, claimed by whichever instance is free, taken over when its runner's lease runs out.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('job')
  await (
    isPostgres(db)
      ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey())
  )
    .addColumn('kind', 'varchar(100)', notNull)
    .addColumn('payload', 'text', notNull)
    // 'queued' | 'running' | 'done' | 'dead'
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', notNull)
    .addColumn('run_at', 'bigint', notNull)
    .addColumn('unique_key', 'varchar(200)')
    .addColumn('locked_by', 'varchar(200)')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addColumn('finished_at', 'bigint')
    .execute()
  // The claim: due queued jobs (and expired running ones) by run_at.
  await db.schema.createIndex('job_status_run_at_idx').on('job').columns(['status', 'run_at']).execute()
  // A key is held by at most one unfinished job; finished ones keep theirs as history. Both engines have partial
  // indexes, and an insert's ON CONFLICT DO NOTHING honours it on both.
  await sql`create unique index job_unique_key_idx on job (unique_key)
    where status in ('queued', 'running')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').ifExists().execute()
}
