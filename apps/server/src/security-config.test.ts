import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, parseTrustProxy } from './config/env'
import type { TestApp } from './test-support'
import { call, createTestApp, DIALECTS } from './test-support'

describe('development features need PORTAL_ENV=dev', () => {
  const cases: [Record<string, string>, boolean | 'throws'][] = [
    [{}, true],
    [{ PORTAL_ENV: 'dev', NODE_ENV: 'development' }, true],
    [{ PORTAL_DEV_FEATURES: '1' }, true],
    [{ PORTAL_DEV_FEATURES: '0' }, false],
    [{ PORTAL_ENV: 'prod' }, false],
    [{ PORTAL_ENV: 'uat' }, false],
    [{ PORTAL_ENV: 'staging' }, false],
    [{ NODE_ENV: 'production' }, false],
    [{ PORTAL_ENV: 'prod', PORTAL_DEV_FEATURES: '1' }, 'throws'],
    [{ PORTAL_ENV: 'uat', PORTAL_DEV_FEATURES: '1' }, 'throws'],
    [{ PORTAL_ENV: 'staging', PORTAL_DEV_FEATURES: '1' }, 'throws'],
    [{ NODE_ENV: 'production', PORTAL_DEV_FEATURES: '1' }, 'throws'],
  ]
  it.each(cases)('%j → %s', (env, expected) => {
    if (expected === 'throws') {
      expect(() => loadConfig(env)).toThrow(/contradictory configuration/)
      return
    }
    const config = loadConfig(env)
    expect(config.devFeatures).toBe(expected)
    expect(config.seedDemo).toBe(expected)
    expect(loadConfig({ ...env, PORTAL_TEST_MODE: '1' }).testMode).toBe(expected)
  })
})

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8', ['127.0.0.1', '10.0.0.0/8']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%j → %j', (value, expected) => expect(parseTrustProxy(value)).toEqual(expected))
  it.each(['true', 'yes', '10.0.0.0/8,everyone', '99'])('%j is refused with a clear message', (value) =>
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/),
  )
})

describe.each(DIALECTS)('a prod-like app on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    const prod = loadConfig({ PORTAL_ENV: 'prod', NODE_ENV: 'production' })
    t = await createTestApp(dialect, {
      scale: 0.005,
      config: {
        production: prod.production,
        portalEnv: 'prod',
        devFeatures: prod.devFeatures,
        testMode: false,
      },
    })
  })
  afterAll(() => t.close())

  it('has no dev routes, and an SMS code cannot be read', async () => {
    expect((await call(t.app, 'GET', '/api/main/dev/sms-outbox')).status).toBe(404)
    expect(
      (await call(t.app, 'POST', '/api/main/dev/expire-access-tokens', { body: { username: 'admin' } }))
        .status,
    ).toBe(404)
    await t.database.db
      .updateTable('app_user')
      .set({ mfa_primary_mode: 'sms' })
      .where('username', '=', 'limo')
      .execute()
    const step = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'limo', password: 'demo1234' },
    })
    const sent = await call(t.app, 'POST', '/api/main/iam/sms-login', {
      body: { mfa_token: step.body.data.mfa_token },
    })
    // No gateway is configured: the code is neither sent nor readable anywhere.
    expect(sent.status).not.toBe(200)
    expect((await call(t.app, 'GET', '/api/main/dev/sms-outbox')).status).toBe(404)
  })
})

describe.each(DIALECTS)('forwarded addresses on %s', (dialect) => {
  const rules = { username: { limit: 1000, windowMs: 60_000 }, address: { limit: 5, windowMs: 60_000 } }
  // A failed login costs a password hash (~0.25 s): small limits keep the suite fast; the default limit is 30.
  const fail = (t: TestApp, i: number) =>
    call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: `nobody${i}`, password: 'wrong-password' },
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    })

  it('by default X-Forwarded-For is ignored: 8 failures from "8 addresses" hit the real address limit', async () => {
    const t = await createTestApp(dialect, { seed: false, build: { throttle: rules } })
    try {
      const statuses: number[] = []
      for (let i = 1; i <= 8; i++) statuses.push((await fail(t, i)).status)
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    } finally {
      await t.close()
    }
  })

  it('with TRUST_PROXY=127.0.0.1 the forwarded address is the one limited', async () => {
    const t = await createTestApp(dialect, {
      seed: false,
      config: { trustProxy: parseTrustProxy('127.0.0.1') },
      build: { throttle: rules },
    })
    try {
      for (let i = 1; i <= 8; i++) expect((await fail(t, i)).status).toBe(401)
      // The same forwarded address over the limit is limited.
      const same: number[] = []
      for (let i = 0; i < 6; i++) same.push((await fail(t, 200)).status)
      expect(same).toEqual([401, 401, 401, 401, 401, 429])
    } finally {
      await t.close()
    }
  })
})
