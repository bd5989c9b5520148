import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy is picked up on the
 * next navigation. Every non-API path that is not a file falls back to index.html (history-mode routing).
 */
export async function registerWeb(app: FastifyInstance, webDist: string | null) {
  const index = webDist === null ? null : join(webDist, 'index.html')
  const hasWeb = index !== null && existsSync(index)
  if (hasWeb && webDist !== null) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Wildcard: files built after start (a rebuild in place) are served too; misses fall to the handler below.
      index: false,
      setHeaders(reply, path) {
        void reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
    // The root is a directory to the static plugin (403 without an index); it is the app's home page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    )
  } else if (webDist !== null) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build -w @portal/web`; serving the API only')
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isApi = path.startsWith('/api/') || path === '/api' || path === '/healthz' || path === '/readyz'
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path)
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.status(404).send({
      error: {
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${path}`,
        message_code: 'no_route',
        params: { method: request.method, path },
      },
    })
  })
}
