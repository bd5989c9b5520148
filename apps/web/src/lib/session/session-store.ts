import type { Entity, LoginData, User } from '@portal/contract'
import { landingPath, TOKEN_REFRESH_MS } from '@portal/contract'
import { useSyncExternalStore } from 'react'
import { getCookie, removeCookie, setCookie } from '../cookies'
import { setAuthHooks } from '../http'
import { queryClient } from '../query-client'
import {
  authenticateTotp,
  changeOwnPassword,
  fetchEntity,
  fetchUser,
  loginWithPassword,
  logoutSession,
  refreshSession,
  requestSmsCode,
  switchSessionEntity,
  verifySmsCode,
} from './session-api'

/** The auth state of A §3. `status` adds what the shell needs to know while a session is being restored. */
export interface SessionState {
  status: 'restoring' | 'anonymous' | 'authenticated'
  isLoggedIn: boolean
  user: User | null
  isPlatformAdmin: boolean
  token: string | null
  /**
   * When the refresh token expires. The token itself is in an HttpOnly cookie only the server reads
   * (docs/decisions/0093-refresh-cookie.md): no copy here, in a readable cookie, or in storage.
   */
  refreshTokenExpiry: number | null
  entityCode: string | null
  viewableApps: string[]
  entity: Entity | null
  mfaMode: LoginData['mfa_primary_mode']
  initialLogin: boolean
}

/** Where an older portal kept the refresh token readable by scripts; removed wherever it is still found. */
export const LEGACY_REFRESH_COOKIE = 'portal_refresh_token'
/** The last username (the login form's default). Set and cleared with the session, so it also says one may exist. */
export const USERNAME_COOKIE = 'portal_username'
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000

const ANONYMOUS: SessionState = {
  status: 'anonymous',
  isLoggedIn: false,
  user: null,
  isPlatformAdmin: false,
  token: null,
  refreshTokenExpiry: null,
  entityCode: null,
  viewableApps: [],
  entity: null,
  mfaMode: 'none',
  initialLogin: false,
}

let state: SessionState = { ...ANONYMOUS, status: 'restoring' }
const listeners = new Set<() => void>()
let refreshTimer: ReturnType<typeof setInterval> | null = null
let refreshing: Promise<boolean> | null = null

function set(next: Partial<SessionState>) {
  state = { ...state, ...next }
  for (const l of listeners) l()
}

export function getSession(): SessionState {
  return state
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}

function clearCookies() {
  removeCookie(LEGACY_REFRESH_COOKIE)
  removeCookie(USERNAME_COOKIE)
}

function stopRefreshTimer() {
  if (refreshTimer !== null) clearInterval(refreshTimer)
  refreshTimer = null
}

/** Token refresh on a timer every 240000 ms (A §9) while signed in. */
function startRefreshTimer() {
  stopRefreshTimer()
  refreshTimer = setInterval(() => {
    void refresh().then((ok) => {
      if (!ok) leaveAfterFailedRefresh()
    })
  }, TOKEN_REFRESH_MS)
}

/**
 * Takes a login/refresh answer: the access token, then the user and entity the shell shows. The answer's
 * refresh_token (for API clients) is not kept: the server has set it in its HttpOnly cookie.
 */
async function applyLogin(data: LoginData, username?: string): Promise<void> {
  const expiry = data.refresh_token_expires_at || Date.now() + SEVEN_DAYS_MS
  removeCookie(LEGACY_REFRESH_COOKIE)
  if (username !== undefined) setCookie(USERNAME_COOKIE, username, { expires: new Date(expiry) })
  set({
    token: data.token,
    refreshTokenExpiry: expiry,
    entityCode: data.entity_code,
    viewableApps: data.can_view_apps,
    isPlatformAdmin: data.is_beep_admin,
    mfaMode: data.mfa_primary_mode,
    initialLogin: data.is_initial_login,
  })
  const [user, entity] = await Promise.all([fetchUser(data.user_uuid), fetchEntity(data.entity_code)])
  set({ status: 'authenticated', isLoggedIn: true, user, entity })
  startRefreshTimer()
}

