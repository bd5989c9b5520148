import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { z } from 'zod'

const livenessResponse = z.object({ status: z.literal('ok') })

const readinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
})

/** How long readiness waits for the database's answer: a load balancer's probe must not hang. */
const READY_TIMEOUT_MS = 2_000

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)
  })
  try {
    return await Promise.race([sql`select 1`.execute(app.db).then(() => true), timeout])
  } catch (err) {
    app.log.warn({ err }, 'readiness: database unreachable')
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Two probes for a load balancer or an orchestrator:
 * - `/healthz`, liveness: the process answers. It never touches the database, so an outage does not get healthy
 *   instances restarted.
 * - `/readyz`, readiness: the database answers within 2 s. While it does not, send no traffic here.
 */
export function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/healthz',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: livenessResponse },
      },
    },
    () => ({ status: 'ok' as const }),
  )
  routes.get(
    '/readyz',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        security: [],
        response: { 200: readinessResponse, 503: readinessResponse },
      },
    },
    async (_request, reply) => {
      const up = await databaseAnswers(app)
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ready' : 'unavailable',
        database: up ? 'up' : 'down',
        dialect: app.dialect,
      })
    },
  )
}
