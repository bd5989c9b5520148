import {
  LiveEventName,
  machineCommandIdParams,
  machineCommandPollQuery,
  machineCommandPollResponse,
  machineCommandResultRequest,
  machineCommandResultResponse,
  machineEventsRequest,
  machineEventsResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireMachine } from '../../plugins/machine-auth'
import { errorResponses } from '../../plugins/responses'
import { creditLogCountScope } from '../iot/credit-logs/credit-log.service'
import { machineCountScope } from '../iot/machines/machine.service'
import { mtSummaryCountScope } from '../iot/maintenance/mt-summary.service'
import { orderCountScope } from '../iot/orders/order.service'
import { transactionCountScope } from '../payment/transactions/transaction.service'
import { CommandWaiters } from './command-waiters'
import type { CommandQueuedEvent } from './machine-command.service'
import { MACHINE_COMMAND_QUEUED, pollCommands, reportCommandResult } from './machine-command.service'
import { ingestEvents } from './machine-event.service'

const machine = { permission: 'machine' } as const

/** What machines call (issue 15), under /api/machine with `Authorization: Machine <api_key>`. */
export function machineApiRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // The polls held here, woken by a command queued on any instance; all answered at shutdown.
  const waiters = new CommandWaiters()
  const unsubscribe = app.events.subscribe<CommandQueuedEvent>(MACHINE_COMMAND_QUEUED, ({ payload }) =>
    waiters.wake(payload.machine_id),
  )
  app.addHook('preClose', (done) => {
    unsubscribe()
    waiters.close()
    done()
  })
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
      // The portal's open screens hear it (issue 16); the answer does not wait for that.
      const entities = [caller.entity_code]
      const machineId = caller.id
      app.live.tell(
        ...(outcome.statusChanged
          ? [
              {
                name: LiveEventName.machineStatus,
                entities,
                machineId,
                data: { machine_id: machineId },
              } as const,
            ]
          : []),
        ...(outcome.orderIds.length > 0
          ? [
              {
                name: LiveEventName.orderCreated,
                entities,
                machineId,
                data: { machine_id: machineId, order_ids: outcome.orderIds },
              } as const,
            ]
          : []),
      )
      return { data: { results: outcome.results } }
    },
  )
  r.get(
    '/v1/commands',
    {
      config: machine,
      schema: {
        tags: ['machine'],
        summary:
          "Long poll: the machine's commands as soon as one is queued (each delivered at least once), or an empty list after at most `wait` seconds",
        querystring: machineCommandPollQuery,
        response: { 200: machineCommandPollResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = requireMachine(request)
      // A machine that hangs up stops its wait: nothing is then taken for an answer nobody reads.
      const gone = new AbortController()
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort()
      })
      const commands = await pollCommands(app.db, waiters, caller, request.query.wait * 1000, gone.signal)
      // Answered because the server is shutting down: the connection goes too, or closing would wait for it to idle
      // out (the machine's next poll reaches another instance).
      if (waiters.isClosed) void reply.header('connection', 'close')
      return { data: { commands } }
    },
  )
  r.post(
    '/v1/commands/:id/result',
    {
      config: machine,
      schema: {
        tags: ['machine'],
        summary: "A command's result: succeeded or failed, with the machine's message",
        params: machineCommandIdParams,
        body: machineCommandResultRequest,
        response: { 200: machineCommandResultResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await reportCommandResult(app.db, requireMachine(request), request.params.id, request.body),
    }),
  )
}
