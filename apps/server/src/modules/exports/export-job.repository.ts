import type { ExportJobFilter } from '@portal/contract'
import { ExportJobStatus } from '@portal/contract'
import type { Db } from '../../db/database'
import type { ExportJobRow, NewExportJobRow } from './export-job.table'

/** A job row with the name and uuid of who asked, for the API. */
export type ExportJobView = ExportJobRow & { requester_uuid: string | null; requester_name: string | null }

function withRequester(db: Db) {
  return db
    .selectFrom('export_job')
    .leftJoin('app_user', 'app_user.id', 'export_job.requested_by')
    .selectAll('export_job')
    .select(['app_user.user_uuid as requester_uuid', 'app_user.name as requester_name'])
}

/** Inserts a job and returns its id. */
export async function insertExportJob(db: Db, row: NewExportJobRow): Promise<number> {
  const { id } = await db.insertInto('export_job').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

/** Pending (waiting or being written) exports one user asked for. */
export async function countPendingExportsOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('export_job')
    .where('requested_by', '=', userId)
    .where('status', '=', ExportJobStatus.Pending)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findExportJob(db: Db, entityCode: string, uuid: string): Promise<ExportJobView | undefined> {
  return withRequester(db)
    .where('export_job.entity_code', '=', entityCode)
    .where('export_job.uuid', '=', uuid)
    .executeTakeFirst()
}

function filtered(
  db: Db,
  entityCode: string,
  f: Omit<ExportJobFilter, 'limit' | 'offset'>,
  sources: string[],
) {
  let q = db
    .selectFrom('export_job')
    .where('export_job.entity_code', '=', entityCode)
    // Only the lists the caller may export; [''] matches nothing when they may export none.
    .where('export_job.source', 'in', sources.length ? sources : [''])
  if (f.source_list?.length) q = q.where('export_job.source', 'in', f.source_list)
  if (f.status_list?.length) q = q.where('export_job.status', 'in', f.status_list)
  return q
}

export async function findExportJobPage(
  db: Db,
  entityCode: string,
  f: ExportJobFilter,
  sources: string[],
): Promise<ExportJobView[]> {
  const ids = filtered(db, entityCode, f, sources)
    .select('export_job.id')
    .orderBy('export_job.created_at', 'desc')
    .orderBy('export_job.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
  return withRequester(db)
    .where('export_job.id', 'in', ids)
    .orderBy('export_job.created_at', 'desc')
    .orderBy('export_job.id', 'desc')
    .execute()
}

export async function countExportJobs(
  db: Db,
  entityCode: string,
  f: ExportJobFilter,
  sources: string[],
): Promise<number> {
  const row = await filtered(db, entityCode, f, sources)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

// ---- The export.write job's side ----

export function findExportJobById(db: Db, id: number): Promise<ExportJobRow | undefined> {
  return db.selectFrom('export_job').where('id', '=', id).selectAll().executeTakeFirst()
}

/** The job starts writing (attempt n): progress starts again from zero. */
export async function markStarted(db: Db, id: number, attempt: number, now: number): Promise<void> {
  await db
    .updateTable('export_job')
    .set({ started_at: now, heartbeat_at: now, attempts: attempt, progress: 0 })
    .where('id', '=', id)
    .where('status', '=', ExportJobStatus.Pending)
    .execute()
}

export async function recordProgress(db: Db, id: number, rows: number, now: number): Promise<void> {
  await db.updateTable('export_job').set({ progress: rows, heartbeat_at: now }).where('id', '=', id).execute()
}

export async function markReady(
  db: Db,
  id: number,
  done: { rowCount: number; fileName: string; fileSize: number; now: number },
): Promise<void> {
  await db
    .updateTable('export_job')
    .set({
      status: ExportJobStatus.Ready,
      row_count: done.rowCount,
      progress: done.rowCount,
      file_name: done.fileName,
      file_size: done.fileSize,
      error_message: null,
      heartbeat_at: done.now,
      finished_at: done.now,
    })
    .where('id', '=', id)
    .execute()
}

/** Only a Pending job fails: a job already Ready stays Ready. */
export async function markFailed(db: Db, id: number, reason: string, now: number): Promise<void> {
  await db
    .updateTable('export_job')
    .set({ status: ExportJobStatus.Failed, error_message: reason.slice(0, 1000), finished_at: now })
    .where('id', '=', id)
    .where('status', '=', ExportJobStatus.Pending)
    .execute()
}

/** Finished (Ready or Failed) jobs that finished before `before`: the sweep deletes their files and rows. */
export function findExpired(
  db: Db,
  before: number,
  limit: number,
): Promise<Pick<ExportJobRow, 'id' | 'uuid' | 'format'>[]> {
  return db
    .selectFrom('export_job')
    .where('status', 'in', [ExportJobStatus.Ready, ExportJobStatus.Failed])
    .where('finished_at', '<', before)
    .select(['id', 'uuid', 'format'])
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function deleteExportJob(db: Db, id: number): Promise<void> {
  await db.deleteFrom('export_job').where('id', '=', id).execute()
}
