import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_MFA_SECRET } from '../../../seed/demo-accounts'
import { totpAt, totpStep } from '../../../lib/totp'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, smsCodes } from '../../../test-support'

const LOGIN = '/api/main/iam/login'

describe.each(DIALECTS)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
  })
  afterAll(() => t.close())

  const passwordStep = async (username: string) => {
    const r = await call(t.app, 'POST', LOGIN, { body: { username, password: 'demo1234' } })
    expect(r.status).toBe(200)
    return r.body.data as {
      token: string
      refresh_token: string
      mfa_token: string
      mfa_primary_mode: string
    }
  }
  const setMode = (username: string, mode: string, extra: Record<string, unknown> = {}) =>
    t.database.db
      .updateTable('app_user')
      .set({ mfa_primary_mode: mode, ...extra })
      .where('username', '=', username)
      .execute()

  describe('authenticator', () => {
    it('the password step gives no usable token, only a challenge', async () => {
      const step = await passwordStep('mfa')
      expect(step.mfa_primary_mode).toBe('authenticator')
      expect(step.token).toBe('')
      expect(step.refresh_token).toBe('')
      expect(step.mfa_token.length).toBeGreaterThan(20)
      expect(
        (await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: step.mfa_token })).status,
      ).toBe(401)
    })

    it('a right code completes the sign-in; the same code cannot be used again', async () => {
      const code = totpAt(DEMO_MFA_SECRET, totpStep(Date.now()))
      const first = await passwordStep('mfa')
      const ok = await call(t.app, 'POST', '/api/main/iam/authenticate', {
        body: { mfa_token: first.mfa_token, code },
      })
      expect(ok.status).toBe(200)
      expect(
        (await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: ok.body.data.token })).status,
      ).toBe(200)

      const second = await passwordStep('mfa')
      const replay = await call(t.app, 'POST', '/api/main/iam/authenticate', {
        body: { mfa_token: second.mfa_token, code },
      })
      expect(replay.status).toBe(401)
    })

    it('refuses a wrong code and an expired one, and spends a challenge used', async () => {
      const step = await passwordStep('mfa')
      const wrong = await call(t.app, 'POST', '/api/main/iam/authenticate', {
        body: { mfa_token: step.mfa_token, code: '000000' },
      })
      expect(wrong.status).toBe(401)
      expect(wrong.body.error.message).toBe('The code is not correct')
      const old = totpAt(DEMO_MFA_SECRET, totpStep(Date.now()) - 3)
      const expired = await call(t.app, 'POST', '/api/main/iam/authenticate', {
        body: { mfa_token: step.mfa_token, code: old },
      })
      expect(expired.status).toBe(401)
    })

    it('names a malformed code and a missing challenge', async () => {
      const r = await call(t.app, 'POST', '/api/main/iam/authenticate', { body: { code: '12ab' } })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('body.mfa_token')
      expect(r.body.error.message).toContain('body.code')
      const unknown = await call(t.app, 'POST', '/api/main/iam/authenticate', {
        body: { mfa_token: 'nope', code: '123456' },
      })
      expect(unknown.status).toBe(401)
    })

    it('spends the challenge after 5 wrong codes', async () => {
      const step = await passwordStep('mfa')
      await t.database.db.updateTable('auth_challenge').set({ attempts: 5 }).execute()
      const code = totpAt(DEMO_MFA_SECRET, totpStep(Date.now()) + 1)
      const r = await call(t.app, 'POST', '/api/main/iam/authenticate', {
        body: { mfa_token: step.mfa_token, code },
      })
      expect(r.status).toBe(401)
      expect(r.body.error.message).toMatch(/Too many wrong codes/)
    })
  })

  describe('registering an authenticator', () => {
    it('register, confirm with a code, then sign in needs a code; disable with the password', async () => {
      const login = await call(t.app, 'POST', LOGIN, {
        body: { username: 'campaigns', password: 'demo1234' },
      })
      const { token, user_uuid: uuid } = login.body.data
      const reg = await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/authenticator/register`, { token })
      expect(reg.status).toBe(200)
      expect(reg.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Operator%20Portal%3Acampaigns\?secret=/)
      const secret = reg.body.data.secret as string

      const wrong = await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/authenticator/confirm`, {
        token,
        body: { code: '000000' },
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body.error.message).toContain('body.code')
      const confirmed = await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/authenticator/confirm`, {
        token,
        body: { code: totpAt(secret, totpStep(Date.now())) },
      })
      expect(confirmed.body.data).toEqual({ mfa_primary_mode: 'authenticator' })

      const step = await passwordStep('campaigns')
      expect(step.token).toBe('')
      const disable = await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/authenticator/disable`, {
        token,
        body: { password: 'wrong' },
      })
      expect(disable.status).toBe(400)
      const off = await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/authenticator/disable`, {
        token,
        body: { password: 'demo1234' },
      })
      expect(off.body.data).toEqual({ mfa_primary_mode: 'none' })
      expect((await passwordStep('campaigns')).token).not.toBe('')
    })

    it("refuses to change someone else's two-factor settings (404 for another entity's user)", async () => {
      const vending = await loginAs(t.app, 'vending')
      const other = await call(t.app, 'POST', LOGIN, { body: { username: 'srs', password: 'demo1234' } })
      const url = (uuid: string) => `/api/main/iam/users/${uuid}/authenticator/register`
      expect((await call(t.app, 'PUT', url(other.body.data.user_uuid), { token: vending })).status).toBe(404)
      const member = await call(t.app, 'POST', LOGIN, { body: { username: 'viewer', password: 'demo1234' } })
      expect((await call(t.app, 'PUT', url(member.body.data.user_uuid), { token: vending })).status).toBe(403)
    })
  })

  describe('SMS', () => {
    it('second step: sends a code; a wrong code fails, the right one signs in, and it cannot be reused', async () => {
      await setMode('limo', 'sms')
      const step = await passwordStep('limo')
      expect(step.token).toBe('')
      const sent = await call(t.app, 'POST', '/api/main/iam/sms-login', {
        body: { mfa_token: step.mfa_token },
      })
      expect(sent.status).toBe(200)
      expect(sent.body.data.phone_hint).toMatch(/^••••\d{4}$/)
      const user = await t.database.db
        .selectFrom('app_user')
        .where('username', '=', 'limo')
        .select('phone_number')
        .executeTakeFirstOrThrow()
      const [code] = await smsCodes(t.app, user.phone_number ?? '')
      expect(code).toMatch(/^\d{6}$/)

      const bad = await call(t.app, 'POST', '/api/main/iam/verify-smslogin', {
        body: { mfa_token: step.mfa_token, code: code === '111111' ? '222222' : '111111' },
      })
      expect(bad.status).toBe(401)
      const ok = await call(t.app, 'POST', '/api/main/iam/verify-smslogin', {
        body: { mfa_token: step.mfa_token, code },
      })
      expect(ok.status).toBe(200)
      expect(ok.body.data.token).not.toBe('')
      const again = await call(t.app, 'POST', '/api/main/iam/verify-smslogin', {
        body: { mfa_token: step.mfa_token, code },
      })
      expect(again.status).toBe(401)
      await setMode('limo', 'none')
    })

    it('refuses a second code within 30 seconds', async () => {
      await setMode('busways', 'sms')
      const step = await passwordStep('busways')
      expect(
        (await call(t.app, 'POST', '/api/main/iam/sms-login', { body: { mfa_token: step.mfa_token } }))
          .status,
      ).toBe(200)
      const again = await call(t.app, 'POST', '/api/main/iam/sms-login', {
        body: { mfa_token: step.mfa_token },
      })
      expect(again.status).toBe(429)
      expect(Number(again.response.headers['retry-after'])).toBeGreaterThan(0)
      await setMode('busways', 'none')
    })

    it('SMS sign-in by username answers the same for an unknown user, and works for a known one', async () => {
      const unknown = await call(t.app, 'POST', '/api/main/iam/sms-login', {
        body: { username: 'nobody-here' },
      })
      const known = await call(t.app, 'POST', '/api/main/iam/sms-login', { body: { username: 'health' } })
      expect(unknown.status).toBe(200)
      expect(known.status).toBe(200)
      expect(Object.keys(unknown.body.data).sort()).toEqual(Object.keys(known.body.data).sort())
      expect(unknown.body.data.phone_hint).toBeNull()
      expect(known.body.data.phone_hint).toBeNull()

      const user = await t.database.db
        .selectFrom('app_user')
        .where('username', '=', 'health')
        .select('phone_number')
        .executeTakeFirstOrThrow()
      const [code] = await smsCodes(t.app, user.phone_number ?? '')
      const ok = await call(t.app, 'POST', '/api/main/iam/verify-smslogin', {
        body: { mfa_token: known.body.data.mfa_token, code },
      })
      expect(ok.status).toBe(200)
      const never = await call(t.app, 'POST', '/api/main/iam/verify-smslogin', {
        body: { mfa_token: unknown.body.data.mfa_token, code },
      })
      expect(never.status).toBe(401)
    })

    it('does not let an SMS sign-in bypass an authenticator', async () => {
      const before = (await smsCodes(t.app)).length
      const r = await call(t.app, 'POST', '/api/main/iam/sms-login', { body: { username: 'mfa' } })
      expect(r.status).toBe(200)
      expect((await smsCodes(t.app)).length).toBe(before)
    })
  })

  it('audits each two-factor step', async () => {
    const actions = await t.database.db.selectFrom('audit_log').select('action').distinct().execute()
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'mfa_challenge',
        'mfa_register',
        'mfa_enabled',
        'mfa_disabled',
        'mfa_sms_sent',
        'sms_login_sent',
        'login',
        'login_failed',
      ]),
    )
  })
})
