import type { FastifyInstance, FastifyRequest } from 'fastify'
import { timingSafeEqual, createHash } from 'node:crypto'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Config } from '../config/env'
import type { DatabaseHandle } from '../db/database'
import { registerJobMetrics } from '../jobs/job-metrics'

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (not prom-client's global one: several apps share a test process). */
    metrics: Registry
  }
}

/** Callers allowed to scrape without a token: this machine only (the socket's address, never a forwarded one). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/** Compares digests so neither the length nor the content of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

function mayScrape(request: FastifyRequest, token: string | null): 'ok' | 'unauthorized' | 'hidden' {
  if (token !== null) {
    const header = request.headers.authorization ?? ''
    const match = /^Bearer (.+)$/.exec(header)
    return match?.[1] !== undefined && sameToken(match[1], token) ? 'ok' : 'unauthorized'
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') ? 'ok' : 'hidden'
}

/**
 * `GET /metrics` in Prometheus' text format (docs/decisions/0096-metrics.md): Node's own metrics (event-loop lag,
 * memory, GC), request latency by route pattern, the PostgreSQL pool and the job queue.
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'metricsToken'>,
  handle: Pick<DatabaseHandle, 'poolStats'>,
): void {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  app.decorate('metrics', registry)

  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  // The route pattern, never the raw URL: ids in paths would make one series per id (unbounded cardinality).
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    )
    done()
  })

  const poolStats = handle.poolStats
  if (poolStats) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats()
        this.set({ state: 'total' }, stats.total)
        this.set({ state: 'idle' }, stats.idle)
        this.set({ state: 'waiting' }, stats.waiting)
      },
    })
  }
  if (app.hasDecorator('jobs')) registerJobMetrics(registry, app.jobs)

  const token = config.metricsToken
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const verdict = mayScrape(request, token)
    if (verdict === 'unauthorized') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A metrics token is required' })
    }
    // Without a token the endpoint exists only for this machine; elsewhere it looks like any unknown path.
    if (verdict === 'hidden') return reply.code(404).send({ message: 'Not found' })
    const body = await registry.metrics()
    return reply.header('content-type', registry.contentType).send(body)
  })
}
