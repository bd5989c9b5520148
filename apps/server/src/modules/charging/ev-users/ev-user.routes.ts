import { evUserDetailResponse, evUserListQuery, evUserListResponse, evUserParams } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { getUser, listUsers } from './ev-user.service'

/** The EMSP's app users are its drivers: reading them needs read on drivers. */
const read = { permission: { app: 'ev', resource: 'drivers/*', action: 'read' } } as const

/** Step 5 (docs/decisions/0026-ev-home-users-devices.md): the EMSP's app users (/users). */
export function evUserRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/users',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: "The entity's app users, newest first, with their sessions this month",
        querystring: evUserListQuery,
        response: { 200: evUserListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await listUsers(app.db, app.counts, callerOf(request).auth.entityCode, request.query),
    }),
  )

  r.get(
    '/users/:uuid',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary: 'One app user: profile, charging totals (all time and this month) and recent sessions',
        params: evUserParams,
        response: { 200: evUserDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { user: await getUser(app.db, callerOf(request).auth.entityCode, request.params.uuid) },
    }),
  )
}
