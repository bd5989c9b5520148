import { chargingHomeQuery, cpoHomeResponse, emspHomeResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { cpoHome, emspHome } from './home.service'

/** The homes summarise charging sessions (and the network they ran on): reading them needs read on sessions. */
const read = { permission: { app: 'ev', resource: 'sessions/*', action: 'read' } } as const

/**
 * The /cpo and /emsp home summaries (docs/decisions/0026-ev-home-users-devices.md): the caller's entity seen as a
 * charge point operator, or as an e-mobility service provider. Each entity sees only its own side's figures.
 */
export function chargingHomeRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/home/cpo',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary:
          "The CPO home: network, today's and this month's sessions, energy and revenue (UTC+8), running sessions, the trend and top locations",
        querystring: chargingHomeQuery,
        response: { 200: cpoHomeResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        summary: await cpoHome(app.db, callerOf(request).auth.entityCode, request.query.trend_days),
      },
    }),
  )

  r.get(
    '/home/emsp',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary:
          "The EMSP home: its customers' sessions, energy and spend today and this month (UTC+8), running sessions, app users, the trend and top CPO partners",
        querystring: chargingHomeQuery,
        response: { 200: emspHomeResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        summary: await emspHome(app.db, callerOf(request).auth.entityCode, request.query.trend_days),
      },
    }),
  )
}
