import type { LoginData } from '@portal/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getCookie, removeCookie, setCookie } from '../cookies'
import * as api from './session-api'
import type * as SessionApi from './session-api'
import {
  getSession,
  LEGACY_REFRESH_COOKIE,
  login,
  logout,
  refresh,
  resetSessionForTests,
  restoreSession,
  SESSION_CHANNEL,
  USERNAME_COOKIE,
} from './session-store'

vi.mock('./session-api', async (original) => ({
  ...(await original<typeof SessionApi>()),
  loginWithPassword: vi.fn(),
  refreshSession: vi.fn(),
  logoutSession: vi.fn(),
  fetchUser: vi.fn(),
  fetchEntity: vi.fn(),
}))

const DATA: LoginData = {
  user_uuid: 'u-1',
  is_beep_admin: false,
  token: 'access-1',
  refresh_token: 'refresh-secret-1',
  refresh_token_expires_at: Date.now() + 7 * 24 * 3600 * 1000,
  entity_code: 'VEND',
  mfa_primary_mode: 'none',
  is_initial_login: false,
  can_view_apps: ['iot'],
}

const at = (path: string, assign = vi.fn()) =>
  ({ pathname: path, href: `http://localhost${path}`, assign }) as unknown as Location

/** Every key and value of a storage. */
const dump = (storage: Storage) =>
  Array.from({ length: storage.length }, (_, i) => {
    const key = storage.key(i) ?? ''
    return `${key}=${storage.getItem(key) ?? ''}`
  }).join(';')

describe('the session store keeps no refresh token scripts can read', () => {
  beforeEach(() => {
    vi.mocked(api.fetchUser).mockResolvedValue({ user_uuid: 'u-1' } as Awaited<
      ReturnType<typeof api.fetchUser>
    >)
    vi.mocked(api.fetchEntity).mockResolvedValue({ code: 'VEND' } as Awaited<
      ReturnType<typeof api.fetchEntity>
    >)
  })
  afterEach(() => {
    vi.clearAllMocks()
    resetSessionForTests()
    removeCookie(USERNAME_COOKIE)
    removeCookie(LEGACY_REFRESH_COOKIE)
  })

  it('signs in without writing the refresh token anywhere a script sees it', async () => {
    vi.mocked(api.loginWithPassword).mockResolvedValue(DATA)
    await login('vending', 'demo1234')
    expect(getSession()).toMatchObject({ status: 'authenticated', token: 'access-1' })
    expect(JSON.stringify(getSession())).not.toContain('refresh-secret-1')
    expect(document.cookie).not.toContain('refresh-secret-1')
    expect(`${dump(localStorage)} ${dump(sessionStorage)}`).not.toContain('refresh-secret-1')
    expect(getCookie(USERNAME_COOKIE)).toBe('vending')
  })

  it('refreshes through the cookie: no token from the page', async () => {
    vi.mocked(api.refreshSession).mockResolvedValue({ ...DATA, token: 'access-2' })
    expect(await refresh()).toBe(true)
    expect(api.refreshSession).toHaveBeenCalledWith()
    expect(getSession().token).toBe('access-2')
  })

  it("shares a refreshed access token with the other tabs, and takes another tab's (same user and entity)", async () => {
    const other = new BroadcastChannel(SESSION_CHANNEL)
    const heard: unknown[] = []
    other.onmessage = (e: MessageEvent) => heard.push(e.data)
    vi.mocked(api.loginWithPassword).mockResolvedValue(DATA)
    await login('vending', 'demo1234')
    vi.mocked(api.refreshSession).mockResolvedValue({ ...DATA, token: 'access-2' })
    await refresh()
    await vi.waitFor(() => expect(heard).toHaveLength(1))
    // The access token only: the refresh token never leaves its cookie.
    expect(heard[0]).toEqual({ type: 'token', token: 'access-2', entityCode: 'VEND', userUuid: 'u-1' })
    expect(JSON.stringify(heard)).not.toContain('refresh-secret')

    other.postMessage({ type: 'token', token: 'access-from-a-tab', entityCode: 'VEND', userUuid: 'u-1' })
    await vi.waitFor(() => expect(getSession().token).toBe('access-from-a-tab'))
    other.postMessage({ type: 'token', token: 'another-users', entityCode: 'VEND', userUuid: 'u-2' })
    other.postMessage({ type: 'token', token: 'another-entitys', entityCode: 'CPO', userUuid: 'u-1' })
    await new Promise((r) => setTimeout(r, 50))
    expect(getSession().token).toBe('access-from-a-tab')
    other.close()
  })

  it('restores on load when a session may exist, and drops an old readable cookie', async () => {
    setCookie(USERNAME_COOKIE, 'vending')
    setCookie(LEGACY_REFRESH_COOKIE, 'old-readable-token')
    vi.mocked(api.refreshSession).mockResolvedValue(DATA)
    await restoreSession(at('/machines'))
    expect(api.refreshSession).toHaveBeenCalledTimes(1)
    expect(getSession().status).toBe('authenticated')
    expect(getCookie(LEGACY_REFRESH_COOKIE)).toBeUndefined()
  })

  it('settles as signed out without a call when no session was opened here', async () => {
    await restoreSession(at('/'))
    expect(api.refreshSession).not.toHaveBeenCalled()
    expect(getSession().status).toBe('anonymous')
  })

  it('treats a refused restore (401/403) as signed out', async () => {
    setCookie(USERNAME_COOKIE, 'vending')
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.mocked(api.refreshSession).mockRejectedValue(new Error('403'))
    const assign = vi.fn()
    await restoreSession(at('/machines', assign))
    expect(getSession()).toMatchObject({ status: 'anonymous', isLoggedIn: false, token: null })
    expect(getCookie(USERNAME_COOKIE)).toBeUndefined()
    expect(assign).not.toHaveBeenCalled()
  })

  it('signs out: the server call (which clears the cookie), then the local state', async () => {
    vi.mocked(api.loginWithPassword).mockResolvedValue(DATA)
    await login('vending', 'demo1234')
    vi.mocked(api.logoutSession).mockResolvedValue({ data: { logged_out: true } })
    await logout()
    expect(api.logoutSession).toHaveBeenCalledTimes(1)
    expect(getSession().status).toBe('anonymous')
    expect(getCookie(USERNAME_COOKIE)).toBeUndefined()
  })
})

describe('refreshSession', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sends an empty refresh_token and the CSRF header; the browser adds the cookie', async () => {
    const { refreshSession } = await vi.importActual<typeof SessionApi>('./session-api')
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ data: DATA }), { headers: { 'content-type': 'application/json' } }),
      )
    await refreshSession()
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url as string).toMatch(/\/api\/main\/iam\/refresh-token$/)
    expect(JSON.parse(init?.body as string)).toEqual({ refresh_token: '' })
    expect(init?.headers).toMatchObject({ 'x-portal-csrf': '1' })
  })
})
