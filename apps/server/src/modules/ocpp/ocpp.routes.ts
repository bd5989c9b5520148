import {
  errorBody,
  evDeviceParams,
  evDeviceCreateBody,
  evDeviceCreateResponse,
  ocppCommandBody,
  ocppCommandListResponse,
  ocppCommandResponse,
  ocppMessageListQuery,
  ocppMessageListResponse,
  ocppPasswordResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { registerExportSource } from '../exports/export-sources'
import { rotateOcppPassword } from './ocpp-credentials.service'
import { registerCharger } from './ocpp-registration.service'
import { listOcppCommands, sendOcppCommand } from './ocpp-command.service'
import { ocppMessageExportSource } from './ocpp-message.export'
import { listOcppMessages } from './ocpp-message.service'

registerExportSource(ocppMessageExportSource)

/** Telling chargers what to do, and their credentials, needs edit on chargers (issue 14). */
const editChargers = { permission: { app: 'ev', resource: 'devices/*', action: 'edit' } } as const

/** A charger's message log holds what it said, tokens included: reading it needs read on chargers. */
const readChargers = { permission: { app: 'ev', resource: 'devices/*', action: 'read' } } as const

/** The portal's side of OCPP, under /api/charging (the chargers' own side is the WebSocket in ocpp.server.ts). */
export function ocppRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/charge-points/devices',
    {
      config: editChargers,
      schema: {
        tags: ['charging'],
        summary:
          'Registers a charger (OCPP identity, location, EVSEs, connectors, version) with a generated OCPP password, shown this once',
        body: evDeviceCreateBody,
        response: { 200: evDeviceCreateResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await registerCharger(app.db, callerOf(request), request.body) }),
  )
  r.post(
    '/charge-points/devices/:uid/ocpp-password',
    {
      config: editChargers,
      schema: {
        tags: ['charging'],
        summary:
          "Sets or rotates the charger's OCPP password (security profile 1); the new one is shown this once",
        params: evDeviceParams,
        response: { 200: ocppPasswordResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await rotateOcppPassword(app.db, callerOf(request), request.params.uid) }),
  )
  r.post(
    '/charge-points/devices/:uid/ocpp-commands',
    {
      config: editChargers,
      schema: {
        tags: ['charging'],
        summary:
          "Tells the charger to do something (remote start or stop, reset, unlock, availability, trigger, configuration); answers with the charger's answer",
        params: evDeviceParams,
        body: ocppCommandBody,
        response: {
          200: ocppCommandResponse,
          ...errorResponses,
          409: errorBody.describe('The charger is not connected'),
          504: errorBody.describe('The charger did not answer in time'),
        },
      },
    },
    async (request) => ({
      data: {
        command: await sendOcppCommand(
          app.db,
          app.ocpp.commands,
          callerOf(request),
          request.params.uid,
          request.body,
          (identity) => app.ocpp.version(identity),
        ),
      },
    }),
  )
  r.get(
    '/charge-points/devices/:uid/ocpp-commands',
    {
      config: readChargers,
      schema: {
        tags: ['charging'],
        summary: 'The commands last sent to the charger, newest first, with their answers',
        params: evDeviceParams,
        response: { 200: ocppCommandListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { commands: await listOcppCommands(app.db, callerOf(request), request.params.uid) },
    }),
  )
  r.get(
    '/charge-points/devices/:uid/ocpp-messages',
    {
      config: readChargers,
      schema: {
        tags: ['charging'],
        summary: "The charger's OCPP message log, newest first: every frame in and out, filtered and paged",
        params: evDeviceParams,
        querystring: ocppMessageListQuery,
        response: { 200: ocppMessageListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await listOcppMessages(
        app.db,
        callerOf(request).auth.entityCode,
        request.params.uid,
        request.query,
      ),
    }),
  )
}
