import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const CHECK = '/api/main/iam/policies/check'

describe.each(DIALECTS)('policies on %s', (dialect) => {
  let t: TestApp
  let owner: string
  const check = async (token: string, app_code: string, resource_code: string) =>
    (await call(t.app, 'POST', CHECK, { token, body: { app_code, resource_code } })).body.data.allowed_action

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01 })
    owner = await loginAs(t.app, 'vending')
  })
  afterAll(() => t.close())

  it.each([
    ['vending', 'iam', 'users/*', [{ action_code: '*', set_code: '*' }]],
    ['viewer', 'iot', 'machines/*', [{ action_code: 'read', set_code: '*' }]],
    ['viewer', 'promo', 'employees/*', [{ action_code: 'read', set_code: '*' }]],
    ['viewer', 'iam', 'users/*', []],
    ['viewer', 'payment', 'payment-configs/*', []],
    ['finance', 'payment', 'payment-configs/*', [{ action_code: 'read', set_code: '*' }]],
    ['newstaff', 'iot', 'machines/*', [{ action_code: 'read', set_code: 'east' }]],
    ['newstaff', 'iot', 'maintenance/*', [{ action_code: 'edit', set_code: 'east' }]],
    ['newstaff', 'promo', 'employees/*', []],
    ['admin', 'iam', 'users/*', []],
  ])('%s on %s %s holds %j', async (username, app, resource, expected) => {
    const token = await loginAs(t.app, username === 'newstaff' ? 'newstaff' : username)
    expect(await check(token, app, resource)).toEqual(expected)
  })

  it('lists presets and the entity’s own, never another entity’s', async () => {
    const r = await call(t.app, 'POST', '/api/main/iam/policies/filter', {
      token: owner,
      body: { limit: 100, offset: 0 },
    })
    const names = r.body.data.policies.map((p: { name: string }) => p.name)
    expect(names).toEqual(expect.arrayContaining(['Administrator', 'Vending read only', 'Restock machines']))
    const cpo = await loginAs(t.app, 'cpo')
    const theirs = await call(t.app, 'POST', '/api/main/iam/policies/filter', {
      token: cpo,
      body: { limit: 100, offset: 0, type: 'custom' },
    })
    expect(theirs.body.data.count).toBe(0)
    const presets = await call(t.app, 'POST', '/api/main/iam/policies/filter', {
      token: owner,
      body: { limit: 100, offset: 0, type: 'preset' },
    })
    expect(presets.body.data.policies.every((p: { type: string }) => p.type === 'preset')).toBe(true)
  })

  it('creates, changes and deletes a custom policy, with an audit record each time', async () => {
    const created = await call(t.app, 'POST', '/api/main/iam/policies', {
      token: owner,
      body: {
        name: 'Maintenance reviewers',
        statements: [{ app_code: 'iot', resource_code: 'maintenance/*', action_code: 'read' }],
      },
    })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      type: 'custom',
      entity_code: 'VEND',
      description: '',
      role_count: 0,
      user_count: 0,
    })
    const id = created.body.data.id as number
    const changed = await call(t.app, 'PUT', `/api/main/iam/policies/${String(id)}`, {
      token: owner,
      body: {
        name: 'Maintenance editors',
        statements: [{ app_code: 'iot', resource_code: 'maintenance/*', action_code: 'edit' }],
      },
    })
    expect(changed.body.data.statements[0].action_code).toBe('edit')
    expect(
      (await call(t.app, 'DELETE', `/api/main/iam/policies/${String(id)}`, { token: owner })).status,
    ).toBe(200)
    expect((await call(t.app, 'GET', `/api/main/iam/policies/${String(id)}`, { token: owner })).status).toBe(
      404,
    )
    const audit = await call(t.app, 'GET', `/api/main/iam/audit?object_type=policy&object_id=${String(id)}`, {
      token: owner,
    })
    expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toEqual([
      'policy_deleted',
      'policy_updated',
      'policy_created',
    ])
    expect(audit.body.data.entries[1].before.name).toBe('Maintenance reviewers')
    expect(audit.body.data.entries[1].after.name).toBe('Maintenance editors')
    expect(audit.body.data.entries[0].actor.username).toBe('vending')
  })

  it('refuses to change a preset, and to delete a policy in use', async () => {
    const presets = await call(t.app, 'POST', '/api/main/iam/policies/filter', {
      token: owner,
      body: { limit: 1, offset: 0, type: 'preset' },
    })
    const presetId = presets.body.data.policies[0].id as number
    const r = await call(t.app, 'PUT', `/api/main/iam/policies/${String(presetId)}`, {
      token: owner,
      body: { name: 'Mine now', statements: [{ app_code: '*', resource_code: '*', action_code: '*' }] },
    })
    expect(r.status).toBe(403)
    const restock = await t.database.db
      .selectFrom('iam_policy')
      .where('name', '=', 'Restock machines')
      .select('id')
      .executeTakeFirstOrThrow()
    const inUse = await call(t.app, 'DELETE', `/api/main/iam/policies/${String(restock.id)}`, {
      token: owner,
    })
    expect(inUse.status).toBe(409)
    expect(inUse.body.error.message).toMatch(/in use by 1 role/)
  })

  it.each([
    [
      { name: '', statements: [{ app_code: 'iot', resource_code: 'machines/*', action_code: 'read' }] },
      'body.name',
    ],
    [{ name: 'x', statements: [] }, 'body.statements'],
    [
      { name: 'x', statements: [{ app_code: 'nope', resource_code: 'machines/*', action_code: 'read' }] },
      'body.statements.0.app_code',
    ],
    [
      { name: 'x', statements: [{ app_code: 'iot', resource_code: 'Machines!', action_code: 'read' }] },
      'body.statements.0.resource_code',
    ],
    [
      { name: 'x', statements: [{ app_code: 'iot', resource_code: 'machines/*', action_code: 'write' }] },
      'body.statements.0.action_code',
    ],
  ])('refuses %j naming %s', async (body, field) => {
    const r = await call(t.app, 'POST', '/api/main/iam/policies', { token: owner, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('serves the apps, actions and resources a statement can name', async () => {
    const apps = await call(t.app, 'GET', '/api/main/iam/policies/apps', { token: owner })
    expect(apps.body.data.apps.map((a: { app_code: string }) => a.app_code)).toContain('iot')
    const actions = await call(t.app, 'GET', '/api/main/iam/policies/actions?name=ed', { token: owner })
    expect(actions.body.data.actions.map((a: { action_code: string }) => a.action_code)).toEqual(['edit'])
    const resources = await call(t.app, 'GET', '/api/main/iam/policies/resource?app_code=payment', {
      token: owner,
    })
    expect(resources.body.data.resources.map((r: { resource_code: string }) => r.resource_code)).toEqual([
      'transactions/*',
      'payment-configs/*',
    ])
  })
})
