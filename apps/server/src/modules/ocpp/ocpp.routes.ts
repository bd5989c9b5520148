import { evDeviceParams, ocppPasswordResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { rotateOcppPassword } from './ocpp-credentials.service'

/** Telling chargers what to do, and their credentials, needs edit on chargers (issue 14). */
const editChargers = { permission: { app: 'ev', resource: 'devices/*', action: 'edit' } } as const

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
}
