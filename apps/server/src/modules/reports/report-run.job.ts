import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { ExportJobStatus, nextReportRun, REPORT_ATTACH_MAX_BYTES } from '@portal/contract'
import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { HttpError } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { MailSender } from '../../lib/mail'
import type { FileStorage } from '../../lib/storage/file-storage'
import type { AuthContext } from '../iam/auth/auth-context'
import { requestExport } from '../exports/export.service'
import type { ExportWritePayload } from '../exports/export-write.job'
import { CONTENT_TYPES, EXPORT_WRITE, exportFileKey } from '../exports/export-write.job'
import { queueDeliveries } from '../webhooks/webhook-dispatch'
import {
  claimDue,
  dueSchedules,
  findEntityWebhook,
  findRun,
  findScheduleById,
  insertRun,
  ownerInEntity,
  updateRun,
} from './report.repository'
import type { ReportRunStarter } from './report.service'

/*
 * Scheduled reports on the job queue (docs/decisions/0119-scheduled-reports.md):
 * - `reports.tick`, every minute on one instance: each due schedule is claimed by moving its next run forward (a
 *   compare-and-set, so one instance wins), and in the same transaction gets its run row and a `reports.run` job —
 *   an instance dying after the claim loses nothing. A schedule due several times while the server was down runs
 *   once: its next run is the first one after now.
 * - `reports.run`: requests the export as the schedule's owner (their permissions now, not when it was set up), then
 *   looks again every few seconds until the export is written, and delivers it: the owner's e-mail (attached when
 *   small, a link otherwise) or a `report.ready` delivery to the chosen webhook, signed and retried as every one is.
 */

export const REPORTS_TICK = 'reports.tick'
export const REPORTS_RUN = 'reports.run'

interface RunPayload {
  run_id: number
  /** How many times the export was looked at; a run gives up after an hour of waiting. */
  n: number
}

export interface ReportJobDeps {
  db: Db
  jobs: JobQueue
  mail: MailSender
  storage: FileStorage
  /** The portal's address, for the link in the e-mail (PORTAL_PUBLIC_URL); none: the e-mail names the page. */
  publicUrl: string | null
  maxPendingPerUser: number
  /** How often the export is looked at while it is written (default 3 s). */
  pollMs?: number
}

const MAX_LOOKS = 1_200

const runKey = (runId: number, n: number) => `report-run:${String(runId)}:${String(n)}`

/** A run's row and its first job, in the caller's transaction; null when that run exists already. */
async function insertRunWithJob(
  trx: Db,
  jobs: JobQueue,
  run: { schedule_id: number; due_at: number; manual: boolean; now: number },
): Promise<number | null> {
  const id = await insertRun(trx, {
    schedule_id: run.schedule_id,
    due_at: run.due_at,
    manual: run.manual ? 1 : 0,
    status: 'running',
    started_at: run.now,
  })
  if (id !== null)
    await jobs.enqueue<RunPayload>(REPORTS_RUN, { run_id: id, n: 0 }, { db: trx, uniqueKey: runKey(id, 0) })
  return id
}

/** Starts a run of a schedule ("Run now"): its row and its job, together. Null when that run already exists. */
export function runStarter(db: Db, jobs: JobQueue): ReportRunStarter {
  return {
    start: async (scheduleId, dueAt, manual) => {
      const now = Date.now()
      const runId = await db
        .transaction()
        .execute((trx) =>
          insertRunWithJob(trx, jobs, { schedule_id: scheduleId, due_at: dueAt, manual, now }),
        )
      if (runId !== null) jobs.notify()
      return runId
    },
  }
}

/** The due schedules, claimed and started (the tick's work; tests call it with their own clock). */
export async function tickReports(db: Db, jobs: JobQueue, now = Date.now()): Promise<number> {
  let started = 0
  for (const due of await dueSchedules(db, now, 100)) {
    const dueAt = due.next_run_at ?? 0
    const next = nextReportRun(
      {
        frequency: due.frequency === 'weekly' || due.frequency === 'monthly' ? due.frequency : 'daily',
        time: due.time_of_day,
        weekday: due.weekday,
        month_day: due.month_day,
      },
      due.time_zone,
      now,
    )
    const runId = await db.transaction().execute(async (trx) => {
      if (!(await claimDue(trx, due.id, dueAt, next))) return null
      return insertRunWithJob(trx, jobs, { schedule_id: due.id, due_at: dueAt, manual: false, now })
    })
    if (runId !== null) started++
  }
  if (started > 0) jobs.notify()
  return started
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}