/**
 * The password step. Without MFA the session starts; with MFA the answer carries the challenge for the second
 * step (authenticator code, or an SMS code) and no session yet.
 */
export async function login(username: string, password: string): Promise<LoginData> {
  const data = await loginWithPassword({ username, password })
  if (data.token === '') {
    set({ mfaMode: data.mfa_primary_mode })
    return data
  }
  await applyLogin(data, username)
  return data
}

/** Second step with an authenticator app. */
export async function loginWithAuthenticator(
  mfaToken: string,
  code: string,
  username: string,
): Promise<void> {
  await applyLogin(await authenticateTotp({ mfa_token: mfaToken, code }), username)
}

/** Sends an SMS code: the second step of a password sign-in (mfaToken), or an SMS sign-in (username). */
export function sendSmsCode(input: { mfa_token: string } | { username: string }) {
  return requestSmsCode(input)
}

export async function loginWithSmsCode(mfaToken: string, code: string, username: string): Promise<void> {
  await applyLogin(await verifySmsCode({ mfa_token: mfaToken, code }), username)
}

/** The first-login password (A §3 initialLogin): once set, the portal opens. */
export async function setOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  await changeOwnPassword({ current_password: currentPassword, new_password: newPassword })
  set({ initialLogin: false })
}

/** The Web Locks name the tabs of this origin queue their refresh-token exchanges under. */
export const REFRESH_LOCK = 'portal-refresh-token'

/**
 * One exchange at a time across the tabs of this origin. The tabs share the cookie, so two sending it at once (two
 * tabs restored together when the browser starts, two timers that meet) would look like a replay to the server and
 * end the session in every tab. Under the lock the second exchange starts after the first has answered, and sends
 * the cookie that answer set. A browser without the Web Locks API exchanges at once, as before.
 */
function exchangeAcrossTabs(requestedAt: number): Promise<LoginData | 'adopted'> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined)
  if (locks === undefined) return refreshSession()
  // Under the lock: another tab may have exchanged while this one waited, and shared its access token.
  return locks.request(REFRESH_LOCK, () =>
    state.token !== null && adoptedAt > requestedAt ? ('adopted' as const) : refreshSession(),
  )
}

/** The BroadcastChannel the tabs of this origin share a fresh access token on. */
export const SESSION_CHANNEL = 'portal-session'

interface SharedToken {
  type: 'token'
  token: string
  entityCode: string
  userUuid: string
}

/**
 * A refresh ends the session's older access tokens (decision 0006), so a tab that exchanged would otherwise leave
 * every other tab with a dead token: their next call (a live event's re-read, a timer) would get a 401 and exchange
 * again, ending the first tab's token in turn, and so on for as long as things happen. The tab that exchanged tells
 * the others its new access token instead; a tab signed in as the same user in the same entity takes it. The
 * refresh token stays in its HttpOnly cookie, never in a message.
 */
let adoptedAt = 0
const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL)
channel?.addEventListener('message', (event: MessageEvent<SharedToken | null>) => {
  const shared = event.data
  if (shared?.type !== 'token' || state.token === null) return
  if (shared.entityCode !== state.entityCode || shared.userUuid !== state.user?.user_uuid) return
  adoptedAt = Date.now()
  set({ token: shared.token })
})

function shareToken(data: LoginData) {
  try {
    channel?.postMessage({
      type: 'token',
      token: data.token,
      entityCode: data.entity_code,
      userUuid: data.user_uuid,
    } satisfies SharedToken)
  } catch (err) {
    console.error('Sharing the new access token with the other tabs failed', err)
  }
}

/**
 * Exchanges the refresh token (the browser sends its HttpOnly cookie) for a new pair. Concurrent callers share
 * one exchange, because a refresh token is single-use: two parallel exchanges would look like a replay to the
 * server and end the session. Other tabs queue behind it (exchangeAcrossTabs).
 */
