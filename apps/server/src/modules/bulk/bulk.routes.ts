import { bulkActionParams, bulkActionQuery, bulkActionRequest, bulkActionResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { PermanentJobError } from '../../jobs/job-queue'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import type { BulkRunPayload, BulkSettings } from './bulk.service'
import { BULK_RUN, BulkRefused, finishBulk, getBulk, requestBulk, runBulk } from './bulk.service'

/**
 * Bulk actions (issue 18, docs/decisions/0117-bulk-actions.md). The route lets any signed-in user in: which list and
 * action decide the permission, checked in the service as each single-row call checks it.
 */
export function bulkRoutes(app: FastifyInstance, settings: BulkSettings): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.jobs.register<BulkRunPayload>(
    BULK_RUN,
    async (payload, ctx) => {
      try {
        await runBulk(app, settings, payload.bulk_id, { signal: ctx.signal })
      } catch (err) {
        if (err instanceof BulkRefused) throw new PermanentJobError(err.message)
        throw err
      }
    },
    {
      maxAttempts: 3,
      onDead: (payload, reason, db) => finishBulk(db, payload.bulk_id, 'failed', reason),
    },
  )

  r.post(
    '/bulk-actions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['bulk'],
        summary:
          'One action on many rows of a list (by ids, or all matching a filter); up to 100 rows answer with the per-row report, more run as a job',
        body: bulkActionRequest,
        response: { 200: bulkActionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { bulk: await requestBulk(app, settings, callerOf(request), request.body) },
    }),
  )

  r.get(
    '/bulk-actions/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['bulk'],
        summary: "A bulk action's progress and, page by page, its per-row report (failed rows first)",
        params: bulkActionParams,
        querystring: bulkActionQuery,
        response: { 200: bulkActionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { bulk: await getBulk(app.db, callerOf(request), request.params.id, request.query) },
    }),
  )
}
