import { API_KEY_PATTERN } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../../lib/passwords'
import { hashToken } from '../../../lib/tokens'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../../test-support'

const BASE = '/api/main/iam/service-accounts'
const RATE_LIMIT = 25
const ALL = [{ app_code: '*', resource_code: '*', action_code: '*' }]
const MACHINES_READ = [{ app_code: 'iot', resource_code: 'machines/*', action_code: 'read' }]

describe.each(DIALECTS)('service accounts and API keys on %s', (dialect) => {
  let t: TestApp
  let owner: string
  let seq = 0

  const policy = async (token: string, statements: unknown[]) => {
    const r = await call(t.app, 'POST', '/api/main/iam/policies', {
      token,
      body: { name: `SA policy ${String(++seq)}`, statements },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.id as number
  }
  /** A service account of the token's entity with the grants given, and one key of it. */
  const accountWithKey = async (token: string, grants: Record<string, unknown>) => {
    const sa = await call(t.app, 'POST', BASE, {
      token,
      body: { name: `Integration ${String(++seq)}`, ...grants },
    })
    expect(sa.status, JSON.stringify(sa.body)).toBe(200)
    const uuid = sa.body.data.service_account.uuid as string
    const k = await call(t.app, 'POST', `${BASE}/${uuid}/keys`, { token, body: { name: 'ERP' } })
    expect(k.status, JSON.stringify(k.body)).toBe(200)
    return { uuid, key: k.body.data.key as string, keyId: k.body.data.api_key.uuid as string }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01, config: { apiKeyRateLimitPerMin: RATE_LIMIT } })
    owner = await loginAs(t.app, 'vending')
  })
  afterAll(() => t.close())

  it('creates an account, shows its key once and keeps only its digest; the key opens what its policies allow', async () => {
    const machinesRead = await policy(owner, MACHINES_READ)
    const created = await call(t.app, 'POST', BASE, {
      token: owner,
      body: { name: 'Warehouse ERP', description: 'Nightly stock sync', policy_ids: [machinesRead] },
    })
    expect(created.status).toBe(200)
    const account = created.body.data.service_account
    expect(account).toMatchObject({
      name: 'Warehouse ERP',
      description: 'Nightly stock sync',
      active_keys: 0,
    })
    expect(account.grants).toHaveLength(1)

    const made = await call(t.app, 'POST', `${BASE}/${account.uuid as string}/keys`, {
      token: owner,
      body: { name: 'Production' },
    })
    expect(made.status).toBe(200)
    const key = made.body.data.key as string
    expect(key).toMatch(API_KEY_PATTERN)
    expect(key.startsWith(`pk_${made.body.data.api_key.prefix as string}_`)).toBe(true)
    const row = await t.database.db
      .selectFrom('api_key')
      .where('uuid', '=', made.body.data.api_key.uuid as string)
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(row.digest).toBe(hashToken(key))
    expect(Object.values(row)).not.toContain(key)
    const listed = await call(t.app, 'GET', `${BASE}/${account.uuid as string}/keys`, { token: owner })
    expect(JSON.stringify(listed.body)).not.toContain(key)
    expect(listed.body.data.api_keys[0]).toMatchObject({ name: 'Production', revoked_at: null })

    const machines = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: key,
      body: { limit: 5, offset: 0 },
    })
    expect(machines.status).toBe(200)
    expect(machines.body.data.count).toBeGreaterThan(0)
    const users = await call(t.app, 'POST', '/api/main/iam/users/filter', {
      token: key,
      body: { limit: 5, offset: 0 },
    })
    expect(users.status).toBe(403)

    // The key list tells when and from where it was last used (written beside the request, not in its way).
    const used = await until('last use recorded', async () => {
      const r = await call(t.app, 'GET', `${BASE}/${account.uuid as string}/keys`, { token: owner })
      const k = r.body.data.api_keys[0]
      return k.last_used_at !== null ? k : undefined
    })
    expect(used.last_used_ip).toBe('127.0.0.1')

    // Not a person: no list of users shows it, nor counts it.
    const people = await call(t.app, 'POST', '/api/main/iam/users/filter', {
      token: owner,
      body: { limit: 1000, offset: 0, search: 'Warehouse ERP' },
    })
    expect(people.body.data.count).toBe(0)
    const accounts = await call(t.app, 'POST', `${BASE}/filter`, {
      token: owner,
      body: { limit: 10, offset: 0, search: 'warehouse' },
    })
    expect(accounts.body.data.service_accounts.map((a: { uuid: string }) => a.uuid)).toEqual([account.uuid])
    expect(accounts.body.data.service_accounts[0].active_keys).toBe(1)
  })

  it('works on every service prefix: Token on /api/charging, Bearer on /api/cases', async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const cpoKey = await accountWithKey(cpo, { policy_ids: [await policy(cpo, ALL)] })
    const home = await call(t.app, 'GET', '/api/charging/home/cpo?trend_days=30', { token: cpoKey.key })
    expect(home.status, JSON.stringify(home.body)).toBe(200)

    const health = await loginAs(t.app, 'health')
    const healthKey = await accountWithKey(health, { policy_ids: [await policy(health, ALL)] })
    // call() sends Bearer on /api/cases, as the verification-form client does.
    const sites = await call(t.app, 'GET', '/api/cases/cases/sites', { token: healthKey.key })
    expect(sites.status, JSON.stringify(sites.body)).toBe(200)
    const asToken = await t.app.inject({
      method: 'GET',
      url: '/api/cases/cases/sites',
      headers: { authorization: `Token ${healthKey.key}` },
    })
    expect(asToken.statusCode).toBe(401)
  })

  it("applies the grant's set: a key sees only the set's machines", async () => {
    const east = await t.database.db
      .selectFrom('resource_set')
      .where('entity_code', '=', 'VEND')
      .where('code', '=', 'east')
      .select('id')
      .executeTakeFirstOrThrow()
    const machinesRead = await policy(owner, MACHINES_READ)
    const scoped = await accountWithKey(owner, { grants: [{ policy_id: machinesRead, set_id: east.id }] })
    const all = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: owner,
      body: { limit: 1, offset: 0 },
    })
    const inSet = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: scoped.key,
      body: { limit: 1, offset: 0 },
    })
    expect(inSet.status).toBe(200)
    expect(inSet.body.data.count).toBeLessThan(all.body.data.count as number)
  })

  it('refuses an expired key, a revoked key at once, and the keys of a deleted account', async () => {
    const machinesRead = await policy(owner, MACHINES_READ)
    const a = await accountWithKey(owner, { policy_ids: [machinesRead] })
    const list = () =>
      call(t.app, 'POST', '/api/main/iot/machines/filter', { token: a.key, body: { limit: 1, offset: 0 } })
    expect((await list()).status).toBe(200)

    await t.database.db
      .updateTable('api_key')
      .set({ expires_at: Date.now() - 1 })
      .where('uuid', '=', a.keyId)
      .execute()
    const expired = await list()
    expect(expired.status).toBe(401)
    expect(expired.body.error.message).toMatch(/API key is not valid/)

    const b = await accountWithKey(owner, { policy_ids: [machinesRead] })
    const revoke = await call(t.app, 'DELETE', `${BASE}/${b.uuid}/keys/${b.keyId}`, { token: owner })
    expect(revoke.status).toBe(200)
    expect(revoke.body.data.api_key.revoked_at).not.toBeNull()
    const afterRevoke = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: b.key,
      body: { limit: 1, offset: 0 },
    })
    expect(afterRevoke.status).toBe(401)

    const c = await accountWithKey(owner, { policy_ids: [machinesRead] })
    expect((await call(t.app, 'DELETE', `${BASE}/${c.uuid}`, { token: owner })).status).toBe(200)
    expect((await call(t.app, 'GET', `${BASE}/${c.uuid}`, { token: owner })).status).toBe(404)
    const afterDelete = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: c.key,
      body: { limit: 1, offset: 0 },
    })
    expect(afterDelete.status).toBe(401)
  })

  it('limits each key to its rate a minute with 429 and Retry-After', async () => {
    const a = await accountWithKey(owner, { policy_ids: [await policy(owner, MACHINES_READ)] })
    const other = await accountWithKey(owner, { policy_ids: [await policy(owner, MACHINES_READ)] })
    for (let i = 0; i < RATE_LIMIT; i++) {
      const r = await call(t.app, 'GET', `/api/main/entity`, { token: a.key })
      expect(r.status).toBe(200)
    }
    const over = await call(t.app, 'GET', `/api/main/entity`, { token: a.key })
    expect(over.status).toBe(429)
    expect(Number(over.response.headers['retry-after'])).toBeGreaterThan(0)
    expect(over.body.error.message).toMatch(/Too many requests with this API key/)
    // Another key of the same entity is not held back.
    expect((await call(t.app, 'GET', `/api/main/entity`, { token: other.key })).status).toBe(200)
  })

  it('audits what a key changes under its service account', async () => {
    const a = await accountWithKey(owner, { policy_ids: [await policy(owner, ALL)] })
    const made = await call(t.app, 'POST', '/api/main/iam/policies', {
      token: a.key,
      body: { name: `Made by a key ${String(++seq)}`, statements: MACHINES_READ },
    })
    expect(made.status).toBe(200)
    const trail = await call(
      t.app,
      'GET',
      `/api/main/iam/audit?object_type=policy&object_id=${String(made.body.data.id)}`,
      { token: owner },
    )
    expect(trail.status).toBe(200)
    expect(JSON.stringify(trail.body.data)).toContain(a.uuid)
  })

  it("never signs a service account in, and refuses a key where a person's session is needed", async () => {
    const a = await accountWithKey(owner, { policy_ids: [await policy(owner, ALL)] })
    const username = `service.${a.uuid}`
    const guessed = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username, password: 'demo1234' },
    })
    expect(guessed.status).toBe(401)
    // Even with a password it somehow holds, the account is refused.
    await t.database.db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword('demo1234') })
      .where('user_uuid', '=', a.uuid)
      .execute()
    const withPassword = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username, password: 'demo1234' },
    })
    expect(withPassword.status).toBe(403)
    expect(withPassword.body.error.message).toMatch(/service account cannot sign in/)
    const link = await call(t.app, 'POST', '/api/main/iam/users/reset-password-link', {
      token: owner,
      body: { user_uuid: a.uuid },
    })
    expect(link.status).toBe(404)

    for (const [method, url, body] of [
      ['POST', '/api/main/iam/logout', undefined],
      ['POST', '/api/main/iam/entities/switch', { entity_code: 'VEND' }],
      [
        'POST',
        '/api/main/iam/users/change-password',
        { current_password: 'x', new_password: 'Long-Enough-1' },
      ],
      ['PUT', `/api/main/iam/users/${a.uuid}/authenticator/register`, undefined],
    ] as const) {
      const r = await call(t.app, method, url, { token: a.key, body })
      expect(r.status, url).toBe(403)
      expect(r.body.error.message, url).toMatch(/API key cannot call it/)
    }
  })

  it('answers 400 naming the field, and 404 for another entity', async () => {
    const noName = await call(t.app, 'POST', BASE, { token: owner, body: { policy_ids: [] } })
    expect(noName.status).toBe(400)
    expect(noName.body.error.issues.map((i: { path: string }) => i.path)).toContain('body.name')
    const badPolicy = await call(t.app, 'POST', BASE, {
      token: owner,
      body: { name: 'Bad', policy_ids: [99_999_999] },
    })
    expect(badPolicy.status).toBe(400)
    expect(badPolicy.body.error.issues[0].path).toBe('body.policy_ids.0')
    const a = await accountWithKey(owner, {})
    const past = await call(t.app, 'POST', `${BASE}/${a.uuid}/keys`, {
      token: owner,
      body: { name: 'Old', expires_at: Date.now() - 60_000 },
    })
    expect(past.status).toBe(400)
    expect(past.body.error.issues[0].path).toBe('body.expires_at')
    const noKeyName = await call(t.app, 'POST', `${BASE}/${a.uuid}/keys`, { token: owner, body: {} })
    expect(noKeyName.status).toBe(400)
    expect(noKeyName.body.error.issues[0].path).toBe('body.name')
    const count = await t.database.db
      .selectFrom('service_account')
      .where('description', '=', 'never')
      .select('user_id')
      .execute()
    expect(count).toEqual([])

    const cpo = await loginAs(t.app, 'cpo')
    for (const [method, url] of [
      ['GET', `${BASE}/${a.uuid}`],
      ['PUT', `${BASE}/${a.uuid}`],
      ['DELETE', `${BASE}/${a.uuid}`],
      ['GET', `${BASE}/${a.uuid}/keys`],
      ['POST', `${BASE}/${a.uuid}/keys`],
      ['DELETE', `${BASE}/${a.uuid}/keys/${a.keyId}`],
    ] as const) {
      const body =
        method === 'PUT' ? { name: 'Taken over' } : method === 'POST' ? { name: 'Mine' } : undefined
      const r = await call(t.app, method, url, { token: cpo, body })
      expect(r.status, `${method} ${url}`).toBe(404)
    }
    expect(
      (await call(t.app, 'GET', `${BASE}/${a.uuid}`, { token: owner })).body.data.service_account.name,
    ).toMatch(/^Integration/)
  })
})