export function refresh(): Promise<boolean> {
  const requestedAt = Date.now()
  refreshing ??= exchangeAcrossTabs(requestedAt)
    .then(async (data) => {
      if (data === 'adopted') return true
      await applyLogin(data)
      shareToken(data)
      return true
    })
    .catch((err: unknown) => {
      console.error('Session refresh failed', err)
      endSession()
      return false
    })
    .finally(() => {
      refreshing = null
    })
  return refreshing
}

/**
 * Restores a session on load from the refresh-token cookie (A §4), or settles as signed out. Scripts cannot see
 * that cookie, so the username cookie, which lives and dies with the session, says whether to try: a visitor who
 * never signed in causes no failing call. A cookie that no longer works (401, 403) is a failed refresh: on a
 * digital-health page that means its own login page.
 */
export async function restoreSession(location: Location = window.location): Promise<void> {
  removeCookie(LEGACY_REFRESH_COOKIE)
  if (!getCookie(USERNAME_COOKIE)) {
    set({ ...ANONYMOUS })
    return
  }
  const ok = await refresh()
  if (!ok && location.pathname.includes('digital-health') && location.pathname !== '/digital-health/login') {
    leaveAfterFailedRefresh(location)
  }
}

function endSession() {
  stopRefreshTimer()
  clearCookies()
  set({ ...ANONYMOUS })
}

/** A failed refresh sends the user to the origin, or to the digital-health login from digital-health pages (A §4). */
export function leaveAfterFailedRefresh(location: Location = window.location) {
  location.assign(location.href.includes('digital-health') ? '/digital-health/login' : '/')
}

/** Logout (A §4): call the server, drop the cookies and the state even if the call fails. */
export async function logout(): Promise<void> {
  try {
    if (state.token) await logoutSession()
  } catch (err) {
    console.error('Logout call failed; clearing the session anyway', err)
  } finally {
    endSession()
  }
}

/**
 * Where the portal opens after switching to an entity with these industries: the landing page of a fresh start
 * (A §4 with firstLoad), so a vending entity opens on /machines, a CPO on /cpo, and one without a page of its own
 * on /.
 */
export function landingAfterSwitch(industries: readonly string[]): string {
  return landingPath({ loggedIn: true, industries, pathname: '/', firstLoad: true }) ?? '/'
}

/**
 * Acts in another entity (POST /iam/entities/switch). The server scopes the session to it from the next call;
 * here every cached query is dropped (lists, policies, navigation of the old entity must not show in the new one)
 * and the entity, its code and its viewable apps (A §6) replace the old ones, so whatever is on screen reloads.
 * Resolves with the landing page of the new entity. A failed switch is logged and rejected to the caller (A §8),
 * which shows the server's message; the session stays in its entity.
 */
export async function switchEntity(code: string): Promise<{ entity: Entity; landing: string }> {
  let data: Awaited<ReturnType<typeof switchSessionEntity>>
  try {
    data = await switchSessionEntity(code)
  } catch (err) {
    console.error(`Switching to entity ${code} failed`, err)
    throw err
  }
  // Only queries: a mutation in flight (the switch itself, from a screen) keeps its callbacks.
  queryClient.getQueryCache().clear()
  set({ entityCode: data.entity_code, entity: data.entity, viewableApps: data.can_view_apps })
  return { entity: data.entity, landing: landingAfterSwitch(data.entity.industries) }
}

/** Replaces the state wholesale (tests). */
export function resetSessionForTests(next: Partial<SessionState> = {}) {
  stopRefreshTimer()
  state = { ...ANONYMOUS, ...next }
  for (const l of listeners) l()
}

setAuthHooks({
  token: () => state.token,
  reauthorize: async () => {
    const ok = await refresh()
    if (!ok) leaveAfterFailedRefresh()
    return ok
  },
})
