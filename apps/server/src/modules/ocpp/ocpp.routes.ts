import {
  errorBody,
  evDeviceParams,
  evDeviceCreateBody,
  evDeviceCreateResponse,
  evDeviceCommissionResponse,
  ocppCommandBody,
  ocppCommandListResponse,
  ocppCommandResponse,
  ocppMessageListQuery,
  ocppMessageListResponse,
  ocppPasswordResponse,
  ocppEnrolmentPasswordResponse,
  ocppEnrolmentResponse,
  ocppPendingParams,
  deletedResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { registerExportSource } from '../exports/export-sources'
import { commissionCharger, rotateOcppPassword } from './ocpp-credentials.service'
import { registerCharger } from './ocpp-registration.service'
import { dismissPendingCharger, enrolmentOverview, rotateEnrolmentPassword } from './ocpp-enrolment.service'
import { listOcppCommands, sendOcppCommand } from './ocpp-command.service'
import { ocppMessageExportSource } from './ocpp-message.export'
import { listOcppMessages } from './ocpp-message.service'

registerExportSource(ocppMessageExportSource)

/** Telling chargers what to do, and their credentials, needs edit on chargers (issue 14). */
const editChargers = { permission: { app: 'ev', resource: 'devices/*', action: 'edit' } } as const

/** A charger's message log holds what it said, tokens included: reading it needs read on chargers. */
const readChargers = { permission: { app: 'ev', resource: 'devices/*', action: 'read' } } as const

/**
 * Closes a commissioned or dismissed charger's connection wherever it is held. The change is already written: a bus
 * that fails here leaves the connection as it was until the charger's next boot, which then finds the change.
 */
async function release(app: FastifyInstance, identity: string, reason: 'commissioned' | 'dismissed') {
  await app.ocpp.release(identity, reason).catch((err: unknown) => {
    app.log.warn({ err, identity }, "ocpp: closing a released charger's connection failed")
  })
}

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
    async (request) => {
      const created = await registerCharger(app.db, callerOf(request), request.body)
      // A waiting charger was commissioned: its connection closes, and it comes back as the charger.
      if (created.password === null) await release(app, created.identity, 'commissioned')
      return { data: created }
    },
  )
  r.get(
    '/charge-points/enrolment',
    {
      config: readChargers,
      schema: {
        tags: ['charging'],
        summary:
          "Unknown chargers' enrolment: whether this server lets them in, whether the entity has an enrolment password, and the chargers waiting to be commissioned",
        response: { 200: ocppEnrolmentResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await enrolmentOverview(app.db, callerOf(request), app.ocpp.acceptUnknown),
    }),
  )
  r.post(
    '/charge-points/enrolment/password',
    {
      config: editChargers,
      schema: {
        tags: ['charging'],
        summary:
          "Sets or rotates the entity's enrolment password, shown this once: an unknown charger presenting it may connect and wait to be commissioned",
        response: { 200: ocppEnrolmentPasswordResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await rotateEnrolmentPassword(app.db, callerOf(request)) }),
  )
  r.delete(
    '/charge-points/enrolment/pending/:identity',
    {
      config: editChargers,
      schema: {
        tags: ['charging'],
        summary:
          'Dismisses a charger waiting to be commissioned: its connection closes and it is refused from then on',
        params: ocppPendingParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await dismissPendingCharger(app.db, callerOf(request), request.params.identity)
      await release(app, request.params.identity, 'dismissed')
      return { data: { deleted: true } }
    },
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
    '/charge-points/devices/:uid/commission',
    {
      config: editChargers,
      schema: {
        tags: ['charging'],
        summary:
          'Commissions a registered charger: its boots are Accepted from now on (a connected one waiting Pending is asked to reconnect)',
        params: evDeviceParams,
        response: { 200: evDeviceCommissionResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params
      const done = await commissionCharger(app.db, callerOf(request), uid)
      if (done.changed && done.identity !== null) await release(app, done.identity, 'commissioned')
      return { data: { uid, commissioned: true as const } }
    },
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
