import { globalSearchRequest, globalSearchResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { globalSearch } from './search.service'

/**
 * The command palette's search (issue 18, docs/decisions/0115-global-search.md). Any signed-in user may call it: the
 * service searches only the kinds whose list the caller may read, as far as those lists reach.
 */
export function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/search',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['search'],
        summary: 'Objects of every kind the caller may read, by identifier (exact or prefix) or name',
        querystring: globalSearchRequest,
        response: { 200: globalSearchResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { results: await globalSearch(app.db, callerOf(request), request.query) } }),
  )
}
