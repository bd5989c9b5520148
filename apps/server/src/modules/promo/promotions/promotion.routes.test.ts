import type { Promotion, PromotionFilterRequest, PromotionInputRequest } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const BASE = '/api/main/promo/promotions'
const FILTER = `${BASE}/filter`

const VALID: Record<string, PromotionInputRequest> = {
  count: { name: 'Staff drink pass', type: 1, item_balance: 3, original_item_balance: 10 },
  credits: { name: 'Wallet top-up', type: 2, money_balance: 500, original_money_balance: 2000 },
  setCount: {
    name: 'Breakfast set',
    type: 3,
    item_balance: 1,
    original_item_balance: 2,
    items: [{ name: 'Kopi', quantity: 1 }],
  },
  discount: { name: 'Happy hour', type: 4, discount_type: 2, discount: 15 },
  postpaid: { name: 'Ward pantry', type: 5, item_balance: 0, original_item_balance: 40 },
}

describe.each(DIALECTS)('promotions on %s', (dialect) => {
  let t: TestApp
  let token: string
  let all: Promotion[]

  const filter = async (body: Partial<PromotionFilterRequest>) => {
    const r = await call(t.app, 'POST', FILTER, { token, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as { promotions: Promotion[]; count: number }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.05 })
    token = await loginAs(t.app, 'vending')
    all = (await filter({})).promotions
  })
  afterAll(() => t.close())

  it('lists seeded promotions of every type, newest first, with the count', async () => {
    expect(new Set(all.map((p) => p.type))).toEqual(new Set([1, 2, 3, 4, 5]))
    const created = all.map((p) => p.created_at)
    expect(created).toEqual([...created].sort((a, b) => b - a))
    expect((await filter({ limit: 10 })).count).toBe(all.length)
  })

  it('pages with limit and offset', async () => {
    const page = await filter({ limit: 10, offset: 10 })
    expect(page.promotions.map((p) => p.uuid)).toEqual(all.slice(10, 20).map((p) => p.uuid))
    expect(page.count).toBe(all.length)
  })

  const cases: [string, Partial<PromotionFilterRequest>, (p: Promotion) => boolean][] = [
    ['type Discount', { type_list: [4] }, (p) => p.type === 4],
    ['types Count or Postpaid', { type_list: [1, 5] }, (p) => p.type === 1 || p.type === 5],
    ['status Inactive', { status: 2 }, (p) => p.status === 2],
    ['search, any case', { search: 'HAPPY' }, (p) => p.name.toLowerCase().includes('happy')],
    ['Credits and Active', { type_list: [2], status: 1 }, (p) => p.type === 2 && p.status === 1],
  ]

  it.each(cases)('filters: %s', async (_name, body, rule) => {
    const expected = all.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(all.length)
    const result = await filter(body)
    expect(result.promotions.map((p) => p.uuid)).toEqual(expected.map((p) => p.uuid))
    expect(result.count).toBe(expected.length)
  })

  it('seeds only the extras of each type', () => {
    for (const p of all) {
      if (p.type === 4) expect(p.item_balance).toBeNull()
      else expect(p.discount).toBeNull()
      if (p.type === 3) expect(p.items?.length).toBeGreaterThan(0)
      else expect(p.items).toBeNull()
    }
  })

  it.each(Object.entries(VALID))('creates a %s promotion, reads it back, and counts it', async (_n, body) => {
    const before = (await filter({ limit: 1 })).count
    const r = await call(t.app, 'POST', BASE, { token, body: { ...body, discount: body.discount ?? 999 } })
    expect(r.status).toBe(200)
    const created = r.body.data as Promotion
    expect(created).toMatchObject({ name: body.name, type: body.type, status: 1, currency_code: 'SGD' })
    // Another type's field sent along is not stored.
    if (body.type !== 4) expect(created.discount).toBeNull()
    const got = await call(t.app, 'GET', `${BASE}/${created.uuid}`, { token })
    expect(got.body.data).toEqual(created)
    expect((await filter({ limit: 1 })).count).toBe(before + 1)
    expect((await filter({ limit: 1 })).promotions[0]?.uuid).toBe(created.uuid)
  })

  it.each([
    ['count without balances', { name: 'X', type: 1 }, 'body.item_balance'],
    [
      'count, original below current',
      { ...VALID.count, original_item_balance: 1 },
      'body.original_item_balance',
    ],
    ['count, negative balance', { ...VALID.count, item_balance: -2 }, 'body.item_balance'],
    ['postpaid, fractional', { ...VALID.postpaid, original_item_balance: 2.5 }, 'body.original_item_balance'],
    [
      'credits without money balance',
      { name: 'X', type: 2, original_money_balance: 5 },
      'body.money_balance',
    ],
    ['set count without items', { ...VALID.setCount, items: [] }, 'body.items'],
    ['discount 150 percent', { ...VALID.discount, discount: 150 }, 'body.discount'],
    ['discount without type', { name: 'X', type: 4, discount: 10 }, 'body.discount_type'],
    ['flat discount of 0', { name: 'X', type: 4, discount_type: 1, discount: 0 }, 'body.discount'],
    ['unknown type', { name: 'X', type: 6 }, 'body.type'],
    ['blank name', { ...VALID.count, name: ' ' }, 'body.name'],
    ['end before start', { ...VALID.count, start_time: 2000, end_time: 1000 }, 'body.end_time'],
  ])('answers 400 to %s, naming %s', async (_name, body, field) => {
    const r = await call(t.app, 'POST', BASE, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('replaces a promotion, switching its type, and audits it', async () => {
    const target = all.find((p) => p.type === 1)
    if (!target) throw new Error('no count promotion')
    const r = await call(t.app, 'PUT', `${BASE}/${target.uuid}`, {
      token,
      body: { name: 'Now a discount', type: 4, status: 2, discount_type: 1, discount: 250 },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      uuid: target.uuid,
      name: 'Now a discount',
      type: 4,
      status: 2,
      discount_type: 1,
      discount: 250,
      item_balance: null,
      original_item_balance: null,
      created_at: target.created_at,
    })
    const audit = await t.database.db
      .selectFrom('audit_log')
      .where('object_type', '=', 'promotion')
      .where('object_id', '=', target.uuid)
      .selectAll()
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['promotion_updated'])
    const bad = await call(t.app, 'PUT', `${BASE}/${target.uuid}`, {
      token,
      body: { name: 'Bad', type: 5, item_balance: 3 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('body.original_item_balance')
  })

  it('answers 404 to an unknown uuid and 400 to a malformed one', async () => {
    const unknown = '00000000-0000-4000-a000-000000000000'
    expect((await call(t.app, 'GET', `${BASE}/${unknown}`, { token })).status).toBe(404)
    expect((await call(t.app, 'PUT', `${BASE}/${unknown}`, { token, body: VALID.count })).status).toBe(404)
    const bad = await call(t.app, 'GET', `${BASE}/not-a-uuid`, { token })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('params.uuid')
  })

  it("shows another entity none of VEND's promotions", async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const list = await call(t.app, 'POST', FILTER, { token: cpo, body: { limit: 20, offset: 0 } })
    expect(list.body.data).toEqual({ promotions: [], count: 0 })
    const p = all[0]
    const got = await call(t.app, 'GET', `${BASE}/${p?.uuid ?? ''}`, { token: cpo })
    expect(got.status).toBe(404)
    expect(JSON.stringify(got.body)).not.toContain(p?.name ?? 'x')
    const put = await call(t.app, 'PUT', `${BASE}/${p?.uuid ?? ''}`, { token: cpo, body: VALID.count })
    expect(put.status).toBe(404)
  })

  it('answers 403 without the promotions policy, and to a read-only member writing', async () => {
    const restocker = await loginAs(t.app, 'newstaff')
    const r = await call(t.app, 'POST', FILTER, { token: restocker, body: { limit: 20, offset: 0 } })
    expect(r.status).toBe(403)
    const viewer = await loginAs(t.app, 'viewer')
    expect(
      (await call(t.app, 'POST', FILTER, { token: viewer, body: { limit: 20, offset: 0 } })).status,
    ).toBe(200)
    expect((await call(t.app, 'POST', BASE, { token: viewer, body: VALID.count })).status).toBe(403)
  })
})
