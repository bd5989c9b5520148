import {
  deletedResponse,
  reportRunResponse,
  reportScheduleCreateRequest,
  reportScheduleFilterRequest,
  reportScheduleListResponse,
  reportScheduleParams,
  reportScheduleResponse,
  reportScheduleUpdateRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { anyExportPermission } from '../exports/export.routes'
import { registerReportJobs, runStarter, tickReports } from './report-run.job'
import {
  changeReportSchedule,
  createReportSchedule,
  listReportSchedules,
  removeReportSchedule,
  runReportNow,
} from './report.service'

export interface ReportSettings {
  publicUrl: string | null
  maxPendingPerUser: number
  /** How often due schedules are looked for (default a minute); false: never (tests tick by hand). */
  tickMs?: number | false
  /** How often a run looks at its export while it is written (default 3 s). */
  pollMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts the runs that are due now (the scheduled tick does this every minute; tests call it). */
    tickReports: (now?: number) => Promise<number>
  }
}

/** The scheduled reports' jobs and the tick's hook, on the root instance (after the mail sender and storage). */
export function registerReports(app: FastifyInstance, settings: ReportSettings): void {
  registerReportJobs(
    {
      db: app.db,
      jobs: app.jobs,
      mail: app.mail,
      storage: app.storage.exports,
      publicUrl: settings.publicUrl,
      maxPendingPerUser: settings.maxPendingPerUser,
      ...(settings.pollMs !== undefined ? { pollMs: settings.pollMs } : {}),
    },
    settings.tickMs ?? 60_000,
  )
  app.decorate('tickReports', (now?: number) => tickReports(app.db, app.jobs, now))
}

/**
 * Scheduled reports (issue 18): a saved view's export on a timetable. Who may schedule an export is who may request
 * it: the route lets through anyone who may export some list, the service checks the list's own permission.
 */
export function reportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const permission = anyExportPermission()
  const starter = runStarter(app.db, app.jobs)

  r.post(
    '/report-schedules/filter',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: "The caller's scheduled reports, newest first, each with its latest runs",
        body: reportScheduleFilterRequest,
        response: { 200: reportScheduleListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await listReportSchedules(app.db, callerOf(request), request.body.limit, request.body.offset),
    }),
  )

  r.post(
    '/report-schedules',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary:
          "Schedules a saved view's export: daily, weekly or monthly at a time in the entity's zone, e-mailed or sent to a webhook",
        body: reportScheduleCreateRequest,
        response: { 200: reportScheduleResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { schedule: await createReportSchedule(app.db, callerOf(request), request.body) },
    }),
  )

  r.put(
    '/report-schedules/:id',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: 'Pauses, resumes or changes a scheduled report',
        params: reportScheduleParams,
        body: reportScheduleUpdateRequest,
        response: { 200: reportScheduleResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        schedule: await changeReportSchedule(app.db, callerOf(request), request.params.id, request.body),
      },
    }),
  )

  r.delete(
    '/report-schedules/:id',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: 'Deletes a scheduled report (its exports stay in the history)',
        params: reportScheduleParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await removeReportSchedule(app.db, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )

  r.post(
    '/report-schedules/:id/run',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: 'Runs a scheduled report now, once, and delivers it as its next run would',
        params: reportScheduleParams,
        response: { 200: reportRunResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { run: await runReportNow(app.db, callerOf(request), request.params.id, starter) },
    }),
  )
}
