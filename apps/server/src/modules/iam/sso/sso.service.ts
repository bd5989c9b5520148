import type { LoginData, SsoError } from '@portal/contract'
import { safeNextPath } from '@portal/contract'
import * as oidc from 'openid-client'
import type { Db } from '../../../db/database'
import { HttpError } from '../../../lib/errors'
import { hashToken } from '../../../lib/tokens'
import type { AuthDeps, ClientInfo } from '../auth/auth.service'
import { checkThrottle, completeLogin, recordFailedLogin, refuseBarredUser } from '../auth/auth.service'
import { isMemberOf } from '../users/user.repository'
import type { AppUserRow } from '../users/user.table'
import type { SsoClient } from './sso-client'
import { SsoUnavailable } from './sso-client'
import { findUsersByEmail, insertAttempt, pruneAttempts, takeAttempt } from './sso.repository'

/** How long a started sign-in may take at the provider. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60_000
const SCOPE = 'openid email profile'

/** A sign-in that did not succeed: the code the login page explains, and what the audit trail records. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoError,
    readonly reason: string,
  ) {
    super(reason)
  }
}

/**
 * Starts a sign-in: the PKCE verifier, the nonce and where to go after are kept server-side under the state's
 * digest (any instance can finish it), and the answer is the provider's authorization URL and the state for the
 * browser's cookie.
 */
export async function startSso(
  db: Db,
  sso: SsoClient,
  input: { next: unknown; redirectUri: string },
  now = Date.now(),
): Promise<{ url: URL; state: string }> {
  let config: oidc.Configuration
  try {
    config = await sso.configuration(now)
  } catch (err) {
    if (err instanceof SsoUnavailable) throw new SsoFailure('unavailable', err.message)
    throw err
  }
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  const codeVerifier = oidc.randomPKCECodeVerifier()
  await pruneAttempts(db, now)
  await insertAttempt(db, {
    state_hash: hashToken(state),
    code_verifier: codeVerifier,
    nonce,
    next_path: safeNextPath(input.next),
    expires_at: now + SSO_ATTEMPT_TTL_MS,
    created_at: now,
  })
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  })
  return { url, state }
}

type Claims = Record<string, unknown>

/** The ID token's claims, completed from userinfo when the ID token leaves out the e-mail (or the entity claim). */
async function claimsOf(
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  entityClaim: string | null,
): Promise<Claims> {
  const idClaims = tokens.claims()
  if (!idClaims) throw new SsoFailure('invalid_token', 'no ID token')
  const missing =
    idClaims.email === undefined ||
    idClaims.email_verified === undefined ||
    (entityClaim !== null && idClaims[entityClaim] === undefined)
  if (!missing) return idClaims
  // The ID token's claims win: they are signed; userinfo only adds what it left out (checked for the same subject).
  const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)
  return { ...info, ...idClaims }
}

/** The one existing user with this verified e-mail; SSO never creates users. */
async function matchUser(db: Db, claims: Claims): Promise<AppUserRow> {
  if (claims.email_verified !== true) throw new SsoFailure('unverified_email', 'e-mail not verified')
  const email = typeof claims.email === 'string' ? claims.email.trim() : ''
  if (email === '') throw new SsoFailure('no_user', 'no e-mail claim')
  const users = await findUsersByEmail(db, email)
  if (users.length > 1) throw new SsoFailure('no_user', 'more than one user has this e-mail')
  const user = users[0]
  if (!user) throw new SsoFailure('no_user', 'no user has this e-mail')
  return user
}

export interface SsoCallback {
  /** The callback's query as received: code, state, iss (or error). */
  query: URLSearchParams
  /** The state in the browser's cookie: the callback must come back to the browser that started it. */
  cookieState: string | undefined
  redirectUri: string
}

/**
 * Finishes a sign-in: spends the attempt (a replayed callback finds none), exchanges the code (openid-client checks
 * the issuer, the audience, the signature, the nonce and the PKCE verifier), matches the user and opens the portal
 * session exactly as a password sign-in does. A failure is audited as a failed login and thrown as an SsoFailure.
 */
export async function finishSso(
  db: Db,
  deps: AuthDeps,
  sso: SsoClient,
  input: SsoCallback,
  client: ClientInfo,
  now = Date.now(),
): Promise<{ data: LoginData; next: string; username: string }> {
  let user: AppUserRow | undefined
  let email = ''
  try {
    const state = input.query.get('state') ?? ''
    if (state === '' || input.cookieState !== state)
      throw new SsoFailure('expired', 'state missing or not this browser’s')
    const attempt = await takeAttempt(db, hashToken(state), now)
    if (!attempt) throw new SsoFailure('expired', 'attempt unknown, expired or already used')
    if (input.query.has('error'))
      throw new SsoFailure('denied', `provider answered ${input.query.get('error') ?? ''}`.slice(0, 200))
    const config = await sso.configuration(now)
    const currentUrl = new URL(input.redirectUri)
    currentUrl.search = input.query.toString()
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
    try {
      tokens = await oidc.authorizationCodeGrant(
        config,
        currentUrl,
        {
          pkceCodeVerifier: attempt.code_verifier,
          expectedNonce: attempt.nonce,
          expectedState: state,
          idTokenExpected: true,
        },
        { redirect_uri: input.redirectUri },
      )
    } catch (err) {
      throw new SsoFailure(
        'invalid_token',
        err instanceof Error ? err.message.slice(0, 200) : 'token exchange failed',
      )
    }
    const claims = await claimsOf(config, tokens, sso.settings.entityClaim).catch((err: unknown) => {
      if (err instanceof SsoFailure) throw err
      throw new SsoFailure(
        'invalid_token',
        err instanceof Error ? err.message.slice(0, 200) : 'userinfo failed',
      )
    })
    email = typeof claims.email === 'string' ? claims.email : ''
    user = await matchUser(db, claims)
    let entityCode: string | undefined
    if (sso.settings.entityClaim !== null) {
      const named = claims[sso.settings.entityClaim]
      if (typeof named !== 'string' || !(await isMemberOf(db, user.id, named)))
        throw new SsoFailure('not_member', `not a member of the entity the provider names`)
      entityCode = named
    }
    try {
      await checkThrottle(deps, user.username, client)
      refuseBarredUser(user)
      const data = await completeLogin(db, deps, user, client, 'sso', now, entityCode)
      return { data, next: attempt.next_path, username: user.username }
    } catch (err) {
      if (err instanceof HttpError) throw new SsoFailure('refused', err.message)
      throw err
    }
  } catch (err) {
    const failure =
      err instanceof SsoFailure
        ? err
        : err instanceof SsoUnavailable
          ? new SsoFailure('unavailable', err.message)
          : null
    if (!failure) throw err
    await recordFailedLogin(
      db,
      deps,
      user?.username ?? (email || 'sso'),
      user,
      client,
      `sso: ${failure.reason}`,
    )
    throw failure
  }
}
