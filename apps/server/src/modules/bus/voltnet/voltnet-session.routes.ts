import {
  voltnetSessionCountRequest,
  voltnetSessionCountResponse,
  voltnetSessionDetailQuery,
  voltnetSessionDetailResponse,
  voltnetSessionFilterRequest,
  voltnetSessionListResponse,
  voltnetSessionParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { countVoltnetSessions, getVoltnetSession, listVoltnetSessions } from './voltnet-session.service'
import { registerExportSource } from '../../exports/export-sources'
import { voltnetSessionExportSource } from './voltnet-session.export'

// The VoltNet sessions can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(voltnetSessionExportSource)

const read = { permission: { app: 'ev', resource: 'sessions/*', action: 'read' } } as const

/**
 * The roaming network's dashboard sessions (B §7 `POST /v1/dashboard/charging-sessions` and `/count`;
 * docs/decisions/0025-bus-and-voltnet-sessions.md): voltnet's CPO and EMSP lists, and one session for the EMSP
 * detail route.
 */
export function voltnetSessionRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/v1/dashboard/charging-sessions',
    {
      config: read,
      schema: {
        tags: ['bus'],
        summary: "One side (CPO or EMSP) of the entity's charging sessions, newest start first",
        body: voltnetSessionFilterRequest,
        response: { 200: voltnetSessionListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { chargingSessions: await listVoltnetSessions(app.db, callerOf(request), request.body) },
    }),
  )

  r.post(
    '/v1/dashboard/charging-sessions/count',
    {
      config: read,
      schema: {
        tags: ['bus'],
        summary:
          "How many sessions match the list's filters (capped, cached); the list's offset and limit are ignored",
        body: voltnetSessionCountRequest,
        response: { 200: voltnetSessionCountResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await countVoltnetSessions(app.db, app.counts, callerOf(request), request.body),
    }),
  )

  r.get(
    '/v1/dashboard/charging-sessions/:id',
    {
      config: read,
      schema: {
        tags: ['bus'],
        summary: 'One charging session with its charging periods, costs and refunds',
        params: voltnetSessionParams,
        querystring: voltnetSessionDetailQuery,
        response: { 200: voltnetSessionDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        chargingSession: await getVoltnetSession(
          app.db,
          callerOf(request),
          request.params.id,
          request.query.myEntityType,
        ),
      },
    }),
  )
}
