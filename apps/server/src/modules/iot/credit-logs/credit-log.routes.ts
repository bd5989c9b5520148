import { creditLogFilterRequest, creditLogFilterResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireAuth } from '../../../plugins/auth'
import { errorResponses } from '../../../plugins/responses'
import { machineScope } from '../machines/machine.service'
import { filterCreditLogs } from './credit-log.service'

export function creditLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/iot/orders/creditlogs/filter',
    {
      config: { permission: { app: 'iot', resource: 'credits/*', action: 'read' } },
      schema: {
        tags: ['iot'],
        summary: 'Machine credit logs of the current entity, filtered, sorted and paged (B §7)',
        body: creditLogFilterRequest,
        response: { 200: creditLogFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterCreditLogs(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )
}
