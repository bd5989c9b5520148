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
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireAuth } from '../../../plugins/auth'
import { errorResponses } from '../../../plugins/responses'
import type { AuthDeps, ClientInfo } from './auth.service'
import { login, logout, refresh } from './auth.service'
import { confirmAuthenticator, disableAuthenticator, registerAuthenticator } from './authenticator.service'
import { authenticateWithTotp, smsLogin, verifySmsLogin } from './mfa.service'
import { changePassword, checkResetLink, createResetLink, resetPassword } from './password.service'

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent']
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null }
}

const publicRoute = { config: { permission: 'public' } } as const
const signedIn = { config: { permission: 'authenticated' } } as const
const tags = ['iam']

export function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

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
    async (request) => ({ data: await login(db, deps, request.body, clientOf(request)) }),
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
    async (request) => ({ data: await authenticateWithTotp(db, deps, request.body, clientOf(request)) }),
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
    async (request) => ({ data: await verifySmsLogin(db, deps, request.body, clientOf(request)) }),
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
    async (request) => ({ data: await refresh(db, deps, request.body.refresh_token, clientOf(request)) }),
  )

  r.post(
    '/iam/logout',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Revoke the session's tokens",
        response: { 200: logoutResponse, ...errorResponses },
      },
    },
    async (request) => {
      await logout(db, requireAuth(request), clientOf(request))
      return { data: { logged_out: true } }
    },
  )

  r.put(
    '/iam/users/:id/authenticator/register',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its otpauth URI (for a QR code)',
        params: userIdParams,
        response: { 200: authenticatorRegisterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await registerAuthenticator(db, requireAuth(request), request.params.id, clientOf(request)),
    }),
  )

  r.put(
    '/iam/users/:id/authenticator/confirm',
    {
      ...signedIn,
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
        requireAuth(request),
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
      ...signedIn,
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
        requireAuth(request),
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
      data: await createResetLink(db, requireAuth(request), request.body.user_uuid, clientOf(request)),
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
      ...signedIn,
      schema: {
        tags,
        summary: "The signed-in user's own password (first login, or any time); other sessions end",
        body: changePasswordRequest,
        response: { 200: resetPasswordResponse, ...errorResponses },
      },
    },
    async (request) => {
      await changePassword(db, requireAuth(request), request.body, clientOf(request))
      return { data: { password_changed: true } }
    },
  )
}
