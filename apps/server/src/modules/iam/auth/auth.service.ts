import type { LoginData } from '@portal/contract'
import { appsForIndustries, mfaModeSchema } from '@portal/contract'
import type { Db } from '../../../db/database'
import { HttpError, unauthorized } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { LoginLimiter } from '../../../lib/login-throttle'
import { dummyPasswordHash, verifyPassword } from '../../../lib/passwords'
import type { SmsSender } from '../../../lib/sms'
import { hashToken, newOpaqueToken, newUuid } from '../../../lib/tokens'
import { recordAudit } from '../audit/audit.repository'
import { authenticateApiKey, isApiKey } from '../service-accounts/api-key.service'
import { findEntityByCode, firstEntity } from '../entities/entity.repository'
import { findUserByUsername, membershipsOf } from '../users/user.repository'
import type { AppUserRow } from '../users/user.table'
import { refuseIfSsoRequired } from '../sso/sso-policy'
import type { AuthContext } from './auth-context'
import { createChallenge } from './challenge.repository'
import {
  createSession,
  expireAccessTokens,
  findToken,
  insertTokens,
  revokeSession,
  sessionStanding,
  spendToken,
} from './session.repository'

export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** How long the second step of a sign-in may take after the password step. */
export const CHALLENGE_TTL_MS = 10 * 60_000

/** What the session calls need besides the database; one instance per app. */
export interface AuthDeps {
  accessTokenTtlS: number
  throttle: LoginLimiter
  sms: SmsSender
  /** The refresh-token cookie's Secure attribute: everywhere but the plain-http development server. */
  secureCookies: boolean
}

export interface ClientInfo {
  ip: string | null
  userAgent: string | null
}

export const BAD_CREDENTIALS = 'Incorrect username or password'

/** Status rules of A §4: 1 Active and 3 Pending Reset may sign in; 2 and 4 may not, each with its own reason. */
const REFUSED_STATUS: Record<number, string> = {
  2: 'This account is pending activation: use the link in your invitation to set a password',
  4: 'This account is inactive: ask an administrator of your organisation to reactivate it',
}

export const SERVICE_ACCOUNT_SIGN_IN =
  'A service account cannot sign in: it calls the API with its keys (Authorization: Token <key>)'

export function refuseBarredUser(user: Pick<AppUserRow, 'status'> & Partial<Pick<AppUserRow, 'kind'>>): void {
  if (user.kind === 'service') throw new HttpError(403, 'FORBIDDEN', SERVICE_ACCOUNT_SIGN_IN)
  const refused = REFUSED_STATUS[user.status]
  if (refused !== undefined) throw new HttpError(403, 'FORBIDDEN', refused)
}

export function mfaModeOf(user: Pick<AppUserRow, 'mfa_primary_mode'>) {
  const mode = mfaModeSchema.safeParse(user.mfa_primary_mode)
  return mode.success ? mode.data : 'none'
}

