import { OCPI_HEADERS, OcpiCode, ocpiTokenCandidates } from '@portal/contract'
import type { OcpiModule } from '@portal/contract'
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify'
import type { Db } from '../../db/database'
import { isDatabaseUnavailable } from '../../db/database-errors'
import { MinuteLimiter } from '../../lib/minute-limiter'
import { OcpiError, ocpiUnauthorized } from './ocpi-envelope'
import { logMessage } from './ocpi-message-log'
import { partnerByTokenHash } from './ocpi.repository'
import type { OcpiPartnerRow } from './ocpi.table'

/*
 * The /ocpi scope (decision 0113): OCPI's own authentication, envelope and log, apart from the portal's.
 * - Every route declares `config.ocpi`: its module, and whether a partner still in its handshake (calling with the
 *   token it was given out of band) may use it: versions, version details and the credentials POST only.
 * - `Authorization: Token <base64>` names the partner by the SHA-256 of its token; a suspended partner is refused.
 * - Every answer is the envelope, errors included (2001 naming the field for a bad object, 2000 otherwise, 3000 for
 *   ours); X-Request-ID and X-Correlation-ID are echoed; every request of a known partner is logged with its answer.
 */

export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

declare module 'fastify' {
  interface FastifyContextConfig {
    ocpi?: { module: OcpiModule | null; handshake?: boolean }
  }
  interface FastifyRequest {
    /** The calling partner, set on every /ocpi route; read it through `requirePartner`. */
    ocpiPartner: OcpiPartnerRow | null
    /** The token it called with (a GET of the credentials answers it back). */
    ocpiToken: string | null
  }
}

/** The routes under /ocpi, for the tests that walk every one of them with bad tokens. */
export const OCPI_ROUTES: { method: HTTPMethods; url: string }[] = []

export function requirePartner(request: FastifyRequest): OcpiPartnerRow {
  if (!request.ocpiPartner)
    throw ocpiUnauthorized('Send the token you were given: Authorization: Token <base64>')
  return request.ocpiPartner
}

const plainId = (value: string | string[] | undefined) =>
  typeof value === 'string' && /^[\x21-\x7e]{1,64}$/.test(value) ? value : null

export function registerOcpiScope(app: FastifyInstance, db: Db, limits: { perMinute: number }): void {
  const limiter = new MinuteLimiter(limits.perMinute, 10_000)
  app.decorateRequest('ocpiPartner', null)
  app.decorateRequest('ocpiToken', null)
  app.addHook('onRoute', (route) => {
    if (route.config?.ocpi === undefined)
      throw new Error(`Route ${String(route.method)} ${route.url} under /ocpi must declare config.ocpi`)
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) if (method !== 'HEAD') OCPI_ROUTES.push({ method, url: route.url })
  })

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config.ocpi
    if (config === undefined) return
    let partner: OcpiPartnerRow | undefined
    let token: string | null = null
    for (const candidate of ocpiTokenCandidates(request.headers.authorization)) {
      partner = await partnerByTokenHash(db, tokenHash(candidate))
      if (partner) {
        token = candidate
        break
      }
    }
    if (!partner) throw ocpiUnauthorized('Unknown token: send Authorization: Token <base64 of your token>')
    if (partner.status === 'suspended') throw ocpiUnauthorized('This partner is suspended')
    const wait = limiter.take(partner.id, Date.now())
    if (wait !== null) {
      void reply.header('retry-after', String(wait))
      throw new OcpiError(
        429,
        OcpiCode.clientError,
        `Too many requests: at most ${String(limits.perMinute)} a minute; try again in ${String(wait)} s`,
      )
    }
    if (partner.status === 'pending' && config.handshake !== true)
      throw new OcpiError(403, OcpiCode.clientError, 'Register first: the credentials handshake is not done')
    request.ocpiPartner = partner
    request.ocpiToken = token
  })

  // The answer's bytes, for the log.
  const sent = new WeakMap<FastifyRequest, string>()
  app.addHook('onSend', (request, reply, payload, done) => {
    const correlation = plainId(request.headers[OCPI_HEADERS.correlationId.toLowerCase()])
    void reply.header(OCPI_HEADERS.correlationId, correlation ?? request.id)
    void reply.header(
      OCPI_HEADERS.requestId,
      plainId(request.headers[OCPI_HEADERS.requestId.toLowerCase()]) ?? request.id,
    )
    if (typeof payload === 'string') sent.set(request, payload)
    done(null, payload)
  })
  app.addHook('onResponse', async (request, reply) => {
    const partner = request.ocpiPartner
    if (!partner) return
    const body = sent.get(request) ?? null
    let ocpiStatus: number | null = null
    if (body !== null)
      try {
        const parsed = JSON.parse(body) as { status_code?: unknown }
        if (typeof parsed.status_code === 'number') ocpiStatus = parsed.status_code
      } catch {
        ocpiStatus = null
      }
    await logMessage(db, {
      partner_id: partner.id,
      direction: 'in',
      method: request.method,
      url: request.url,
      module: request.routeOptions.config.ocpi?.module ?? null,
      http_status: reply.statusCode,
      ocpi_status: ocpiStatus,
      request_id: plainId(request.headers[OCPI_HEADERS.requestId.toLowerCase()]),
      correlation_id: plainId(request.headers[OCPI_HEADERS.correlationId.toLowerCase()]),
      request_body: request.body === undefined || request.body === null ? null : JSON.stringify(request.body),
      response_body: body,
      latency_ms: Math.round(reply.elapsedTime),
      error: null,
      at: Date.now(),
    })
  })

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(new OcpiError(404, OcpiCode.clientError, 'No such OCPI endpoint').body),
  )
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    if (err instanceof OcpiError) return reply.status(err.httpStatus).send(err.body)
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500)
      // Fastify's own: malformed JSON, wrong content type, a body too large.
      return reply.status(status).send(new OcpiError(status, OcpiCode.clientError, err.message).body)
    if (isDatabaseUnavailable(err)) {
      void reply.header('retry-after', '5')
      return reply
        .status(503)
        .send(new OcpiError(503, OcpiCode.serverError, 'Briefly unavailable; try again').body)
    }
    request.log.error({ err }, 'OCPI request failed')
    return reply
      .status(500)
      .send(
        new OcpiError(500, OcpiCode.serverError, 'Something went wrong on our side; it has been logged').body,
      )
  })
}
