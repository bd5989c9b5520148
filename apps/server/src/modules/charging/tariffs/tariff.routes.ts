import { tariffDetailResponse, tariffListQuery, tariffListResponse, tariffParams } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { getTariff, listTariffs } from './tariff.service'

const read = { permission: { app: 'ev', resource: 'tariffs/*', action: 'read' } } as const

/**
 * Tariffs of the charging network (B §3 "Tariff", B §7 `GET pricing/tariffs`; docs/decisions/0022-tariffs.md): the
 * list, newest update first, and one tariff with its elements and where it is used.
 */
export function tariffRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/pricing/tariffs',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary:
          "The entity's tariffs, newest update first; date_from/date_to filter the last update (ms, to exclusive); data.count is the number returned (B §7)",
        querystring: tariffListQuery,
        response: { 200: tariffListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await listTariffs(app.db, callerOf(request), request.query) }),
  )

  r.get(
    '/pricing/tariffs/:id',
    {
      config: read,
      schema: {
        tags: ['charging'],
        summary:
          'One tariff with its elements, price components and restrictions, and the connectors it prices',
        params: tariffParams,
        response: { 200: tariffDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { tariff: await getTariff(app.db, callerOf(request), request.params.id) },
    }),
  )
}
