import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
  })
  afterAll(() => t.close())

  it('signs in with the login response fields of A §3', async () => {
    const r = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'vending', password: 'demo1234' },
    })
    expect(r.status).toBe(200)
    expect(Object.keys(r.body.data).sort()).toEqual(
      [
        'can_view_apps',
        'entity_code',
        'is_beep_admin',
        'is_initial_login',
        'mfa_primary_mode',
        'refresh_token',
        'refresh_token_expires_at',
        'token',
        'user_uuid',
      ].sort(),
    )
    expect(r.body.data).toMatchObject({
      entity_code: 'VEND',
      is_beep_admin: false,
      mfa_primary_mode: 'none',
      is_initial_login: false,
      can_view_apps: ['iam', 'iot', 'payment', 'promo'],
    })
    expect(r.body.data.token).toMatch(/^[\w-]{40,}$/)
    const sevenDays = 7 * 24 * 3600 * 1000
    expect(Math.abs(r.body.data.refresh_token_expires_at - (Date.now() + sevenDays))).toBeLessThan(60_000)
  })

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'vending', password: 'nope' },
    })
    const unknown = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'nobody', password: 'nope' },
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.error.message).toBe('Incorrect username or password')
  })

  it('names the missing field in a 400', async () => {
    const r = await call(t.app, 'POST', '/api/main/iam/login', { body: { username: 'vending' } })
    expect(r.status).toBe(400)
    expect(r.body.error.code).toBe('BAD_REQUEST')
    expect(r.body.error.message).toContain('body.password')
  })

  it('rejects a body that is not JSON with a 400, not a 500', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/main/iam/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    })
    expect(r.statusCode).toBe(400)
    expect(r.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } })
  })

  it.each([
    [2, 'pending activation'],
    [4, 'inactive'],
  ])('refuses a user with status %i with a 403 that says why', async (status, words) => {
    await t.database.db.updateTable('app_user').set({ status }).where('username', '=', 'emsp').execute()
    const r = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'emsp', password: 'demo1234' },
    })
    expect(r.status).toBe(403)
    expect(r.body.error.message.toLowerCase()).toContain(words)
    await t.database.db.updateTable('app_user').set({ status: 1 }).where('username', '=', 'emsp').execute()
  })

  it('lets status 3 (Pending Reset) sign in', async () => {
    await t.database.db.updateTable('app_user').set({ status: 3 }).where('username', '=', 'limo').execute()
    const r = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'limo', password: 'demo1234' },
    })
    expect(r.status).toBe(200)
  })

  it('requires a Token on other calls and refuses unknown tokens', async () => {
    const none = await call(t.app, 'GET', '/api/main/iam/entities/VEND')
    expect(none.status).toBe(401)
    const bearer = await call(t.app, 'GET', '/api/main/iam/entities/VEND', {
      headers: { authorization: 'Bearer abc' },
    })
    expect(bearer.status).toBe(401)
    const made = await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: 'made-up-token' })
    expect(made.status).toBe(401)
    expect(made.body.error.code).toBe('UNAUTHORIZED')
  })

  it('stores tokens only as hashes', async () => {
    const token = await loginAs(t.app, 'crx')
    const rows = await t.database.db.selectFrom('auth_token').select('token_hash').execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
  })

  it('logs out: the token stops working', async () => {
    const token = await loginAs(t.app, 'vending')
    expect((await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token })).status).toBe(200)
    expect((await call(t.app, 'POST', '/api/main/iam/logout', { token })).status).toBe(200)
    expect((await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token })).status).toBe(401)
  })

  it('rotates refresh tokens and revokes the session when a spent one is replayed', async () => {
    const login = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'vending', password: 'demo1234' },
    })
    const first = login.body.data.refresh_token as string
    const rotated = await call(t.app, 'POST', '/api/main/iam/refresh-token', {
      body: { refresh_token: first },
    })
    expect(rotated.status).toBe(200)
    expect(rotated.body.data.refresh_token).not.toBe(first)
    const newToken = rotated.body.data.token as string
    // The access token issued before the rotation no longer works; the new one does.
    expect(
      (await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: login.body.data.token })).status,
    ).toBe(401)
    expect((await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: newToken })).status).toBe(200)

    const replay = await call(t.app, 'POST', '/api/main/iam/refresh-token', {
      body: { refresh_token: first },
    })
    expect(replay.status).toBe(401)
    expect((await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: newToken })).status).toBe(401)
    const second = await call(t.app, 'POST', '/api/main/iam/refresh-token', {
      body: { refresh_token: rotated.body.data.refresh_token },
    })
    expect(second.status).toBe(401)
    const audit = await t.database.db
      .selectFrom('audit_log')
      .where('action', '=', 'refresh_reuse')
      .selectAll()
      .execute()
    expect(audit.length).toBeGreaterThanOrEqual(1)
  })

  it('writes audit records for logins and failed logins', async () => {
    const before = await t.database.db
      .selectFrom('audit_log')
      .where('action', 'in', ['login', 'login_failed'])
      .selectAll()
      .execute()
    await call(t.app, 'POST', '/api/main/iam/login', { body: { username: 'srs', password: 'wrong' } })
    await loginAs(t.app, 'srs')
    const after = await t.database.db
      .selectFrom('audit_log')
      .where('action', 'in', ['login', 'login_failed'])
      .selectAll()
      .execute()
    expect(after.length - before.length).toBe(2)
  })

  it('locks a username after 5 failures, with Retry-After, even with the right password and for unknown names', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'POST', '/api/main/iam/login', {
        body: { username: 'cpo', password: `wrong-${String(i)}` },
      })
      expect(r.status).toBe(401)
    }
    const locked = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'cpo', password: 'demo1234' },
    })
    expect(locked.status).toBe(429)
    expect(locked.body.error.code).toBe('TOO_MANY_REQUESTS')
    expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(800)

    for (let i = 0; i < 5; i++) {
      await call(t.app, 'POST', '/api/main/iam/login', { body: { username: 'ghost', password: 'x' } })
    }
    const ghost = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'ghost', password: 'x' },
    })
    expect(ghost.status).toBe(429)
    expect(ghost.body.error.message).toBe(locked.body.error.message)
  })

  it('refuses an expired refresh token', async () => {
    const login = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'crx', password: 'demo1234' },
    })
    await t.database.db
      .updateTable('auth_token')
      .set({ expires_at: Date.now() - 1 })
      .where('kind', '=', 'refresh')
      .execute()
    const r = await call(t.app, 'POST', '/api/main/iam/refresh-token', {
      body: { refresh_token: login.body.data.refresh_token },
    })
    expect(r.status).toBe(401)
  })

  it('ends the sessions of a user made inactive', async () => {
    const login = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'voltnet', password: 'demo1234' },
    })
    await t.database.db.updateTable('app_user').set({ status: 4 }).where('username', '=', 'voltnet').execute()
    expect(
      (await call(t.app, 'GET', '/api/main/iam/entities/VOLT', { token: login.body.data.token })).status,
    ).toBe(401)
    const r = await call(t.app, 'POST', '/api/main/iam/refresh-token', {
      body: { refresh_token: login.body.data.refresh_token },
    })
    expect(r.status).toBe(401)
  })
})

describe.each(DIALECTS)('login limits per address on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    const throttle = {
      username: { limit: 100, windowMs: 60_000 },
      address: { limit: 3, windowMs: 60_000 },
    }
    t = await createTestApp(dialect, { scale: 0.005, build: { throttle } })
  })
  afterAll(() => t.close())

  it('refuses an address after its failures across usernames', async () => {
    for (const username of ['a', 'b', 'c']) {
      expect(
        (await call(t.app, 'POST', '/api/main/iam/login', { body: { username, password: 'x' } })).status,
      ).toBe(401)
    }
    const r = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'vending', password: 'demo1234' },
    })
    expect(r.status).toBe(429)
  })
})
