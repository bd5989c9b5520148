import { LOGIN_PATH, SSO_ERROR_PARAM } from '@portal/contract'
import type { SsoError } from '@portal/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AuthDeps } from '../auth/auth.service'
import { clientOf } from '../auth/auth.routes'
import { setRefreshCookie } from '../auth/refresh-cookie'
import type { SsoClient } from './sso-client'
import { finishSso, SSO_ATTEMPT_TTL_MS, SsoFailure, startSso } from './sso.service'

export const SSO_CALLBACK_PATH = '/api/main/iam/sso/callback'
/** Binds a started sign-in to the browser that started it; Lax, so the provider's top-level redirect carries it. */
export const SSO_STATE_COOKIE = 'portal_sso_state'
/**
 * What the web reads to decide that a session may be restored from the refresh cookie (apps/web's session store
 * sets and clears it with the session). A sign-in that ends in a redirect has no script to set it, so the callback
 * does, with the web's own attributes: readable, path /, SameSite=Lax.
 */
export const USERNAME_COOKIE = 'portal_username'

export interface SsoRouteOptions {
  deps: AuthDeps
  /** null: SSO is not configured; both calls send the browser back to the login page saying so. */
  sso: SsoClient | null
  /** Where browsers reach the portal (PORTAL_PUBLIC_URL); null: the request's own origin. */
  publicUrl: string | null
}

const tags = ['iam']
const redirectOnly = { 302: z.void().describe('A redirect (to the provider, the portal, or the login page)') }

const loginWithError = (code: SsoError) => `${LOGIN_PATH}?${SSO_ERROR_PARAM}=${code}`

/**
 * GET /iam/sso/start and /iam/sso/callback (docs/decisions/0118-single-sign-on.md): the authorization code flow with
 * PKCE. Both are public and answer only redirects: the browser navigates through them.
 */
export function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db
  const { deps, sso } = options
  const redirectUriOf = (request: FastifyRequest) =>
    `${options.publicUrl ?? `${request.protocol}://${request.host}`}${SSO_CALLBACK_PATH}`
  const cookieAttributes = {
    httpOnly: true,
    secure: deps.secureCookies,
    sameSite: 'lax',
    path: SSO_CALLBACK_PATH,
  } as const
  const fail = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof SsoFailure)) throw err
    if (err.code === 'unavailable') app.log.warn({ sso: err.reason }, 'SSO unavailable')
    return reply.redirect(loginWithError(err.code), 302)
  }

  r.get(
    '/iam/sso/start',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'Start signing in with SSO: a redirect to the identity provider (authorization code with PKCE)',
        security: [],
        querystring: z.object({
          next: z
            .string()
            .max(2000)
            .optional()
            .describe('A path of the portal to open after; anything else is /'),
        }),
        response: redirectOnly,
      },
    },
    async (request, reply) => {
      if (!sso) return reply.redirect(loginWithError('unavailable'), 302)
      try {
        const started = await startSso(db, sso, {
          next: request.query.next,
          redirectUri: redirectUriOf(request),
        })
        void reply.setCookie(SSO_STATE_COOKIE, started.state, {
          ...cookieAttributes,
          maxAge: SSO_ATTEMPT_TTL_MS / 1000,
        })
        return await reply.header('cache-control', 'no-store').redirect(started.url.href, 302)
      } catch (err) {
        return fail(reply, err)
      }
    },
  )

  r.get(
    '/iam/sso/callback',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          "The identity provider's redirect back: signs in and opens the portal, or the login page saying why",
        security: [],
        // Read as received (openid-client checks every parameter); listed here for the API document.
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(2000).optional(),
          iss: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
        response: redirectOnly,
      },
    },
    async (request, reply) => {
      void reply.clearCookie(SSO_STATE_COOKIE, cookieAttributes).header('cache-control', 'no-store')
      if (!sso) return reply.redirect(loginWithError('unavailable'), 302)
      try {
        const query = new URL(request.url, 'http://portal.invalid').searchParams
        const { data, next, username } = await finishSso(
          db,
          deps,
          sso,
          { query, cookieState: request.cookies[SSO_STATE_COOKIE], redirectUri: redirectUriOf(request) },
          clientOf(request),
        )
        setRefreshCookie(reply, data, deps.secureCookies)
        void reply.setCookie(USERNAME_COOKIE, username, {
          path: '/',
          sameSite: 'lax',
          secure: deps.secureCookies,
          expires: new Date(data.refresh_token_expires_at),
        })
        return await reply.redirect(next, 302)
      } catch (err) {
        return fail(reply, err)
      }
    },
  )
}
