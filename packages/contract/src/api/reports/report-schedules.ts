import { z } from 'zod'
import { exportFormats } from '../../enums/export'
import { REPORT_FREQUENCIES, parseTimeOfDay } from '../../reports/next-run'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'
import { exportJobCreateRequest } from '../exports/export-jobs'

/*
 * Scheduled reports (issue 18, docs/decisions/0119-scheduled-reports.md): a saved view's export, written daily,
 * weekly or monthly at a time in the entity's zone, e-mailed to its owner or sent to one of the entity's webhooks.
 * - POST   /api/main/report-schedules/filter   `{ limit, offset }` → `{ schedules, count }` (the caller's own)
 * - POST   /api/main/report-schedules          → `{ schedule }`
 * - PUT    /api/main/report-schedules/{id}     pause, resume, change the timing, format or delivery
 * - DELETE /api/main/report-schedules/{id}
 * - POST   /api/main/report-schedules/{id}/run runs it now, once (what the next run would send)
 */

export const REPORT_DELIVERIES = ['email', 'webhook'] as const
export type ReportDelivery = (typeof REPORT_DELIVERIES)[number]
export const REPORT_RUN_STATUSES = ['running', 'sent', 'failed'] as const
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number]
/** A report smaller than this is attached to its e-mail; a larger one is sent as a link only. */
export const REPORT_ATTACH_MAX_BYTES = 1_000_000

const time = z
  .string()
  .refine((t) => parseTimeOfDay(t) !== null, 'A time of day as HH:MM, 24-hour (e.g. 07:30)')
  .describe("HH:MM in the entity's time zone")
const weekday = z
  .number()
  .int()
  .min(1, 'weekday: 1 (Monday) to 7 (Sunday)')
  .max(7, 'weekday: 1 (Monday) to 7 (Sunday)')
const monthDay = z
  .number()
  .int()
  .min(1, 'month_day: 1 to 28')
  .max(28, 'month_day: 1 to 28 (every month has it)')

const timing = {
  frequency: z.enum(REPORT_FREQUENCIES, { error: "frequency: 'daily', 'weekly' or 'monthly'" }),
  time,
  weekday: weekday.nullable().optional(),
  month_day: monthDay.nullable().optional(),
}

/** The export a schedule writes: what the list's export button sends (its source, filters and columns). */
const scheduledExport = exportJobCreateRequest.pick({ source: true, filters: true, columns: true })

export const reportScheduleCreateRequest = z.strictObject({
  /** The saved view it comes from (its name names the report unless `name` is given). */
  view_id: z.number().int().min(1).max(2_147_483_647),
  name: z.string().trim().min(1).max(80).optional(),
  export: scheduledExport,
  format: catalogueSchema(exportFormats),
  ...timing,
  delivery: z.enum(REPORT_DELIVERIES, { error: "delivery: 'email' or 'webhook'" }),
  /** The entity's webhook to send it to (delivery `webhook`). */
  webhook_id: z.number().int().min(1).nullable().optional(),
})
export type ReportScheduleCreateRequest = z.input<typeof reportScheduleCreateRequest>

export const reportScheduleUpdateRequest = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  paused: z.boolean().optional(),
  format: catalogueSchema(exportFormats).optional(),
  frequency: timing.frequency.optional(),
  time: time.optional(),
  weekday: timing.weekday,
  month_day: timing.month_day,
  delivery: z.enum(REPORT_DELIVERIES, { error: "delivery: 'email' or 'webhook'" }).optional(),
  webhook_id: z.number().int().min(1).nullable().optional(),
})
export type ReportScheduleUpdateRequest = z.input<typeof reportScheduleUpdateRequest>

export const reportScheduleFilterRequest = z.strictObject({ ...paging })
export const reportScheduleParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const reportRun = z.object({
  id: z.number().int(),
  /** When it was due (a run made with "Run now": when it was asked for). */
  due_at: epochMs,
  started_at: epochMs,
  finished_at: epochMs.nullable(),
  status: z.enum(REPORT_RUN_STATUSES),
  /** The export it wrote (in the export history). */
  export_uuid: z.string().nullable(),
  row_count: z.number().int().nullable(),
  /** Why it failed, or where it went ("e-mailed to …", "sent to webhook …"). */
  message: z.string().nullable(),
  manual: z.boolean(),
})
export type ReportRun = z.infer<typeof reportRun>

export const reportSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  view: z.object({ id: z.number().int(), name: z.string(), list: z.string() }).nullable(),
  source: z.string(),
  source_title: z.string(),
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()).nullable(),
  format: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  time: z.string(),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  /** The entity's zone the time is in. */
  time_zone: z.string(),
  delivery: z.enum(REPORT_DELIVERIES),
  webhook: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  paused: z.boolean(),
  /** Null while paused. */
  next_run_at: epochMs.nullable(),
  /** The latest runs, newest first (at most five). */
  runs: z.array(reportRun),
  owner: z.object({ id: z.number().int(), username: z.string() }),
  created_at: epochMs,
})
export type ReportSchedule = z.infer<typeof reportSchedule>

export const reportScheduleResponse = envelope(z.object({ schedule: reportSchedule }))
export const reportScheduleListResponse = envelope(
  z.object({ schedules: z.array(reportSchedule), count: z.number().int().min(0) }),
)
export type ReportScheduleListData = z.infer<typeof reportScheduleListResponse>['data']
export const reportRunResponse = envelope(z.object({ run: reportRun }))
