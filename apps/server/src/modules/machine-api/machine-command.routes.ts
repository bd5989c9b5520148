import {
  createMachineCommandRequest,
  machineCommandListQuery,
  machineCommandListResponse,
  machineCommandResponse,
  machineIdParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import type { CommandQueuedEvent } from './machine-command.service'
import { MACHINE_COMMAND_QUEUED, machineCommands, sendMachineCommand } from './machine-command.service'

const edit = { permission: { app: 'iot', resource: 'machines/*', action: 'edit' } } as const
const read = { permission: { app: 'iot', resource: 'machines/*', action: 'read' } } as const

/** Commands to a machine, from the portal's side (issue 15, decision 0109): under /api/main. */
export function machineCommandRoutes(app: FastifyInstance, options: { commandTtlMs: number }): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/iot/machines/:id/commands',
    {
      config: edit,
      schema: {
        tags: ['iot'],
        summary:
          'Queues a command for the machine (reboot, sync_config, set_price, disable_slot, enable_slot, test_dispense, set_service_mode); the machine fetches it by long poll',
        params: machineIdParams,
        body: createMachineCommandRequest,
        response: { 200: machineCommandResponse, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id
      const command = await sendMachineCommand(
        app.db,
        callerOf(request),
        id,
        request.body,
        options.commandTtlMs,
      )
      await app.events.publish(MACHINE_COMMAND_QUEUED, { machine_id: id } satisfies CommandQueuedEvent)
      return { data: { command } }
    },
  )
  r.get(
    '/iot/machines/:id/commands',
    {
      config: read,
      schema: {
        tags: ['iot'],
        summary:
          "The machine's latest commands, newest first: queued, delivered, succeeded, failed or expired",
        params: machineIdParams,
        querystring: machineCommandListQuery,
        response: { 200: machineCommandListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await machineCommands(app.db, callerOf(request), request.params.id, request.query),
    }),
  )
}
