import {
  authenticateRequest,
  authenticatorConfirmRequest,
  authenticatorDisableRequest,
  authenticatorRegisterResponse,
  changePasswordRequest,
  loginRequest,
  loginResponse,
  logoutResponse,
  mfaStatusResponse,
  ottParams,
  refreshTokenRequest,
  resetPasswordCheckResponse,
  resetPasswordLinkRequest,
  resetPasswordLinkResponse,
  resetPasswordRequest,
  resetPasswordResponse,
  smsLoginRequest,
  smsLoginResponse,
  userIdParams,
  verifySmsLoginRequest,
} from '@portal/contract'
import type { LoginData } from '@portal/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { HttpError } from '../../../lib/errors'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import type { AuthDeps, ClientInfo } from './auth.service'
import { login, logout, refresh } from './auth.service'
import { confirmAuthenticator, disableAuthenticator, registerAuthenticator } from './authenticator.service'
import { authenticateWithTotp, smsLogin, verifySmsLogin } from './mfa.service'
import { changePassword, checkResetLink, createResetLink, resetPassword } from './password.service'
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './refresh-cookie'

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent']
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null }
}

const publicRoute = { config: { permission: 'public' } } as const
const signedIn = { config: { permission: 'authenticated' } } as const
/** A person's own session or account: an integrator's API key is refused (docs/decisions/0114). */
const ownSession = { config: { permission: 'authenticated', sessionOnly: true } } as const
const tags = ['iam']

export function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db
  /** Every answer that signs in also sets the refresh-token cookie (docs/decisions/0093-refresh-cookie.md). */
  const signIn = (reply: FastifyReply, data: LoginData) => {
    setRefreshCookie(reply, data, deps.secureCookies)
    return { data }
  }

  r.post(
    '/iam/login',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Sign in with username and password (with MFA on, answers a challenge for the second step)',
        security: [],
        body: loginRequest,
        response: { 200: loginResponse, ...errorResponses },
      },
    },
    async (request, reply) => signIn(reply, await login(db, deps, request.body, clientOf(request))),
  )

  r.post(
    '/iam/authenticate',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Second step: the authenticator code (RFC 6238, one step of clock skew)',
        security: [],
        body: authenticateRequest,
        response: { 200: loginResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      signIn(reply, await authenticateWithTotp(db, deps, request.body, clientOf(request))),
  )

  r.post(
    '/iam/sms-login',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Send a one-time code by SMS (second step with mfa_token, or an SMS sign-in with username)',
        security: [],
        body: smsLoginRequest,
        response: { 200: smsLoginResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await smsLogin(db, deps, request.body, clientOf(request)) }),
  )

  r.post(
    '/iam/verify-smslogin',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Complete a sign-in with the SMS code',
        security: [],
        body: verifySmsLoginRequest,
        response: { 200: loginResponse, ...errorResponses },
      },
    },
    async (request, reply) => signIn(reply, await verifySmsLogin(db, deps, request.body, clientOf(request))),
  )

  r.post(
    '/iam/refresh-token',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair (the old refresh token is spent)',
        security: [],
        body: refreshTokenRequest,
        response: { 200: loginResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = refreshTokenOf(request, request.body.refresh_token)
      try {
        return signIn(reply, await refresh(db, deps, token, clientOf(request)))
      } catch (err) {
        // A token that no longer works is dropped, so the browser stops presenting it.
        if (err instanceof HttpError && err.statusCode === 401) clearRefreshCookie(reply, deps.secureCookies)
        throw err
      }
    },
  )

  r.post(
    '/iam/logout',
    {
      ...ownSession,
      schema: {
        tags,
        summary: "Revoke the session's tokens",
        response: { 200: logoutResponse, ...errorResponses },
      },
      // Every answer clears the cookie, a refused one too (an expired access token, refused by the auth hook before
      // any handler): the browser signs out whatever happens, and a script cannot delete an HttpOnly cookie.
      onSend: (_request, reply, payload, done) => {
        clearRefreshCookie(reply, deps.secureCookies)
        done(null, payload)
      },
    },
    async (request) => {
      await logout(db, callerOf(request).auth, clientOf(request))
      return { data: { logged_out: true } }
    },
  )

  r.put(
    '/iam/users/:id/authenticator/register',
    {
      ...ownSession,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its otpauth URI (for a QR code)',
        params: userIdParams,
        response: { 200: authenticatorRegisterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await registerAuthenticator(db, callerOf(request).auth, request.params.id, clientOf(request)),
    }),
  )

  r.put(
    '/iam/users/:id/authenticator/confirm',
    {
      ...ownSession,
      schema: {
        tags,
        summary: 'Turn the authenticator on with a code from the app',
        params: userIdParams,
        body: authenticatorConfirmRequest,
        response: { 200: mfaStatusResponse, ...errorResponses },
      },
    },
    async (request) => {
      const mode = await confirmAuthenticator(
        db,
        callerOf(request).auth,
        request.params.id,
        request.body.code,
        clientOf(request),
      )
      return { data: { mfa_primary_mode: mode } }
    },
  )

  r.put(
    '/iam/users/:id/authenticator/disable',
    {
      ...ownSession,
      schema: {
        tags,
        summary: 'Turn the authenticator off with a current code or the password',
        params: userIdParams,
        body: authenticatorDisableRequest,
        response: { 200: mfaStatusResponse, ...errorResponses },
      },
    },
    async (request) => {
      const mode = await disableAuthenticator(
        db,
        callerOf(request).auth,
        request.params.id,
        request.body,
        clientOf(request),
      )
      return { data: { mfa_primary_mode: mode } }
    },
  )

  r.post(
    '/iam/users/reset-password-link',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'A one-time link (24 h) for a user to set a new password',
        body: resetPasswordLinkRequest,
        response: { 200: resetPasswordLinkResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await createResetLink(db, callerOf(request).auth, request.body.user_uuid, clientOf(request)),
    }),
  )

  r.get(
    '/iam/reset-password/:ott',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Whether a reset link can still be used, and for whom',
        security: [],
        params: ottParams,
        response: { 200: resetPasswordCheckResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await checkResetLink(db, request.params.ott) }),
  )

  r.post(
    '/iam/reset-password/:ott',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Set a new password with a reset link (the link is spent; every session of the user ends)',
        security: [],
        params: ottParams,
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, ...errorResponses },
      },
    },
    async (request) => {
      await resetPassword(db, request.params.ott, request.body.password, clientOf(request))
      return { data: { password_changed: true } }
    },
  )

  r.post(
    '/iam/users/change-password',
    {
      ...ownSession,
      schema: {
        tags,
        summary: "The signed-in user's own password (first login, or any time); other sessions end",
        body: changePasswordRequest,
        response: { 200: resetPasswordResponse, ...errorResponses },
      },
    },
    async (request) => {
      await changePassword(db, callerOf(request).auth, request.body, clientOf(request))
      return { data: { password_changed: true } }
    },
  )
}
