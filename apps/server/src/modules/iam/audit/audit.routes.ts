import { auditQuery, auditResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { auditTrail } from './audit.service'

/** GET /iam/audit: the changes to one object, newest first, within the current entity (every entity for a platform administrator). */
export function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/iam/audit',
    {
      config: { permission: { app: 'iam', resource: 'audit/*', action: 'read' } },
      schema: {
        tags: ['iam'],
        summary: 'The audit trail of one object',
        querystring: auditQuery,
        response: { 200: auditResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        entries: await auditTrail(
          app.db,
          callerOf(request),
          request.query.object_type,
          request.query.object_id,
        ),
      },
    }),
  )
}