/** One step of a run: request the export, wait for it, or deliver it. */
export async function stepRun(deps: ReportJobDeps, payload: RunPayload): Promise<void> {
  const { db, jobs } = deps
  const run = await findRun(db, payload.run_id)
  if (!run || run.status !== 'running') return
  const schedule = await findScheduleById(db, run.schedule_id)
  const fail = (message: string) =>
    updateRun(db, run.id, { status: 'failed', message, finished_at: Date.now() })
  if (!schedule) return fail('The schedule was deleted')
  const owner = await ownerInEntity(db, schedule.owner_id, schedule.entity_code)
  if (!owner || owner.status !== 1 || (owner.relation === null && owner.is_platform_admin !== 1))
    return fail(`${schedule.owner_username} is no longer an active member of ${schedule.entity_code}`)
  const lookAgain = async () => {
    if (payload.n >= MAX_LOOKS) return fail('The export did not finish within an hour')
    await jobs.enqueue<RunPayload>(
      REPORTS_RUN,
      { run_id: run.id, n: payload.n + 1 },
      { uniqueKey: runKey(run.id, payload.n + 1), runAt: Date.now() + (deps.pollMs ?? 3_000) },
    )
  }

  if (run.export_uuid === null) {
    const auth: AuthContext = {
      sessionId: `report-run:${String(run.id)}`,
      userId: owner.id,
      userUuid: owner.user_uuid,
      username: owner.username,
      entityCode: schedule.entity_code,
      isPlatformAdmin: owner.is_platform_admin === 1,
      membership: { entityCode: schedule.entity_code, relation: owner.relation },
    }
    try {
      const job = await requestExport(
        db,
        auth,
        {
          source: schedule.source,
          format: schedule.format === 'xlsx' ? 'xlsx' : 'csv',
          filters: parseJson<Record<string, unknown>>(schedule.filters, {}),
          columns: schedule.columns === null ? undefined : parseJson<string[]>(schedule.columns, []),
        },
        {
          maxPendingPerUser: deps.maxPendingPerUser,
          enqueue: (exportId, trx) =>
            jobs.enqueue<ExportWritePayload>(
              EXPORT_WRITE,
              { export_id: exportId },
              { db: trx, uniqueKey: `export:${String(exportId)}` },
            ),
        },
      )
      jobs.notify()
      await updateRun(db, run.id, { export_uuid: job.uuid })
    } catch (err) {
      // Refused (the owner lost the list's permission, a filter no longer valid, too many exports waiting): the run
      // says why; the schedule runs again at its next time.
      if (err instanceof HttpError) return fail(err.message)
      throw err
    }
    return lookAgain()
  }

  if (run.export_status === ExportJobStatus.Pending) return lookAgain()
  if (run.export_status !== ExportJobStatus.Ready)
    return fail(`The export failed: ${run.export_error ?? 'the export is gone'}`)

  const fileName = run.file_name ?? `${schedule.source}.${schedule.format}`
  const rows = run.row_count ?? 0
  if (schedule.delivery === 'webhook') {
    const webhook =
      schedule.webhook_id === null
        ? undefined
        : await findEntityWebhook(db, schedule.entity_code, schedule.webhook_id)
    if (!webhook) return fail('The webhook it was sent to was deleted')
    const uuid = randomUUID()
    const now = Date.now()
    await queueDeliveries(
      db,
      jobs,
      [
        {
          uuid,
          webhook_id: webhook.id,
          event: 'report.ready',
          body: JSON.stringify({
            id: uuid,
            event: 'report.ready',
            entity_code: schedule.entity_code,
            created_at: new Date(now).toISOString(),
            data: {
              schedule_id: schedule.id,
              run_id: run.id,
              name: schedule.name,
              export: {
                uuid: run.export_uuid,
                source: schedule.source,
                format: schedule.format,
                row_count: rows,
                file_name: fileName,
                file_size: run.file_size,
                // Fetched with an integrator key that may read the list (Authorization: Token <key>).
                download_path: `/api/main/exports/${run.export_uuid}/download`,
              },
            },
          }),
        },
      ],
      now,
    )
    await updateRun(db, run.id, {
      status: 'sent',
      message: `Sent to ${webhook.url}`,
      finished_at: Date.now(),
    })
    return
  }

  if (owner.email === null || owner.email === '') return fail(`${owner.username} has no e-mail address`)
  const small = run.file_size !== null && run.file_size <= REPORT_ATTACH_MAX_BYTES
  const file = small
    ? await deps.storage.get(exportFileKey({ uuid: run.export_uuid, format: schedule.format }))
    : null
  const page =
    deps.publicUrl === null ? "the portal's Export history" : `${deps.publicUrl}/machines/export-history`
  const text = [
    `${schedule.name}: ${String(rows)} row${rows === 1 ? '' : 's'}, ${schedule.format}.`,
    file ? `The file is attached; it is also in ${page}.` : `Download it from ${page} (signed in).`,
    '',
    `Scheduled ${schedule.frequency} at ${schedule.time_of_day} (${schedule.time_zone}). Pause or change it in Export history.`,
  ].join('\n')
  await deps.mail.send({
    to: owner.email,
    subject: `[${schedule.entity_code}] Report: ${schedule.name}`,
    text,
    ...(file
      ? {
          attachments: [
            {
              filename: fileName,
              content: await readAll(file.body),
              contentType: CONTENT_TYPES[schedule.format] ?? 'application/octet-stream',
            },
          ],
        }
      : {}),
  })
  await updateRun(db, run.id, {
    status: 'sent',
    message: `E-mailed to ${owner.email}${file ? ' (attached)' : ' (link)'}`,
    finished_at: Date.now(),
  })
}

export function registerReportJobs(deps: ReportJobDeps, tickMs: number | false): void {
  deps.jobs.register<RunPayload>(REPORTS_RUN, (payload) => stepRun(deps, payload), { maxAttempts: 8 })
  deps.jobs.register(REPORTS_TICK, async () => {
    await tickReports(deps.db, deps.jobs)
  })
  if (tickMs !== false) deps.jobs.schedule(REPORTS_TICK, tickMs)
}
