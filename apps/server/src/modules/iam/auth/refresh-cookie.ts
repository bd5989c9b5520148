import type { LoginData } from '@portal/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { fieldError, forbidden } from '../../../lib/errors'
import { REFRESH_TOKEN_TTL_MS } from './auth.service'

/**
 * The refresh token in an HttpOnly cookie (issue 13 §3, docs/decisions/0093-refresh-cookie.md): the web never
 * holds it where a script could read it. Scoped to the refresh call alone, so no other request carries it. A new
 * name, not the old script-set `portal_refresh_token` (path /), so the two can never be confused in one request.
 */
export const REFRESH_COOKIE = 'portal_refresh'
export const REFRESH_COOKIE_PATH = '/api/main/iam/refresh-token'
/** The header a same-origin script adds; a cross-site form cannot, and a cross-site fetch would need a preflight. */
export const CSRF_HEADER = 'x-portal-csrf'

const attributes = (secure: boolean) =>
  ({ httpOnly: true, secure, sameSite: 'strict', path: REFRESH_COOKIE_PATH }) as const

/** Sets the cookie from a login or refresh answer; an MFA password step (no token yet) sets nothing. */
export function setRefreshCookie(reply: FastifyReply, data: LoginData, secure: boolean): void {
  if (data.refresh_token === '') return
  void reply.setCookie(REFRESH_COOKIE, data.refresh_token, {
    ...attributes(secure),
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  })
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(REFRESH_COOKIE, attributes(secure))
}

/**
 * The refresh token of a refresh call: the body's (API clients, unchanged), or when the body's is empty the
 * cookie's, which only a same-origin script of the portal may use: the CSRF header is required, and Origin and
 * Sec-Fetch-Site, when the browser sends them, must say same origin. Refused with 403.
 */
export function refreshTokenOf(request: FastifyRequest, bodyToken: string): string {
  if (bodyToken !== '') return bodyToken
  const cookie = request.cookies[REFRESH_COOKIE]
  if (cookie === undefined || cookie === '')
    throw fieldError('body.refresh_token', 'refresh_token is required (or the session cookie)')
  if (request.headers[CSRF_HEADER] !== '1')
    throw forbidden(`The session cookie needs the ${CSRF_HEADER} header`)
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin') throw forbidden('Cross-site session refresh refused')
  // The host only: behind a proxy that terminates TLS (TRUST_PROXY off) the request's protocol reads http while the
  // page's origin is https, and the scheme adds nothing a cross-site attacker could vary on the same host.
  const origin = request.headers.origin
  if (origin !== undefined && hostOf(origin) !== withoutDefaultPort(request.headers.host ?? ''))
    throw forbidden('Cross-origin session refresh refused')
  return cookie
}

/** `host[:port]` without a default port (80, 443), so `http://h:80` and a Host of `h` compare equal. */
const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '')

function hostOf(origin: string): string | null {
  try {
    return withoutDefaultPort(new URL(origin).host)
  } catch {
    return null
  }
}
