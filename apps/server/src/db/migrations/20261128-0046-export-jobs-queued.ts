/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Exports move onto the job queue (issue 13 §3, docs/decisions/0094-file-storage.md): exports still Pending when
// the server is upgraded get an export.write job each, so none is left waiting for the old in-process runner.
// Any half-started one starts again from the beginning.

export async function up(db: Kysely<any>): Promise<void> {
  // A literal, not a parameter: PostgreSQL types an insert-select's parameters as text, not as the bigint columns.
  const now = sql.lit(Date.now())
  await sql`insert into job (kind, payload, status, attempts, max_attempts, run_at, unique_key, created_at, updated_at)
    select 'export.write', '{"export_id":' || cast(id as varchar(20)) || '}', 'queued', 0, 2, ${now},
      'export:' || cast(id as varchar(20)), ${now}, ${now}
    from export_job where status = 1`.execute(db)
  await sql`update export_job set started_at = null, heartbeat_at = null, progress = 0, attempts = 0
    where status = 1`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from job where kind = 'export.write' and status in ('queued', 'running')`.execute(db)
}
