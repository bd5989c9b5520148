import {
  evDeviceDetailResponse,
  evDeviceListQuery,
  evDeviceListResponse,
  evDeviceParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { getDevice, listDevices } from './ev-device.service'

/** Chargers are part of the CPO's charge locations: reading them needs read on locations. */
const read = { permission: { app: 'ev', resource: 'locations/*', action: 'read' } } as const

/** Step 5 (docs/decisions/0026-ev-home-users-devices.md): the CPO's charge points (EV devices). */
export function evDeviceRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/charge-points/devices',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: "The entity's chargers with their location, OCPP status, heartbeat and EVSE counts",
        querystring: evDeviceListQuery,
        response: { 200: evDeviceListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await listDevices(app.db, app.counts, callerOf(request).auth.entityCode, request.query),
    }),
  )

  r.get(
    '/charge-points/devices/:uid',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary:
          'One charger: its location, firmware, protocol, heartbeat, EVSEs and connectors, recent sessions',
        params: evDeviceParams,
        response: { 200: evDeviceDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { device: await getDevice(app.db, callerOf(request).auth.entityCode, request.params.uid) },
    }),
  )
}
