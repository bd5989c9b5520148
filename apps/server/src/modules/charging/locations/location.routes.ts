import {
  chargeEvseDetailResponse,
  chargeEvseParams,
  chargeLocationCountQuery,
  chargeLocationCountResponse,
  chargeLocationDetailParams,
  chargeLocationDetailResponse,
  chargeLocationListQuery,
  chargeLocationListResponse,
  chargeLocationMapResponse,
  chargeLocationParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { countMatchingLocations, getEvse, getLocation, listLocations, mapLocations } from './location.service'
import { registerExportSource } from '../../exports/export-sources'
import { connectorExportSource } from './location.export'

// The connector list can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(connectorExportSource)

const read = { permission: { app: 'ev', resource: 'locations/*', action: 'read' } } as const
const BASE = '/charge-points/:entity_code/locations'

/**
 * Charge locations, EVSEs and connectors (B §3 "EV charging location", B §7 charge-points calls;
 * docs/decisions/0021-charge-locations.md): the list with its count, the map's pins, one location, one EVSE.
 */
export function locationRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    BASE,
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: "The entity's charge locations with their EVSEs and connectors, by name (B §7)",
        params: chargeLocationParams,
        querystring: chargeLocationListQuery,
        response: { 200: chargeLocationListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        locations: await listLocations(app.db, callerOf(request), request.params.entity_code, request.query),
      },
    }),
  )

  r.get(
    `${BASE}/count`,
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: 'How many charge locations match the list’s filters (B §7)',
        params: chargeLocationParams,
        querystring: chargeLocationCountQuery,
        response: { 200: chargeLocationCountResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        location_count: await countMatchingLocations(
          app.db,
          app.counts,
          callerOf(request),
          request.params.entity_code,
          request.query,
        ),
      },
    }),
  )

  r.get(
    `${BASE}/map`,
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: 'The filtered charge locations as map pins with their EVSEs per status (capped)',
        params: chargeLocationParams,
        querystring: chargeLocationCountQuery,
        response: { 200: chargeLocationMapResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await mapLocations(app.db, callerOf(request), request.params.entity_code, request.query),
    }),
  )

  r.get(
    `${BASE}/:location_uid`,
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: 'One charge location with its EVSEs, connectors, charge points and tariffs',
        params: chargeLocationDetailParams,
        response: { 200: chargeLocationDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        location: await getLocation(
          app.db,
          callerOf(request),
          request.params.entity_code,
          request.params.location_uid,
        ),
      },
    }),
  )

  r.get(
    `${BASE}/:location_uid/evses/:evse_uid`,
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: 'One EVSE of a charge location with its connectors and charge point',
        params: chargeEvseParams,
        response: { 200: chargeEvseDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await getEvse(
        app.db,
        callerOf(request),
        request.params.entity_code,
        request.params.location_uid,
        request.params.evse_uid,
      ),
    }),
  )
}
