import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

/**
 * Helmet's security headers on every answer (CSP, HSTS, X-Content-Type-Options, frame and referrer policies...).
 *
 * Helmet itself, not @fastify/helmet: the plugin calls `helmet(options)` again on every request, which re-parses the
 * CSP directives each time (1.5 % of the server's CPU under list load, issue 13 §4). The middleware is built once
 * here, and no route needs options of its own.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const middleware = helmet({
    // The SPA loads its own hashed scripts and styles; inline styles come from React style props.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  })
  app.addHook('onRequest', (request, reply, done) => {
    middleware(request.raw, reply.raw, (err?: unknown) => {
      if (err === undefined || err === null) done()
      // helmet only ever passes an Error; anything else is still a failure, never a silent pass.
      else done(err instanceof Error ? err : new Error('security headers: helmet failed'))
    })
  })
}
