import type { MtSlotChange, MtSummary, MtSummaryFilterRequest } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../../test-support'

const FILTER = '/api/main/iot/mt-summaries/filter'
const DAY = 86_400_000

describe.each(DIALECTS)('maintenance summaries on %s', (dialect) => {
  let t: TestApp
  let token: string
  let all: MtSummary[]

  const filter = async (body: Partial<MtSummaryFilterRequest>, as = token) => {
    const r = await call(t.app, 'POST', FILTER, { token: as, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as { mt_summaries: MtSummary[]; count: number }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.1 })
    token = await loginAs(t.app, 'vending')
    all = (await filter({})).mt_summaries
  })
  afterAll(() => t.close())

  it('lists every summary of the entity, newest first, with the count', async () => {
    expect(all).toHaveLength(300)
    const times = all.map((s) => s.created_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect((await filter({})).count).toBe(300)
    const s = all[0]
    expect(s).toMatchObject({ code: expect.stringMatching(/^MT-/), user_name: expect.any(String) })
    expect(s?.is_challenge_bypass).toBe((s?.challenge_type ?? 0) < 0)
  })

  it('pages with limit and offset while the count stays the total', async () => {
    const page2 = await filter({ limit: 25, offset: 25 })
    expect(page2.count).toBe(300)
    expect(page2.mt_summaries.map((s) => s.id)).toEqual(all.slice(25, 50).map((s) => s.id))
  })

  const mid = TEST_NOW - 45 * DAY
  const firstUser = () => all[0]?.user_uuid ?? ''
  const someMachines = () => [...new Set(all.slice(0, 5).map((s) => s.machine_id))]
  const cases: [string, () => Partial<MtSummaryFilterRequest>, (s: MtSummary) => boolean][] = [
    ['challenge bypassed', () => ({ is_challenge_bypass: true }), (s) => s.challenge_type < 0],
    ['challenge not bypassed', () => ({ is_challenge_bypass: false }), (s) => s.challenge_type >= 0],
    ['start time lower', () => ({ start_time_lower: mid }), (s) => s.start_time >= mid],
    ['start time upper', () => ({ start_time_upper: mid }), (s) => s.start_time <= mid],
    [
      'end time range',
      () => ({ end_time_lower: mid - 10 * DAY, end_time_upper: mid }),
      (s) => s.end_time >= mid - 10 * DAY && s.end_time <= mid,
    ],
    ['machines', () => ({ machine_id_list: someMachines() }), (s) => someMachines().includes(s.machine_id)],
    ['users', () => ({ user_uuid_list: [firstUser()] }), (s) => s.user_uuid === firstUser()],
    [
      'person type technician',
      () => ({ person_type_list: ['technician'] }),
      (s) => s.person_type === 'technician',
    ],
    [
      'bypassed and in a time range',
      () => ({ is_challenge_bypass: true, start_time_lower: mid }),
      (s) => s.challenge_type < 0 && s.start_time >= mid,
    ],
  ]

  it.each(cases)('filters: %s', async (_name, body, rule) => {
    const expected = all.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(all.length)
    const result = await filter(body())
    expect(result.mt_summaries.map((s) => s.id)).toEqual(expected.map((s) => s.id))
    expect(result.count).toBe(expected.length)
  })

  it('filters by set through the machines of the set', async () => {
    const east = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token,
      body: { limit: 1000, offset: 0, set_list: ['east'] },
    })
    const eastIds = new Set<number>(east.body.data.machines.map((m: { machine_id: number }) => m.machine_id))
    const expected = all.filter((s) => eastIds.has(s.machine_id))
    expect(expected.length).toBeGreaterThan(0)
    const result = await filter({ set_list: ['east'] })
    expect(result.mt_summaries.map((s) => s.id)).toEqual(expected.map((s) => s.id))
    // A set-scoped user (East only) sees the same rows without asking, and not another set's summary.
    const restocker = await loginAs(t.app, 'restocker')
    const scoped = await filter({}, restocker)
    expect(scoped.mt_summaries.map((s) => s.id)).toEqual(expected.map((s) => s.id))
    const outside = all.find((s) => !eastIds.has(s.machine_id))
    const hidden = await call(t.app, 'GET', `/api/main/iot/mt-summaries/${String(outside?.id ?? 0)}`, {
      token: restocker,
    })
    expect(hidden.status).toBe(404)
  })

  it('returns one summary with the stock added per slot', async () => {
    const restock = all.find((s) => s.total_added_stock > 0)
    const r = await call(t.app, 'GET', `/api/main/iot/mt-summaries/${String(restock?.id ?? 0)}`, { token })
    expect(r.status).toBe(200)
    const d = r.body.data
    expect(d.code).toBe(restock?.code)
    expect(d.slots.length).toBeGreaterThan(0)
    expect(d.slots.reduce((sum: number, s: { added_stock: number }) => sum + s.added_stock, 0)).toBe(
      restock?.total_added_stock,
    )
    for (const s of d.slots as MtSlotChange[]) expect(s.stock_after).toBe(s.stock_before + s.added_stock)
  })

  it('lists the maintainers for the user filter', async () => {
    const r = await call(t.app, 'GET', '/api/main/iot/mt-summaries/maintainers', { token })
    expect(r.status).toBe(200)
    const uuids = r.body.data.maintainers.map((m: { user_uuid: string }) => m.user_uuid)
    expect(new Set(uuids).size).toBe(uuids.length)
    expect(uuids).toEqual(expect.arrayContaining([...new Set(all.map((s) => s.user_uuid))]))
  })

  it('sees nothing of another entity: empty list and 404 on the detail', async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const r = await call(t.app, 'POST', FILTER, { token: cpo, body: { limit: 25, offset: 0 } })
    expect(r.body.data).toEqual({ mt_summaries: [], count: 0 })
    const detail = await call(t.app, 'GET', `/api/main/iot/mt-summaries/${String(all[0]?.id ?? 0)}`, {
      token: cpo,
    })
    expect(detail.status).toBe(404)
    expect(JSON.stringify(detail.body)).not.toContain(all[0]?.code ?? 'x')
  })

  it('answers 403 to a member without the maintenance policy', async () => {
    const payments = await loginAs(t.app, 'payments')
    const r = await call(t.app, 'POST', FILTER, { token: payments, body: { limit: 25, offset: 0 } })
    expect(r.status).toBe(403)
    const d = await call(t.app, 'GET', `/api/main/iot/mt-summaries/${String(all[0]?.id ?? 0)}`, {
      token: payments,
    })
    expect(d.status).toBe(403)
  })

  it.each([
    [{ limit: 0, offset: 0 }, 'body.limit'],
    [{ limit: 25 }, 'body.offset'],
    [{ limit: 25, offset: 0, is_challenge_bypass: 'both' }, 'body.is_challenge_bypass'],
    [{ limit: 25, offset: 0, start_time_lower: -5 }, 'body.start_time_lower'],
    [{ limit: 25, offset: 0, machine_id_list: ['a'] }, 'body.machine_id_list.0'],
    [{ limit: 25, offset: 0, person_type_list: ['driver'] }, 'body.person_type_list.0'],
    [{ limit: 25, offset: 0, colour: 'red' }, 'body'],
  ])('answers %j with a 400 naming %s', async (body, field) => {
    const r = await call(t.app, 'POST', FILTER, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('answers 404 for an unknown summary and 400 for a non-numeric id', async () => {
    expect((await call(t.app, 'GET', '/api/main/iot/mt-summaries/999999', { token })).status).toBe(404)
    const bad = await call(t.app, 'GET', '/api/main/iot/mt-summaries/abc', { token })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('params.id')
  })
})
