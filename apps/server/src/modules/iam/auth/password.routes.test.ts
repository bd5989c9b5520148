import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../../lib/tokens'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

describe.each(DIALECTS)('passwords on %s', (dialect) => {
  let t: TestApp
  let owner: string
  const uuidOf = async (username: string) =>
    (
      await t.database.db
        .selectFrom('app_user')
        .where('username', '=', username)
        .select('user_uuid')
        .executeTakeFirstOrThrow()
    ).user_uuid
  const statusOf = async (username: string) =>
    (
      await t.database.db
        .selectFrom('app_user')
        .where('username', '=', username)
        .select('status')
        .executeTakeFirstOrThrow()
    ).status
  const link = async (username: string, token = owner) =>
    call(t.app, 'POST', '/api/main/iam/users/reset-password-link', {
      token,
      body: { user_uuid: await uuidOf(username) },
    })
  const ottOf = (resetLink: string) => resetLink.split('/').pop() ?? ''

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    owner = await loginAs(t.app, 'vending')
  })
  afterAll(() => t.close())

  it('an owner sends a member a one-time link; the user moves to Pending Reset and can still sign in', async () => {
    const r = await link('viewer')
    expect(r.status).toBe(200)
    expect(r.body.data.reset_link).toMatch(/^\/reset-password\/[\w-]{20,}$/)
    expect(r.body.data.status).toBe(3)
    expect(await statusOf('viewer')).toBe(3)
    expect(r.body.data.expires_at - Date.now()).toBeGreaterThan(23 * 3600_000)
    await loginAs(t.app, 'viewer')
  })

  it('stores only the hash of the link', async () => {
    const r = await link('viewer')
    const ott = ottOf(r.body.data.reset_link)
    const rows = await t.database.db.selectFrom('password_reset').select('token_hash').execute()
    expect(rows.some((row) => row.token_hash === ott)).toBe(false)
    expect(rows.some((row) => row.token_hash === hashToken(ott))).toBe(true)
  })

  it('checks the password rule, then sets it once: the link is spent and every session of the user ends', async () => {
    const session = await loginAs(t.app, 'viewer')
    const ott = ottOf((await link('viewer')).body.data.reset_link)
    const check = await call(t.app, 'GET', `/api/main/iam/reset-password/${ott}`)
    expect(check.body.data.username).toBe('viewer')

    const short = await call(t.app, 'POST', `/api/main/iam/reset-password/${ott}`, {
      body: { password: 'abc' },
    })
    expect(short.status).toBe(400)
    expect(short.body.error.message).toBe('body.password: Use at least 8 characters')
    const named = await call(t.app, 'POST', `/api/main/iam/reset-password/${ott}`, {
      body: { password: 'my-viewer-pass' },
    })
    expect(named.status).toBe(400)
    expect(named.body.error.issues).toEqual([
      { path: 'body.password', message: 'The password must not contain your username' },
    ])

    const ok = await call(t.app, 'POST', `/api/main/iam/reset-password/${ott}`, {
      body: { password: 'Harbour-Lights-77' },
    })
    expect(ok.status).toBe(200)
    expect(await statusOf('viewer')).toBe(1)
    expect((await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: session })).status).toBe(401)
    expect(
      (
        await call(t.app, 'POST', '/api/main/iam/login', {
          body: { username: 'viewer', password: 'demo1234' },
        })
      ).status,
    ).toBe(401)
    await loginAs(t.app, 'viewer', 'Harbour-Lights-77')

    const reuse = await call(t.app, 'POST', `/api/main/iam/reset-password/${ott}`, {
      body: { password: 'Another-Pass-88' },
    })
    expect(reuse.status).toBe(404)
    expect((await call(t.app, 'GET', `/api/main/iam/reset-password/${ott}`)).status).toBe(404)
  })

  it('refuses an expired link', async () => {
    const ott = ottOf((await link('mfa')).body.data.reset_link)
    await t.database.db
      .updateTable('password_reset')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(ott))
      .execute()
    const r = await call(t.app, 'POST', `/api/main/iam/reset-password/${ott}`, {
      body: { password: 'Harbour-Lights-77' },
    })
    expect(r.status).toBe(404)
    expect(r.body.error.message).toMatch(/expired or has already been used/)
  })

  it('a Pending Activation user (2) sets a first password with the link and becomes Active', async () => {
    await t.database.db.updateTable('app_user').set({ status: 2 }).where('username', '=', 'srs').execute()
    expect(
      (await call(t.app, 'POST', '/api/main/iam/login', { body: { username: 'srs', password: 'demo1234' } }))
        .status,
    ).toBe(403)
    const admin = await loginAs(t.app, 'admin')
    const r = await link('srs', admin)
    expect(r.body.data.status).toBe(2)
    const ok = await call(t.app, 'POST', `/api/main/iam/reset-password/${ottOf(r.body.data.reset_link)}`, {
      body: { password: 'Sunrise-Pass-12' },
    })
    expect(ok.status).toBe(200)
    expect(await statusOf('srs')).toBe(1)
  })

  it('refuses a link for an inactive user, and hides users of other entities', async () => {
    await t.database.db
      .updateTable('app_user')
      .set({ status: 4 })
      .where('username', '=', 'medicord')
      .execute()
    const admin = await loginAs(t.app, 'admin')
    expect((await link('medicord', admin)).status).toBe(400)
    expect((await link('cpo')).status).toBe(404)
    const viewer = await loginAs(t.app, 'viewer', 'Harbour-Lights-77')
    expect((await link('vending', viewer)).status).toBe(403)
  })

  it("changes the signed-in user's own password and clears the first-login flag", async () => {
    await t.database.db
      .updateTable('app_user')
      .set({ is_initial_login: 1 })
      .where('username', '=', 'fleet')
      .execute()
    const login = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'fleet', password: 'demo1234' },
    })
    expect(login.body.data.is_initial_login).toBe(true)
    const token = login.body.data.token as string
    const wrong = await call(t.app, 'POST', '/api/main/iam/users/change-password', {
      token,
      body: { current_password: 'nope', new_password: 'Harbour-Route-2026' },
    })
    expect(wrong.body.error.message).toBe('body.current_password: The current password is not correct')
    const same = await call(t.app, 'POST', '/api/main/iam/users/change-password', {
      token,
      body: { current_password: 'demo1234', new_password: 'demo1234' },
    })
    expect(same.status).toBe(400)
    const ok = await call(t.app, 'POST', '/api/main/iam/users/change-password', {
      token,
      body: { current_password: 'demo1234', new_password: 'Harbour-Route-2026' },
    })
    expect(ok.status).toBe(200)
    expect((await call(t.app, 'GET', '/api/main/iam/entities/FLEET', { token })).status).toBe(200)
    const again = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'fleet', password: 'Harbour-Route-2026' },
    })
    expect(again.body.data.is_initial_login).toBe(false)
  })

  it('audits links, resets and changes', async () => {
    const actions = (await t.database.db.selectFrom('audit_log').select('action').distinct().execute()).map(
      (a) => a.action,
    )
    expect(actions).toEqual(
      expect.arrayContaining(['password_reset_link', 'password_reset', 'password_changed']),
    )
  })
})
