import { creditLogFilterRequest, creditLogFilterResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { machineScope } from '../machines/machine.service'
import { filterCreditLogs } from './credit-log.service'
import { registerExportSource } from '../../exports/export-sources'
import { creditLogExportSource } from './credit-log.export'

// The credit log can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(creditLogExportSource)

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
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterCreditLogs(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )
}
