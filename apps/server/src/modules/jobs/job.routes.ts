import type { JobSummary } from '@portal/contract'
import { jobFilterRequest, jobFilterResponse, jobIdParams, jobRetryResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { badRequest, notFound } from '../../lib/errors'
import { findJob, listJobs, requeueDead } from '../../jobs/job.repository'
import type { JobRow } from '../../jobs/job.table'
import { errorResponses } from '../../plugins/responses'

function summaryOf(row: JobRow): JobSummary {
  return {
    id: String(row.id),
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    run_at: row.run_at,
    last_error: row.last_error,
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
  }
}

/** The background job queue, for platform administrators: what waits, runs and died, and a retry of the dead. */
export function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/jobs/filter',
    {
      config: { permission: 'platform-admin' },
      schema: {
        tags: ['jobs'],
        summary: 'Background jobs, newest first, with the queue depth per kind (platform administrators)',
        body: jobFilterRequest,
        response: { 200: jobFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { status, kind, limit, offset } = request.body
      const [{ rows, count }, depth] = await Promise.all([
        listJobs(app.db, { status, kind, limit, offset }),
        app.jobs.depth(),
      ])
      return { data: { jobs: rows.map(summaryOf), count, depth } }
    },
  )

  r.post(
    '/jobs/:id/retry',
    {
      config: { permission: 'platform-admin' },
      schema: {
        tags: ['jobs'],
        summary: 'Queues a dead job again, its attempts reset (platform administrators)',
        params: jobIdParams,
        response: { 200: jobRetryResponse, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id)
      const job = await findJob(app.db, id)
      if (!job) throw notFound('Job')
      if (job.status !== 'dead') throw badRequest(`Only a dead job can be retried; this one is ${job.status}`)
      if (!(await requeueDead(app.db, id, Date.now()))) {
        throw badRequest('Another job with the same key is queued or running; this one cannot be retried now')
      }
      app.jobs.notify()
      const retried = await findJob(app.db, id)
      if (!retried) throw notFound('Job')
      return { data: { job: summaryOf(retried) } }
    },
  )
}
