import type {
  ReportRun,
  ReportSchedule,
  ReportScheduleCreateRequest,
  ReportScheduleUpdateRequest,
  ReportFrequency,
} from '@portal/contract'
import { nextReportRun, REPORT_DELIVERIES, REPORT_FREQUENCIES, REPORT_RUN_STATUSES } from '@portal/contract'
import type { Db } from '../../db/database'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { checkExportRequest } from '../exports/export.service'
import { exportSourceOf } from '../exports/export-sources'
import type { ScheduleView } from './report.repository'
import {
  deleteSchedule,
  entityTimeZone,
  findEntityWebhook,
  findSchedule,
  findVisibleView,
  insertSchedule,
  listSchedules,
  recentRuns,
  updateSchedule,
} from './report.repository'

/** How a run is started: the schedules' job queue (report-run.job.ts). */
export interface ReportRunStarter {
  start: (scheduleId: number, dueAt: number, manual: boolean) => Promise<number | null>
}

const RECENT_RUNS = 5

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback

export function toSchedule(row: ScheduleView, runs: ReportRunRowWithCount[]): ReportSchedule {
  return {
    id: row.id,
    name: row.name,
    view:
      row.view_id === null || row.view_name === null || row.view_list === null
        ? null
        : { id: row.view_id, name: row.view_name, list: row.view_list },
    source: row.source,
    source_title: exportSourceOf(row.source)?.title ?? row.source,
    filters: parseJson<Record<string, unknown>>(row.filters, {}),
    columns: row.columns === null ? null : parseJson<string[]>(row.columns, []),
    format: row.format,
    frequency: oneOf(REPORT_FREQUENCIES, row.frequency, 'daily'),
    time: row.time_of_day,
    weekday: row.weekday,
    month_day: row.month_day,
    time_zone: row.time_zone,
    delivery: oneOf(REPORT_DELIVERIES, row.delivery, 'email'),
    webhook:
      row.webhook_id === null || row.webhook_url === null
        ? null
        : { id: row.webhook_id, url: row.webhook_url },
    paused: row.paused === 1,
    next_run_at: row.next_run_at,
    runs: runs.map(toRun),
    owner: { id: row.owner_id, username: row.owner_username },
    created_at: row.created_at,
  }
}

type ReportRunRowWithCount = NonNullable<ReturnType<Awaited<ReturnType<typeof recentRuns>>['get']>>[number]

function toRun(row: ReportRunRowWithCount): ReportRun {
  return {
    id: row.id,
    due_at: row.due_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    status: oneOf(REPORT_RUN_STATUSES, row.status, 'failed'),
    export_uuid: row.export_uuid,
    row_count: row.row_count,
    message: row.message,
    manual: row.manual === 1,
  }
}

interface Timing {
  frequency: ReportFrequency
  time_of_day: string
  weekday: number | null
  month_day: number | null
}

/** The timing asked for, whole: a weekly one names its day, a monthly one its date; the others are cleared. */
function timingOf(t: {
  frequency: ReportFrequency
  time: string
  weekday?: number | null
  month_day?: number | null
}) {
  if (t.frequency === 'weekly' && (t.weekday ?? null) === null)
    throw fieldError('body.weekday', 'A weekly report needs its day of the week (1 Monday … 7 Sunday)')
  if (t.frequency === 'monthly' && (t.month_day ?? null) === null)
    throw fieldError('body.month_day', 'A monthly report needs its day of the month (1 to 28)')
  return {
    frequency: t.frequency,
    time_of_day: t.time,
    weekday: t.frequency === 'weekly' ? (t.weekday ?? null) : null,
    month_day: t.frequency === 'monthly' ? (t.month_day ?? null) : null,
  } satisfies Timing
}

const nextOf = (timing: Timing, timeZone: string, now: number) =>
  nextReportRun(
    {
      frequency: timing.frequency,
      time: timing.time_of_day,
      weekday: timing.weekday,
      month_day: timing.month_day,
    },
    timeZone,
    now,
  )

/** Where it goes: the owner's e-mail (they need one), or one of the entity's webhooks. */
async function deliveryOf(db: Db, caller: Caller, delivery: string, webhookId: number | null | undefined) {
  if (delivery === 'webhook') {
    if (webhookId === undefined || webhookId === null)
      throw fieldError('body.webhook_id', 'Choose the webhook the report is sent to')
    const webhook = await findEntityWebhook(db, caller.auth.entityCode, webhookId)
    if (!webhook) throw fieldError('body.webhook_id', 'No such webhook in this organisation')
    return { delivery, webhook_id: webhook.id }
  }
  return { delivery, webhook_id: null }
}

/** The export's own checks, with their fields named under `export` as this body has them. */
async function checkExport(db: Db, caller: Caller, body: ReportScheduleCreateRequest['export']) {
  try {
    return await checkExportRequest(db, caller.auth, {
      source: body.source,
      filters: body.filters ?? {},
      columns: body.columns,
    })
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) {
      const rename = (text: string) => text.replace(/^body\./, 'body.export.')
      throw new HttpError(
        400,
        err.code,
        rename(err.message),
        err.headers,
        err.issues.map((i) => ({ ...i, path: rename(i.path) })),
      )
    }
    throw err
  }
}

