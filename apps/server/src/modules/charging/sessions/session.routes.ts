import {
  evSessionDetailResponse,
  evSessionListQuery,
  evSessionListResponse,
  evSessionParams,
  evSessionRefundRequest,
  evSessionRefundResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { getSession, listSessions, refundSession } from './session.service'
import { registerExportSource } from '../../exports/export-sources'
import { evSessionExportSource } from './session.export'

// The charging sessions can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(evSessionExportSource)

const read = { permission: { app: 'ev', resource: 'sessions/*', action: 'read' } } as const
const edit = { permission: { app: 'ev', resource: 'sessions/*', action: 'edit' } } as const

/**
 * CPO/EMSP charging sessions (B §3, §7; docs/decisions/0023-charging-sessions.md): the list of the caller's
 * sessions on either side, one session with its refunds, and refunding (CPO side only).
 */
export function chargingSessionRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/charging-sessions/sessions',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: "The entity's charging sessions as CPO or EMSP, newest update first (B §7)",
        querystring: evSessionListQuery,
        response: { 200: evSessionListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { sessions: await listSessions(app.db, callerOf(request), request.query) } }),
  )

  r.get(
    '/charging-sessions/sessions/:uid',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: 'One charging session with its charging periods, payment and refunds',
        params: evSessionParams,
        response: { 200: evSessionDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { session: await getSession(app.db, callerOf(request), request.params.uid) },
    }),
  )

  r.post(
    '/charging-sessions/sessions/:uid/refunds',
    {
      config: edit,
      schema: {
        tags: ['charging'],
        summary: 'Refund part or all of what was paid for a session (the CPO only)',
        params: evSessionParams,
        body: evSessionRefundRequest,
        response: { 200: evSessionRefundResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await refundSession(app.db, callerOf(request), request.params.uid, request.body),
    }),
  )
}
