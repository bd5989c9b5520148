import { transactionFilterRequest, transactionFilterResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { machineScope } from '../../iot/machines/machine.service'
import { filterTransactions } from './transaction.service'
import { registerExportSource } from '../../exports/export-sources'
import { transactionExportSource } from './transaction.export'

// The transaction list can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(transactionExportSource)

export function transactionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/payment/transaction/filter',
    {
      config: { permission: { app: 'payment', resource: 'transactions/*', action: 'read' } },
      schema: {
        tags: ['payment'],
        summary: 'Payment transactions of the current entity, newest first, filtered and paged (B §7)',
        body: transactionFilterRequest,
        response: { 200: transactionFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterTransactions(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )
}
