import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

describe.each(DIALECTS)('roles on %s', (dialect) => {
  let t: TestApp
  let owner: string
  let policyIds: number[]

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01 })
    owner = await loginAs(t.app, 'vending')
    const presets = await call(t.app, 'POST', '/api/main/iam/policies/filter', {
      token: owner,
      body: { limit: 100, offset: 0, type: 'preset' },
    })
    policyIds = presets.body.data.policies.slice(0, 2).map((p: { id: number }) => p.id)
  })
  afterAll(() => t.close())

  it('lists the demo roles with their policies and users', async () => {
    const r = await call(t.app, 'POST', '/api/main/iam/roles/filter', {
      token: owner,
      body: { limit: 10, offset: 0 },
    })
    expect(r.body.data.count).toBe(3)
    const finance = r.body.data.roles.find((role: { name: string }) => role.name === 'Finance')
    expect(finance.policies.map((p: { name: string }) => p.name).sort()).toEqual([
      'Payment configuration viewer',
      'Vending read only',
    ])
    expect(finance.user_count).toBe(1)
  })

  it('creates, renames and deletes a role', async () => {
    const created = await call(t.app, 'POST', '/api/main/iam/roles', {
      token: owner,
      body: { name: 'Night shift', policy_ids: policyIds },
    })
    expect(created.status).toBe(200)
    expect(created.body.data.policies).toHaveLength(2)
    const id = created.body.data.id as number
    const dup = await call(t.app, 'POST', '/api/main/iam/roles', {
      token: owner,
      body: { name: 'Night shift', policy_ids: policyIds },
    })
    expect(dup.status).toBe(400)
    expect(dup.body.error.issues).toEqual([
      {
        path: 'body.name',
        message: 'A role with this name already exists',
        message_code: 'taken',
        params: {},
      },
    ])
    const renamed = await call(t.app, 'PUT', `/api/main/iam/roles/${String(id)}`, {
      token: owner,
      body: { name: 'Late shift', policy_ids: [policyIds[0]] },
    })
    expect(renamed.body.data).toMatchObject({ name: 'Late shift', policies: [{ id: policyIds[0] }] })
    expect((await call(t.app, 'DELETE', `/api/main/iam/roles/${String(id)}`, { token: owner })).status).toBe(
      200,
    )
  })

  it('refuses unknown policies, other entities’ policies, and deleting a role in use', async () => {
    const unknown = await call(t.app, 'POST', '/api/main/iam/roles', {
      token: owner,
      body: { name: 'X', policy_ids: [99999] },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.message).toBe('body.policy_ids: Unknown policy: 99999')
    const cpo = await loginAs(t.app, 'cpo')
    const vendPolicy = await t.database.db
      .selectFrom('iam_policy')
      .where('entity_code', '=', 'VEND')
      .select('id')
      .executeTakeFirstOrThrow()
    const foreign = await call(t.app, 'POST', '/api/main/iam/roles', {
      token: cpo,
      body: { name: 'X', policy_ids: [vendPolicy.id] },
    })
    expect(foreign.status).toBe(400)
    const finance = await t.database.db
      .selectFrom('iam_role')
      .where('name', '=', 'Finance')
      .select('id')
      .executeTakeFirstOrThrow()
    const inUse = await call(t.app, 'DELETE', `/api/main/iam/roles/${String(finance.id)}`, { token: owner })
    expect(inUse.status).toBe(409)
  })

  it('a user without edit on roles can read but not change them', async () => {
    const viewer = await loginAs(t.app, 'viewer')
    expect(
      (
        await call(t.app, 'POST', '/api/main/iam/roles/filter', {
          token: viewer,
          body: { limit: 10, offset: 0 },
        })
      ).status,
    ).toBe(403)
    const grant = await call(t.app, 'POST', '/api/main/iam/roles', {
      token: viewer,
      body: { name: 'Sneaky', policy_ids: policyIds },
    })
    expect(grant.status).toBe(403)
    expect(grant.body.error.message).toBe('You do not have permission to change roles')
  })
})
