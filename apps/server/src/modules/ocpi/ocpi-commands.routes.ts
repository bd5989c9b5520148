import {
  errorBody,
  ocpiPartnerCommandListResponse,
  ocpiPartnerCommandRequest,
  ocpiPartnerCommandResponse,
  ocpiPartnerParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { partnerCommandList, sendPartnerCommand } from './ocpi-commands-emsp.service'
import type { OcpiSettings } from './ocpi-handshake.service'

// As the other partner routes (ocpi-partner.routes.ts): entity admins, or edit / read on `iam / roaming/*`.
const edit = { permission: { app: 'iam', resource: 'roaming/*', action: 'edit' } } as const
const read = { permission: { app: 'iam', resource: 'roaming/*', action: 'read' } } as const
const tags = ['roaming']

/** Commands to roaming partners (issue 17), under /api/main. */
export function ocpiCommandRoutes(app: FastifyInstance, settings: OcpiSettings): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/ocpi/partners/:id/commands',
    {
      config: edit,
      schema: {
        tags,
        summary:
          "Sends a partner CPO a command (start or stop a session, unlock a connector); answers the partner's CommandResponse",
        params: ocpiPartnerParams,
        body: ocpiPartnerCommandRequest,
        response: {
          200: ocpiPartnerCommandResponse,
          ...errorResponses,
          409: errorBody.describe('The partner is not connected, or takes no commands'),
          502: errorBody.describe('The partner could not be reached, or did not answer a CommandResponse'),
          503: errorBody.describe('Roaming is not configured on this server'),
        },
      },
    },
    async (request) => ({
      data: await sendPartnerCommand(app.db, settings, callerOf(request), request.params.id, request.body),
    }),
  )
  r.get(
    '/ocpi/partners/:id/commands',
    {
      config: read,
      schema: {
        tags,
        summary: 'The latest commands with a partner, both ways, newest first, with their answers',
        params: ocpiPartnerParams,
        response: { 200: ocpiPartnerCommandListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await partnerCommandList(app.db, callerOf(request), request.params.id),
    }),
  )
}
