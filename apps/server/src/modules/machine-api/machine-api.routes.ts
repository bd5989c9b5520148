import { machineEventsRequest, machineEventsResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireMachine } from '../../plugins/machine-auth'
import { errorResponses } from '../../plugins/responses'
import { creditLogCountScope } from '../iot/credit-logs/credit-log.service'
import { machineCountScope } from '../iot/machines/machine.service'
import { mtSummaryCountScope } from '../iot/maintenance/mt-summary.service'
import { orderCountScope } from '../iot/orders/order.service'
import { transactionCountScope } from '../payment/transactions/transaction.service'
import { ingestEvents } from './machine-event.service'

const machine = { permission: 'machine' } as const

/** What machines call (issue 15), under /api/machine with `Authorization: Machine <api_key>`. */
export function machineApiRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/v1/events',
    {
      config: machine,
      // A batch of 500 events with a few items each stays well under this.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['machine'],
        summary:
          'Reports events (status, stock, vend, credit, maintenance): each answered accepted, duplicate or rejected naming its fields; accepted ones are kept before the answer',
        body: machineEventsRequest,
        response: { 200: machineEventsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const caller = requireMachine(request)
      const outcome = await ingestEvents(app.db, caller, request.body.events)
      if (outcome.statusChanged) app.counts.invalidate(machineCountScope(caller.entity_code))
      if (outcome.creditsAdded) app.counts.invalidate(creditLogCountScope(caller.entity_code))
      if (outcome.visitsChanged) app.counts.invalidate(mtSummaryCountScope(caller.entity_code))
      if (outcome.ordersAdded) {
        app.counts.invalidate(orderCountScope(caller.entity_code))
        app.counts.invalidate(transactionCountScope(caller.entity_code))
      }
      return { data: { results: outcome.results } }
    },
  )
}
