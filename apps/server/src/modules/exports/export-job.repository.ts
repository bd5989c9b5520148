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

export async function insertExportJob(db: Db, row: NewExportJobRow): Promise<void> {
  await db.insertInto('export_job').values(row).execute()
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

// ---- The runner's side ----

/** The oldest Pending job nobody has started. */
export function findNextPending(db: Db): Promise<ExportJobRow | undefined> {
  return db
    .selectFrom('export_job')
    .where('status', '=', ExportJobStatus.Pending)
    .where('started_at', 'is', null)
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
}

/** Takes a job for this runner; false when another runner took it first. */
export async function claimJob(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('export_job')
    .set((eb) => ({ started_at: now, heartbeat_at: now, attempts: eb('attempts', '+', 1), progress: 0 }))
    .where('id', '=', id)
    .where('status', '=', ExportJobStatus.Pending)
    .where('started_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
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

export async function markFailed(db: Db, id: number, reason: string, now: number): Promise<void> {
  await db
    .updateTable('export_job')
    .set({ status: ExportJobStatus.Failed, error_message: reason.slice(0, 1000), finished_at: now })
    .where('id', '=', id)
    .execute()
}

/** Puts a started job back in the queue (the server is stopping): the attempt is not counted. */
export async function releaseJob(db: Db, id: number): Promise<void> {
  await db
    .updateTable('export_job')
    .set((eb) => ({ started_at: null, heartbeat_at: null, progress: 0, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('status', '=', ExportJobStatus.Pending)
    .execute()
}

/** Started Pending jobs whose runner has not been heard of since `before` (it stopped or crashed). */
export function findAbandoned(db: Db, before: number): Promise<ExportJobRow[]> {
  return db
    .selectFrom('export_job')
    .where('status', '=', ExportJobStatus.Pending)
    .where('started_at', 'is not', null)
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', before)]))
    .selectAll()
    .execute()
}

/** Queues an abandoned job again, unless some runner picked it up in the meantime. */
export async function requeueAbandoned(db: Db, job: ExportJobRow): Promise<boolean> {
  let q = db
    .updateTable('export_job')
    .set({ started_at: null, heartbeat_at: null, progress: 0 })
    .where('id', '=', job.id)
    .where('status', '=', ExportJobStatus.Pending)
  q =
    job.heartbeat_at === null
      ? q.where('heartbeat_at', 'is', null)
      : q.where('heartbeat_at', '=', job.heartbeat_at)
  const result = await q.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