async function scheduleOf(db: Db, caller: Caller, id: number): Promise<ReportSchedule> {
  const row = await findSchedule(db, caller.auth.entityCode, caller.auth.userId, id)
  if (!row) throw notFound('Report schedule')
  const runs = await recentRuns(db, [row.id], RECENT_RUNS)
  return toSchedule(row, runs.get(row.id) ?? [])
}

export async function listReportSchedules(db: Db, caller: Caller, limit: number, offset: number) {
  const { rows, count } = await listSchedules(db, caller.auth.entityCode, caller.auth.userId, limit, offset)
  const runs = await recentRuns(
    db,
    rows.map((r) => r.id),
    RECENT_RUNS,
  )
  return { schedules: rows.map((r) => toSchedule(r, runs.get(r.id) ?? [])), count }
}

export async function createReportSchedule(
  db: Db,
  caller: Caller,
  body: ReportScheduleCreateRequest,
  now = Date.now(),
): Promise<ReportSchedule> {
  const view = await findVisibleView(db, caller.auth.entityCode, caller.auth.userId, body.view_id)
  if (!view)
    throw fieldError('body.view_id', 'No such saved view: schedule one of your views or a shared one')
  const timing = timingOf(body)
  const delivery = await deliveryOf(db, caller, body.delivery, body.webhook_id)
  const checked = await checkExport(db, caller, body.export)
  const timeZone = await entityTimeZone(db, caller.auth.entityCode)
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertSchedule(trx, {
      entity_code: caller.auth.entityCode,
      owner_id: caller.auth.userId,
      view_id: view.id,
      name: body.name ?? view.name,
      source: checked.source.key,
      filters: JSON.stringify(body.export.filters ?? {}),
      columns: checked.columns === null ? null : JSON.stringify(checked.columns),
      format: body.format,
      ...timing,
      ...delivery,
      paused: 0,
      next_run_at: nextOf(timing, timeZone, now),
      created_at: now,
      updated_at: now,
    })
    await auditChange(trx, caller, 'report_schedule_created', 'report_schedule', created, null, {
      name: body.name ?? view.name,
      source: checked.source.key,
      ...timing,
      ...delivery,
    })
    return created
  })
  return scheduleOf(db, caller, id)
}

export async function changeReportSchedule(
  db: Db,
  caller: Caller,
  id: number,
  body: ReportScheduleUpdateRequest,
  now = Date.now(),
): Promise<ReportSchedule> {
  const before = await scheduleOf(db, caller, id)
  const timing = timingOf({
    frequency: body.frequency ?? before.frequency,
    time: body.time ?? before.time,
    weekday: body.weekday === undefined ? before.weekday : body.weekday,
    month_day: body.month_day === undefined ? before.month_day : body.month_day,
  })
  const delivery = await deliveryOf(
    db,
    caller,
    body.delivery ?? before.delivery,
    body.webhook_id === undefined ? before.webhook?.id : body.webhook_id,
  )
  const paused = body.paused ?? before.paused
  // Paused: no next run. Resumed or retimed: the next run from now (what was missed while paused is not sent).
  const next = paused ? null : nextOf(timing, before.time_zone, now)
  await db.transaction().execute(async (trx) => {
    await updateSchedule(trx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.format !== undefined ? { format: body.format } : {}),
      ...timing,
      ...delivery,
      paused: paused ? 1 : 0,
      next_run_at: next,
      updated_at: now,
    })
    await auditChange(
      trx,
      caller,
      'report_schedule_changed',
      'report_schedule',
      id,
      { name: before.name, paused: before.paused, frequency: before.frequency, time: before.time },
      { ...body },
    )
  })
  return scheduleOf(db, caller, id)
}

export async function removeReportSchedule(db: Db, caller: Caller, id: number): Promise<void> {
  const before = await scheduleOf(db, caller, id)
  await db.transaction().execute(async (trx) => {
    await deleteSchedule(trx, id)
    await auditChange(
      trx,
      caller,
      'report_schedule_deleted',
      'report_schedule',
      id,
      { name: before.name },
      null,
    )
  })
}

/** Runs a schedule now, once, as its next run would (paused or not): the run, queued. */
export async function runReportNow(
  db: Db,
  caller: Caller,
  id: number,
  starter: ReportRunStarter,
  now = Date.now(),
): Promise<ReportRun> {
  await scheduleOf(db, caller, id)
  const runId = await starter.start(id, now, true)
  if (runId === null) throw new HttpError(409, 'CONFLICT', 'This report is already being run; wait a moment')
  const schedule = await scheduleOf(db, caller, id)
  const run = schedule.runs.find((r) => r.id === runId)
  if (!run) throw notFound('Report run')
  return run
}
