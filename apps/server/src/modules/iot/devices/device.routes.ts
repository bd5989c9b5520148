import {
  createDeviceCommandRequest,
  deviceCommandResponse,
  deviceDetailResponse,
  deviceFilterRequest,
  deviceFilterResponse,
  deviceIdParams,
  tcnDeviceFilterRequest,
  tcnDeviceFilterResponse,
  tcnDeviceResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { machineScope } from '../machines/machine.service'
import type { CommandQueuedEvent } from '../../machine-api/machine-command.service'
import { MACHINE_COMMAND_QUEUED } from '../../machine-api/machine-command.service'
import {
  createDeviceCommand,
  filterDevices,
  filterTcnDevices,
  getDevice,
  getTcnDevice,
} from './device.service'

const resource = 'devices/*'
const read = { permission: { app: 'iot', resource, action: 'read' } } as const
const edit = { permission: { app: 'iot', resource, action: 'edit' } } as const

/** TCN and dashboard devices (B §7) and the commands sent to dashboard devices (decision 0018). */
export function deviceRoutes(app: FastifyInstance, options: { commandTtlMs: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/iot/tcn-devices/filter',
    {
      config: read,
      schema: {
        tags: ['iot'],
        summary: 'TCN devices of the current entity, filtered, sorted and paged (B §7)',
        body: tcnDeviceFilterRequest,
        response: { 200: tcnDeviceFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterTcnDevices(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )

  r.get(
    '/iot/tcn-devices/:id',
    {
      config: read,
      schema: {
        tags: ['iot'],
        summary: 'One TCN device',
        params: deviceIdParams,
        response: { 200: tcnDeviceResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await getTcnDevice(app.db, auth.entityCode, request.params.id, scope) }
    },
  )

  r.post(
    '/iot/devices/filter',
    {
      config: read,
      schema: {
        tags: ['iot'],
        summary: 'Dashboard devices of the current entity, filtered, sorted and paged (B §7)',
        body: deviceFilterRequest,
        response: { 200: deviceFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterDevices(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )

  r.get(
    '/iot/devices/:id',
    {
      config: read,
      schema: {
        tags: ['iot'],
        summary: 'One dashboard device with its latest commands',
        params: deviceIdParams,
        response: { 200: deviceDetailResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await getDevice(app.db, auth.entityCode, request.params.id, scope) }
    },
  )

  r.post(
    '/iot/devices/:id/commands',
    {
      config: edit,
      schema: {
        tags: ['iot'],
        summary:
          "Send a command to a dashboard device (it starts Pending; a device fitted to a machine gets it through the machine's command poll)",
        params: deviceIdParams,
        body: createDeviceCommandRequest,
        response: { 200: deviceCommandResponse, ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const scope = await machineScope(app.db, caller.auth.entityCode, caller.sets)
      const { command, queuedFor } = await createDeviceCommand(
        app.db,
        caller,
        request.params.id,
        request.body,
        scope,
        options.commandTtlMs,
      )
      if (queuedFor !== null)
        await app.events.publish(MACHINE_COMMAND_QUEUED, {
          machine_id: queuedFor,
        } satisfies CommandQueuedEvent)
      return { data: command }
    },
  )
}
