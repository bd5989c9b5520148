import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { z } from 'zod'

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
})

export function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        security: [],
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      let database: 'up' | 'down' = 'up'
      try {
        await sql`select 1`.execute(app.db)
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable')
        database = 'down'
      }
      const body = {
        status: database === 'up' ? ('ok' as const) : ('degraded' as const),
        database,
        dialect: app.dialect,
      }
      return reply.status(database === 'up' ? 200 : 503).send(body)
    },
  )
}
