import type { ExportFormat } from '@portal/contract'
import { exportFormats, ExportJobStatus, isInCatalogue, LiveEventName } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type { Db } from '../../db/database'
import { PermanentJobError, type JobContext } from '../../jobs/job-queue'
import { parseJson } from '../../lib/json'
import { type FileStorage, LocalStorage, removeAbandonedParts } from '../../lib/storage'
import type { LiveFact } from '../live/live-kinds'
import { writeExportFile } from './export-file'
import type { ExportJobRow } from './export-job.table'
import {
  deleteExportJob,
  findExpired,
  findExportJobById,
  markFailed,
  markReady,
  markStarted,
  recordProgress,
} from './export-job.repository'
import type { ExportColumn, ExportSource } from './export-source'
import { exportSourceOf } from './export-sources'

export const EXPORT_WRITE = 'export.write'
export const EXPORTS_SWEEP = 'exports.sweep'

export interface ExportWritePayload {
  export_id: number
}

export interface ExportJobOptions {
  /** Sources by key (default: the registered sources); tests pass their own. */
  sourceOf?: (key: string) => ExportSource | undefined
  /** Write the progress every this many rows. */
  progressEvery?: number
  /** Test mode only (PORTAL_TEST_JOB_DELAY_MS): wait this long once started, so a test can kill the instance. */
  holdMs?: number
  /** Tells the requester's open screens how far the export got (modules/live). */
  tell?: (fact: LiveFact) => void
}

/** The export's progress, to the user who asked for it (nobody, once that user is deleted). */
function progressFact(
  job: Pick<ExportJobRow, 'uuid' | 'entity_code' | 'requested_by'>,
  status: number,
  progress: number,
): LiveFact[] {
  if (job.requested_by === null) return []
  return [
    {
      name: LiveEventName.exportProgress,
      entities: [job.entity_code],
      userId: job.requested_by,
      data: { export_uuid: job.uuid, status, progress },
    },
  ]
}

/** The stored file of an export, in the exports storage; download names are separate (the job's file_name). */
export const exportFileKey = (job: Pick<ExportJobRow, 'uuid' | 'format'>) => `${job.uuid}.${job.format}`

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')

/** Files older than this in the local temporary folder were left by an instance that died mid-write. */
const ABANDONED_PART_MS = 3_600_000
/** Where this instance writes export files before they go into storage. */
const PARTS_DIR = join(tmpdir(), 'portal-export-parts')
const SWEEP_EVERY_MS = 3_600_000
const DAY_MS = 86_400_000

/**
 * Writes one export: the file goes to a temporary file of this instance, then into the exports storage in one
 * put, so no reader ever sees half a file; only then is the export Ready. Run by whichever instance claims the
 * job (issue 13 §3): a failure is tried once more, then onDead marks the export Failed with the reason.
 */
/**
 * The columns a job writes: those it names (their headers, in its order; a header the source no longer has is left
 * out), else every column of the source (decision 0116).
 */
export function columnsOf<Row>(
  all: readonly ExportColumn<Row>[],
  chosen: string | null,
): readonly ExportColumn<Row>[] {
  if (chosen === null) return all
  const picked = parseJson<string[]>(chosen, [])
    .map((header) => all.find((c) => c.header === header))
    .filter((c): c is ExportColumn<Row> => c !== undefined)
  return picked.length === 0 ? all : picked
}