/** Refuses with 429 and Retry-After while the username or the address is over its failure limit. */
export async function checkThrottle(deps: AuthDeps, username: string, client: ClientInfo): Promise<void> {
  const wait = await deps.throttle.retryAfterS(username, client.ip)
  if (wait !== null) {
    const minutes = Math.max(1, Math.ceil(wait / 60))
    throw new HttpError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many failed attempts: try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}`,
      { 'retry-after': String(wait) },
    ).withMessage('too_many_attempts', { minutes })
  }
}

async function startEntityOf(db: Db, user: AppUserRow): Promise<string | null> {
  if (user.default_entity_code !== null) return user.default_entity_code
  const memberships = await membershipsOf(db, user.id)
  if (memberships[0]) return memberships[0].entity_code
  if (user.is_platform_admin === 1) return (await firstEntity(db))?.code ?? null
  return null
}

async function viewableApps(db: Db, entityCode: string): Promise<string[]> {
  const entity = await findEntityByCode(db, entityCode)
  return entity ? appsForIndustries(parseJson<string[]>(entity.industries, [])) : []
}

async function issueTokens(db: Db, sessionId: string, deps: Pick<AuthDeps, 'accessTokenTtlS'>, now: number) {
  const token = newOpaqueToken()
  const refreshToken = newOpaqueToken()
  const refreshExpiresAt = now + REFRESH_TOKEN_TTL_MS
  await insertTokens(
    db,
    sessionId,
    [
      { hash: hashToken(token), kind: 'access', expiresAt: now + deps.accessTokenTtlS * 1000 },
      { hash: hashToken(refreshToken), kind: 'refresh', expiresAt: refreshExpiresAt },
    ],
    now,
  )
  return { token, refreshToken, refreshExpiresAt }
}

function loginBase(user: AppUserRow, entityCode: string) {
  return {
    user_uuid: user.user_uuid,
    is_beep_admin: user.is_platform_admin === 1,
    entity_code: entityCode,
    mfa_primary_mode: mfaModeOf(user),
    is_initial_login: user.is_initial_login === 1,
  }
}

async function entityOrRefuse(db: Db, user: AppUserRow): Promise<string> {
  const entityCode = await startEntityOf(db, user)
  if (entityCode === null)
    throw new HttpError(403, 'FORBIDDEN', 'This account does not belong to any organisation')
  return entityCode
}

/** Opens a session for a user who has proved who they are (password, and the second step when MFA is on). */
export async function completeLogin(
  db: Db,
  deps: AuthDeps,
  user: AppUserRow,
  client: ClientInfo,
  method: string,
  now = Date.now(),
  /** The entity the session acts in when the sign-in names one (SSO's entity claim); else the home entity. */
  actingEntityCode?: string,
): Promise<LoginData> {
  refuseBarredUser(user)
  if (method !== 'sso') await refuseIfSsoRequired(db, user)
  const entityCode = actingEntityCode ?? (await entityOrRefuse(db, user))
  const sessionId = newUuid()
  await createSession(
    db,
    { id: sessionId, userId: user.id, entityCode, ip: client.ip, userAgent: client.userAgent },
    now,
  )
  const issued = await issueTokens(db, sessionId, deps, now)
  await deps.throttle.recordSuccess(user.username)
  await recordAudit(db, {
    actorUserId: user.id,
    entityCode,
    action: 'login',
    objectType: 'user',
    objectId: user.user_uuid,
    ip: client.ip,
    after: { method },
  })
  return {
    ...loginBase(user, entityCode),
    token: issued.token,
    refresh_token: issued.refreshToken,
    refresh_token_expires_at: issued.refreshExpiresAt,
    can_view_apps: await viewableApps(db, entityCode),
  }
}

export async function recordFailedLogin(
  db: Db,
  deps: AuthDeps,
  username: string,
  user: Pick<AppUserRow, 'id' | 'user_uuid'> | undefined,
  client: ClientInfo,
  reason: string,
): Promise<void> {
  await deps.throttle.recordFailure(username, client.ip)
  await recordAudit(db, {
    actorUserId: user?.id ?? null,
    entityCode: null,
    action: 'login_failed',
    objectType: 'user',
    objectId: user?.user_uuid ?? null,
    ip: client.ip,
    after: { username, reason },
  })
}

/**
 * The password step. Without MFA it signs in. With MFA it proves the password only: the answer carries a
 * short-lived `mfa_token` for the second step and no usable token (A §4).
 */
export async function login(
  db: Db,
  deps: AuthDeps,
  input: { username: string; password: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<LoginData> {
  await checkThrottle(deps, input.username, client)
  const user = await findUserByUsername(db, input.username)
  // Verify against a dummy hash for unknown users so both failures take the same time and say the same thing.
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()))
  if (!user || !ok) {
    await recordFailedLogin(db, deps, input.username, user, client, user ? 'password' : 'unknown user')
    throw unauthorized(BAD_CREDENTIALS)
  }
  refuseBarredUser(user)
  // After the password: only who knows it learns that the entity requires SSO.
  await refuseIfSsoRequired(db, user)
  if (mfaModeOf(user) === 'none') return completeLogin(db, deps, user, client, 'password', now)

  const entityCode = await entityOrRefuse(db, user)
  const challenge = newOpaqueToken()
  await createChallenge(
    db,
    {
      tokenHash: hashToken(challenge),
      userId: user.id,
      kind: 'mfa',
      expiresAt: now + CHALLENGE_TTL_MS,
      ip: client.ip,
    },
    now,
  )
  await recordAudit(db, {
    actorUserId: user.id,
    entityCode,
    action: 'mfa_challenge',
    objectType: 'user',
    objectId: user.user_uuid,
    ip: client.ip,
    after: { mode: mfaModeOf(user) },
  })
  return {
    ...loginBase(user, entityCode),
    token: '',
    refresh_token: '',
    refresh_token_expires_at: 0,
    can_view_apps: [],
    mfa_token: challenge,
  }
}

/**
 * Exchanges a refresh token for a new pair. The old refresh token is spent; presenting a spent one again means it
 * was stolen or replayed, so the whole session (the token family) is revoked.
 */
export async function refresh(
  db: Db,
  deps: AuthDeps,
  refreshToken: string,
  client: ClientInfo,
  now = Date.now(),
): Promise<LoginData> {
  const hash = hashToken(refreshToken)
  const owner = await findToken(db, hash)
  if (!owner || owner.kind !== 'refresh' || owner.revoked_at !== null)
    throw unauthorized('Your session has ended')
  if (owner.spent_at !== null || !(await spendToken(db, hash, now))) {
    await revokeSession(db, owner.session_id, 'refresh_reuse', now)
    await recordAudit(db, {
      actorUserId: owner.user_id,
      entityCode: owner.entity_code,
      action: 'refresh_reuse',
      objectType: 'session',
      objectId: owner.session_id,
      ip: client.ip,
    })
    throw unauthorized('Your session has ended')
  }
  if (owner.expires_at <= now) throw unauthorized('Your session has expired')
  if (REFUSED_STATUS[owner.status] !== undefined) {
    await revokeSession(db, owner.session_id, 'user_status', now)
    throw unauthorized('Your session has ended')
  }
  await expireAccessTokens(db, owner.session_id, now)
  const issued = await issueTokens(db, owner.session_id, deps, now)
  return {
    user_uuid: owner.user_uuid,
    is_beep_admin: owner.is_platform_admin === 1,
    token: issued.token,
    refresh_token: issued.refreshToken,
    refresh_token_expires_at: issued.refreshExpiresAt,
    entity_code: owner.entity_code,
    mfa_primary_mode: mfaModeSchema.safeParse(owner.mfa_primary_mode).data ?? 'none',
    is_initial_login: owner.is_initial_login === 1,
    can_view_apps: await viewableApps(db, owner.entity_code),
  }
}

export async function logout(db: Db, auth: AuthContext, client: ClientInfo, now = Date.now()): Promise<void> {
  await revokeSession(db, auth.sessionId, 'logout', now)
  await recordAudit(db, {
    actorUserId: auth.userId,
    entityCode: auth.entityCode,
    action: 'logout',
    objectType: 'session',
    objectId: auth.sessionId,
    ip: client.ip,
  })
}

/** Resolves an access token to its caller, or null when it is unknown, expired, revoked or of a barred user. */
/**
 * Whether a session that was authenticated earlier may still be served, without its token (which may have expired
 * and been refreshed meanwhile): not revoked, its user not barred, still in the same entity, still refreshable.
 */
export async function sessionStillValid(db: Db, auth: AuthContext, now = Date.now()): Promise<boolean> {
  const standing = await sessionStanding(db, auth.sessionId, now)
  return (
    standing !== undefined &&
    !standing.revoked &&
    standing.refreshable &&
    standing.entityCode === auth.entityCode &&
    REFUSED_STATUS[standing.userStatus] === undefined
  )
}

/** Resolves a session's access token, or an integrator's API key (docs/decisions/0114), to its caller. */
export async function authenticate(db: Db, token: string, now = Date.now()): Promise<AuthContext | null> {
  if (isApiKey(token)) return authenticateApiKey(db, token, now)
  const owner = await findToken(db, hashToken(token))
  if (!owner || owner.kind !== 'access' || owner.revoked_at !== null || owner.expires_at <= now) return null
  if (REFUSED_STATUS[owner.status] !== undefined) return null
  return {
    sessionId: owner.session_id,
    userId: owner.user_id,
    userUuid: owner.user_uuid,
    username: owner.username,
    entityCode: owner.entity_code,
    isPlatformAdmin: owner.is_platform_admin === 1,
    membership: { entityCode: owner.entity_code, relation: owner.entity_relation },
  }
}
