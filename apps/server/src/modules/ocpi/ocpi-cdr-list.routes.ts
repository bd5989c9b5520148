import { ocpiCdrFilterRequest, ocpiCdrListResponse, ocpiPartnerParams } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { partnerCdrs } from './ocpi-cdr-list.service'

// As the other partner routes (ocpi-partner.routes.ts): entity admins, or read on `iam / roaming/*`.
const read = { permission: { app: 'iam', resource: 'roaming/*', action: 'read' } } as const
const tags = ['roaming']

/** A partner's CDRs in the portal (issue 17), under /api/main. */
export function ocpiCdrListRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/ocpi/partners/:id/cdrs/filter',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A partner's CDRs, both ways (ours sent to it, its own received), newest first, with our pricing and review flag",
        params: ocpiPartnerParams,
        body: ocpiCdrFilterRequest,
        response: { 200: ocpiCdrListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await partnerCdrs(app.db, callerOf(request), request.params.id, request.body),
    }),
  )
}
