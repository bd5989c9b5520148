import {
  evDeviceParams,
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
