import type { RuntimeConfig } from '@portal/contract'
import { DEFAULT_SERVICE_BASES, runtimeConfig } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from '../../config/env'

/** What the web app reads before it renders: the environment (nav colour) and each service's base URL. */
export function configRoutes(app: FastifyInstance, config: Config) {
  const body: RuntimeConfig = {
    portal_env: config.portalEnv,
    services: DEFAULT_SERVICE_BASES,
    test_mode: config.testMode,
    closed_loop_next_refresh_time: config.closedLoopNextRefreshTime,
    map_tile_url: config.mapTileUrl,
    map_tile_attribution: config.mapTileAttribution,
    // Whether SSO is on, never its settings: the secret stays on the server.
    sso_enabled: config.oidc !== null,
  }
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Runtime configuration of the web app',
        security: [],
        response: { 200: runtimeConfig },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(body),
  )
}