export async function writeExport(
  db: Db,
  storage: FileStorage,
  payload: ExportWritePayload,
  ctx: Pick<JobContext, 'attempt' | 'signal'> & { log?: (message: string) => void },
  options: ExportJobOptions = {},
): Promise<void> {
  const job = await findExportJobById(db, payload.export_id)
  // Deleted, or already finished by an earlier attempt that lost its lease just before the end: nothing to do.
  if (!job || job.status !== ExportJobStatus.Pending) return
  const source = (options.sourceOf ?? exportSourceOf)(job.source)
  if (!source) throw new PermanentJobError(`Unknown export source '${job.source}'`)
  if (!isInCatalogue(exportFormats, job.format))
    throw new PermanentJobError(`Unknown export format '${job.format}'`)
  const filters = source.filters.safeParse(parseJson<unknown>(job.filters, {}))
  if (!filters.success) {
    const issue = filters.error.issues[0]
    throw new PermanentJobError(
      `The filters are no longer valid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`,
    )
  }
  const format: ExportFormat = job.format
  await markStarted(db, job.id, ctx.attempt, Date.now())
  const tell = (status: number, rows: number) => {
    for (const fact of progressFact(job, status, rows)) options.tell?.(fact)
  }
  tell(ExportJobStatus.Pending, 0)
  ctx.log?.(`export ${job.uuid} started (attempt ${String(ctx.attempt)})`)
  if (options.holdMs) await delay(options.holdMs, undefined, { signal: ctx.signal })
  await mkdir(PARTS_DIR, { recursive: true })
  const temp = join(PARTS_DIR, `${job.uuid}.${randomBytes(4).toString('hex')}.part`)
  try {
    const setIds = job.scope_set_ids === null ? null : parseJson<number[]>(job.scope_set_ids, [])
    const result = await writeExportFile({
      path: temp,
      format,
      title: source.title,
      columns: columnsOf(source.columns, job.columns),
      rows: source.rows(db, { entityCode: job.entity_code, setIds }, filters.data),
      progressEvery: options.progressEvery ?? 10_000,
      onProgress: async (rows) => {
        await recordProgress(db, job.id, rows, Date.now())
        tell(ExportJobStatus.Pending, rows)
      },
      signal: ctx.signal,
    })
    ctx.signal.throwIfAborted()
    await storage.put(exportFileKey(job), createReadStream(temp), CONTENT_TYPES[format])
    await markReady(db, job.id, {
      rowCount: result.rowCount,
      fileName: `${job.source}-${stamp(job.created_at)}.${format}`,
      fileSize: result.size,
      now: Date.now(),
    })
    tell(ExportJobStatus.Ready, result.rowCount)
  } finally {
    await rm(temp, { force: true })
  }
}

export const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * Deletes finished exports (their file and their row) `retentionDays` after they finished, and `.part` files that
 * writers which died left behind (docs/decisions/0094-file-storage.md). Returns how many exports it removed.
 */
export async function sweepExports(
  db: Db,
  storage: FileStorage,
  retentionDays: number,
  now = Date.now(),
): Promise<number> {
  let removed = 0
  for (;;) {
    const batch = await findExpired(db, now - retentionDays * DAY_MS, 500)
    for (const job of batch) {
      // The file first: a row without its file is harmless, a file without its row would never be deleted.
      await storage.delete(exportFileKey(job))
      await deleteExportJob(db, job.id)
    }
    removed += batch.length
    if (batch.length < 500) break
  }
  await removeAbandonedParts(storage, now - ABANDONED_PART_MS)
  // This instance's own temporary files (another instance's are on its own disk and its own sweeps clear them).
  await new LocalStorage(PARTS_DIR).removeAbandonedParts(now - ABANDONED_PART_MS)
  return removed
}

/** Registers export.write and the hourly exports.sweep on the app's queue. */
export function registerExportJobs(
  app: FastifyInstance,
  settings: { storage: FileStorage; retentionDays: number },
  jobOptions: ExportJobOptions = {},
): void {
  const options: ExportJobOptions = { tell: (fact) => app.live.tell(fact), ...jobOptions }
  app.jobs.register<ExportWritePayload>(
    EXPORT_WRITE,
    (payload, ctx) => writeExport(app.db, settings.storage, payload, ctx, options),
    {
      maxAttempts: 2,
      onDead: async (payload, reason, db) => {
        await markFailed(db, payload.export_id, reason, Date.now())
        const job = await findExportJobById(db, payload.export_id)
        for (const fact of job ? progressFact(job, ExportJobStatus.Failed, job.progress) : [])
          options.tell?.(fact)
      },
    },
  )
  app.jobs.register(EXPORTS_SWEEP, async (_payload, ctx) => {
    const removed = await sweepExports(app.db, settings.storage, settings.retentionDays)
    if (removed > 0) ctx.log(`exports.sweep: deleted ${String(removed)} expired exports`)
  })
  app.jobs.schedule(EXPORTS_SWEEP, SWEEP_EVERY_MS)
}
