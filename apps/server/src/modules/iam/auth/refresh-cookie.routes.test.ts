import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpAt, totpStep } from '../../../lib/totp'
import { DEMO_MFA_SECRET } from '../../../seed/demo-accounts'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, smsCodes } from '../../../test-support'

const LOGIN = '/api/main/iam/login'
const REFRESH = '/api/main/iam/refresh-token'
const SEVEN_DAYS_S = 7 * 24 * 3600

/** The Set-Cookie lines of an answer for the refresh cookie. */
function refreshCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie']
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header]
  return lines.filter((l) => l.startsWith('portal_refresh='))
}

/** The refresh cookie's value set by an answer (exactly one line expected). */
function cookieValue(response: LightMyRequestResponse): string {
  const lines = refreshCookies(response)
  expect(lines).toHaveLength(1)
  return decodeURIComponent(/^portal_refresh=([^;]*)/.exec(lines[0] ?? '')?.[1] ?? '')
}

const sameOrigin = { 'x-portal-csrf': '1', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' }

describe.each(DIALECTS)('the refresh token in an HttpOnly cookie on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
  })
  afterAll(() => t.close())

  const login = (username = 'vending') =>
    call(t.app, 'POST', LOGIN, { body: { username, password: 'demo1234' } })
  const viaCookie = (token: string, headers: Record<string, string> = sameOrigin) =>
    call(t.app, 'POST', REFRESH, {
      body: { refresh_token: '' },
      headers: { cookie: `portal_refresh=${encodeURIComponent(token)}`, ...headers },
    })

  it('login sets the cookie with exactly these attributes, and still answers refresh_token', async () => {
    const r = await login()
    expect(r.status).toBe(200)
    const [line] = refreshCookies(r.response)
    const attributes = (line ?? '').split('; ').slice(1).sort()
    expect(attributes).toEqual(
      [
        'HttpOnly',
        `Max-Age=${String(SEVEN_DAYS_S)}`,
        'Path=/api/main/iam/refresh-token',
        'SameSite=Strict',
      ].sort(),
    )
    expect(cookieValue(r.response)).toBe(r.body.data.refresh_token)
  })

  it('refreshes via the cookie with the CSRF header, and rotates the cookie', async () => {
    const first = cookieValue((await login()).response)
    const r = await viaCookie(first)
    expect(r.status).toBe(200)
    const second = cookieValue(r.response)
    expect(second).toBe(r.body.data.refresh_token)
    expect(second).not.toBe(first)
    // Without Origin and Sec-Fetch-Site (an older browser): the header alone is enough.
    expect((await viaCookie(second, { 'x-portal-csrf': '1' })).status).toBe(200)
  })

  it('refuses the cookie without the CSRF header, or from another site (403), and keeps the session', async () => {
    const token = cookieValue((await login()).response)
    const refused = [
      await viaCookie(token, {}),
      await viaCookie(token, { 'x-portal-csrf': 'yes' }),
      await viaCookie(token, { ...sameOrigin, origin: 'https://evil.example' }),
      await viaCookie(token, { ...sameOrigin, origin: 'null' }),
      await viaCookie(token, { ...sameOrigin, 'sec-fetch-site': 'cross-site' }),
      await viaCookie(token, { ...sameOrigin, 'sec-fetch-site': 'same-site' }),
    ]
    for (const r of refused) {
      expect(r.status).toBe(403)
      expect(r.body.error.code).toBe('FORBIDDEN')
    }
    // Nothing was spent: the token still works.
    expect((await viaCookie(token)).status).toBe(200)
  })

  it('a spent cookie token presented again revokes the session and clears the cookie', async () => {
    const first = cookieValue((await login()).response)
    const rotated = await viaCookie(first)
    expect(rotated.status).toBe(200)
    const replay = await viaCookie(first)
    expect(replay.status).toBe(401)
    expect(refreshCookies(replay.response)[0]).toMatch(/^portal_refresh=;.*Max-Age=0/)
    // The whole family ended: the new token and its access token too.
    expect((await viaCookie(cookieValue(rotated.response))).status).toBe(401)
    expect(
      (await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: rotated.body.data.token })).status,
    ).toBe(401)
  })

  it('keeps the body path unchanged, and names refresh_token when neither body nor cookie has one', async () => {
    const l = await login()
    const r = await call(t.app, 'POST', REFRESH, { body: { refresh_token: l.body.data.refresh_token } })
    expect(r.status).toBe(200)
    expect(r.body.data.refresh_token).not.toBe(l.body.data.refresh_token)
    // The body wins over a cookie, and needs no CSRF header (no cookie authority is used).
    const both = await call(t.app, 'POST', REFRESH, {
      body: { refresh_token: r.body.data.refresh_token },
      headers: { cookie: 'portal_refresh=garbage' },
    })
    expect(both.status).toBe(200)
    const none = await call(t.app, 'POST', REFRESH, { body: { refresh_token: '' }, headers: sameOrigin })
    expect(none.status).toBe(400)
    expect(none.body.error.issues[0].path).toBe('body.refresh_token')
    const missing = await call(t.app, 'POST', REFRESH, { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toContain('refresh_token')
  })

  it('logout revokes the session and clears the cookie, even when its access token is refused', async () => {
    const l = await login()
    const out = await call(t.app, 'POST', '/api/main/iam/logout', { token: l.body.data.token })
    expect(out.status).toBe(200)
    const [cleared] = refreshCookies(out.response)
    expect(cleared).toMatch(/^portal_refresh=;/)
    expect(cleared).toContain('Path=/api/main/iam/refresh-token')
    expect(cleared).toContain('HttpOnly')
    expect(cleared).toContain('Max-Age=0')
    expect((await viaCookie(cookieValue(l.response))).status).toBe(401)

    const refused = await call(t.app, 'POST', '/api/main/iam/logout', { token: 'not-a-token' })
    expect(refused.status).toBe(401)
    expect(refreshCookies(refused.response)[0]).toMatch(/^portal_refresh=;.*Max-Age=0/)
  })

  it('the TOTP and SMS second steps set the cookie; the password step of an MFA user does not', async () => {
    const step = await call(t.app, 'POST', LOGIN, { body: { username: 'mfa', password: 'demo1234' } })
    expect(step.status).toBe(200)
    expect(refreshCookies(step.response)).toEqual([])
    const totp = await call(t.app, 'POST', '/api/main/iam/authenticate', {
      body: { mfa_token: step.body.data.mfa_token, code: totpAt(DEMO_MFA_SECRET, totpStep(Date.now())) },
    })
    expect(totp.status).toBe(200)
    expect(cookieValue(totp.response)).toBe(totp.body.data.refresh_token)

    const user = await t.database.db
      .selectFrom('app_user')
      .where('username', '=', 'limo')
      .select('phone_number')
      .executeTakeFirstOrThrow()
    const sent = await call(t.app, 'POST', '/api/main/iam/sms-login', { body: { username: 'limo' } })
    expect(sent.status).toBe(200)
    const [code] = await smsCodes(t.app, user.phone_number ?? '')
    const sms = await call(t.app, 'POST', '/api/main/iam/verify-smslogin', {
      body: { mfa_token: sent.body.data.mfa_token, code },
    })
    expect(sms.status).toBe(200)
    expect(cookieValue(sms.response)).toBe(sms.body.data.refresh_token)
  })
})

describe('the refresh cookie outside development', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite', { scale: 0.005, config: { portalEnv: 'uat' } })
  })
  afterAll(() => t.close())

  it('is Secure', async () => {
    const r = await call(t.app, 'POST', LOGIN, { body: { username: 'vending', password: 'demo1234' } })
    expect(refreshCookies(r.response)[0]).toContain('; Secure')
  })
})
