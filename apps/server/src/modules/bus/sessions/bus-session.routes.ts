import {
  busSessionDetailResponse,
  busSessionListQuery,
  busSessionListResponse,
  busSessionParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { getBusSession, listBusSessions } from './bus-session.service'
import { registerExportSource } from '../../exports/export-sources'
import { busSessionExportSource } from './bus-session.export'

// The bus sessions can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(busSessionExportSource)

const read = { permission: { app: 'ev', resource: 'sessions/*', action: 'read' } } as const

/**
 * The bus network's dashboard sessions (B §7 `GET {buswayHost}/v3/dashboard/sessions` and `/{id}`;
 * docs/decisions/0025-bus-and-voltnet-sessions.md): the busways charging history.
 */
export function busSessionRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/v3/dashboard/sessions',
    {
      config: read,
      schema: {
        tags: ['bus'],
        summary:
          "The entity's charging sessions, newest update first, as a plain array: the whole body, no envelope (ask limit+1 to learn of a next page)",
        querystring: busSessionListQuery,
        response: { 200: busSessionListResponse, ...errorResponses },
      },
    },
    // B §7 "response a plain array": the only list answered without the `data` envelope (decision 0070).
    async (request) => listBusSessions(app.db, callerOf(request), request.query),
  )

  r.get(
    '/v3/dashboard/sessions/:id',
    {
      config: read,
      schema: {
        tags: ['bus'],
        summary: 'One charging session with its charging periods, costs by type with and without tax',
        params: busSessionParams,
        response: { 200: busSessionDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getBusSession(app.db, callerOf(request), request.params.id) }),
  )
}
