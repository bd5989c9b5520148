import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

describe.each(DIALECTS)('sets and set-scoped access on %s', (dialect) => {
  let t: TestApp
  let owner: string
  const setId = async (code: string) =>
    (
      await t.database.db
        .selectFrom('resource_set')
        .where('entity_code', '=', 'VEND')
        .where('code', '=', code)
        .select('id')
        .executeTakeFirstOrThrow()
    ).id

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.05 })
    owner = await loginAs(t.app, 'vending')
  })
  afterAll(() => t.close())

  it('lists sets with their resource counts; names the parents of a sub-set', async () => {
    const r = await call(t.app, 'POST', '/api/main/iam/sets/filter', {
      token: owner,
      body: { limit: 50, offset: 0 },
    })
    const codes = r.body.data.sets.map((s: { code: string }) => s.code)
    expect(codes).toEqual(expect.arrayContaining(['central', 'east', 'cbd', 'nus-campus']))
    expect(r.body.data.sets.find((s: { code: string }) => s.code === 'east').resource_count).toBeGreaterThan(
      0,
    )
    const parents = await call(t.app, 'GET', `/api/main/iam/sets/${String(await setId('cbd'))}/parents`, {
      token: owner,
    })
    expect(parents.body.data.parents.map((p: { code: string }) => p.code)).toEqual(['central'])
  })

  it('creates a set with machines, then moves it under another set; refuses a cycle', async () => {
    const found = await call(t.app, 'POST', '/api/main/iam/sets/search/resource', {
      token: owner,
      body: { query: 'NUS' },
    })
    const codes = found.body.data.resources.slice(0, 2).map((r: { resource_code: string }) => r.resource_code)
    expect(codes.length).toBe(2)
    const created = await call(t.app, 'POST', '/api/main/iam/sets', {
      token: owner,
      body: { code: 'kent-ridge', name: 'Kent Ridge', resource_codes: codes },
    })
    expect(created.status).toBe(200)
    expect(created.body.data.resources.map((r: { resource_code: string }) => r.resource_code).sort()).toEqual(
      [...codes].sort(),
    )
    const id = created.body.data.id as number
    const moved = await call(t.app, 'PUT', `/api/main/iam/sets/${String(id)}`, {
      token: owner,
      body: {
        code: 'kent-ridge',
        name: 'Kent Ridge',
        parent_id: await setId('nus-campus'),
        resource_codes: codes,
      },
    })
    expect(moved.body.data.parent_id).toBe(await setId('nus-campus'))
    const cycle = await call(t.app, 'PUT', `/api/main/iam/sets/${String(await setId('nus-campus'))}`, {
      token: owner,
      body: { code: 'nus-campus', name: 'NUS Campus', parent_id: id },
    })
    expect(cycle.status).toBe(400)
    expect(cycle.body.error.issues[0].path).toBe('body.parent_id')
  })

  it('refuses a duplicate code and another entity’s machines', async () => {
    const dup = await call(t.app, 'POST', '/api/main/iam/sets', {
      token: owner,
      body: { code: 'east', name: 'East again' },
    })
    expect(dup.body.error.issues).toEqual([
      {
        path: 'body.code',
        message: 'A set with this code already exists',
        message_code: 'taken',
        params: {},
      },
    ])
    const bad = await call(t.app, 'POST', '/api/main/iam/sets', {
      token: owner,
      body: { code: 'x1', name: 'X', resource_codes: ['machines/999999'] },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('body.resource_codes')
  })

  it('a grant on a set limits the machines the user sees to that set and its sub-sets', async () => {
    const all = await call(t.app, 'POST', '/api/main/iam/machines/filter'.replace('/iam', '/iot'), {
      token: owner,
      body: { limit: 1000, offset: 0 },
    })
    const east = all.body.data.machines.filter((m: { sets: { code: string }[] }) =>
      m.sets.some((s) => s.code === 'east'),
    )
    const restocker = await loginAs(t.app, 'newstaff')
    const mine = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: restocker,
      body: { limit: 1000, offset: 0 },
    })
    expect(mine.status).toBe(200)
    expect(mine.body.data.count).toBe(east.length)
    expect(mine.body.data.machines.map((m: { machine_id: number }) => m.machine_id)).toEqual(
      east.map((m: { machine_id: number }) => m.machine_id),
    )
    const outside = all.body.data.machines.find(
      (m: { sets: { code: string }[] }) => !m.sets.some((s) => s.code === 'east'),
    )
    expect(
      (await call(t.app, 'GET', `/api/main/iot/machines/${String(outside.machine_id)}`, { token: restocker }))
        .status,
    ).toBe(404)
    expect(
      (await call(t.app, 'GET', `/api/main/iot/machines/${String(east[0].machine_id)}`, { token: restocker }))
        .status,
    ).toBe(200)
  })
})
