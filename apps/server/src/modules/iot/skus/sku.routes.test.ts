import type { Sku, SkuFilterRequest } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const SKUS = '/api/main/iot/skus'

describe.each(DIALECTS)('SKUs on %s', (dialect) => {
  let t: TestApp
  let token: string
  let all: Sku[]

  const filter = async (body: Partial<SkuFilterRequest>) => {
    const r = await call(t.app, 'POST', `${SKUS}/filter`, {
      token,
      body: { limit: 1000, offset: 0, ...body },
    })
    expect(r.status).toBe(200)
    return r.body.data as { skus: Sku[]; count: number }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01 })
    token = await loginAs(t.app, 'vending')
    all = (await filter({})).skus
  })
  afterAll(() => t.close())

  it('lists a few hundred SKUs in code order with the count; seeded slots point at them', async () => {
    expect(all.length).toBeGreaterThan(200)
    const codes = all.map((s) => s.sku_code)
    expect(codes).toEqual([...codes].sort())
    expect((await filter({})).count).toBe(all.length)
    expect(all.find((s) => s.name === 'Coca-Cola 320ml')?.slot_count).toBeGreaterThan(0)
  })

  it('pages with limit and offset while the count stays the total', async () => {
    const page = await filter({ limit: 25, offset: 25 })
    expect(page.count).toBe(all.length)
    expect(page.skus.map((s) => s.id)).toEqual(all.slice(25, 50).map((s) => s.id))
  })

  const cases: [string, Partial<SkuFilterRequest>, (s: Sku) => boolean][] = [
    ['search by name, any case', { search: 'pokka' }, (s) => s.name.toLowerCase().includes('pokka')],
    ['search by code', { search: 'snk-00' }, (s) => s.sku_code.includes('SNK-00')],
    [
      'category drinks or frozen',
      { category_list: ['drinks', 'frozen'] },
      (s) => ['drinks', 'frozen'].includes(s.category),
    ],
    ['inactive only', { is_active: false }, (s) => !s.is_active],
    [
      'active snacks',
      { is_active: true, category_list: ['snacks'] },
      (s) => s.is_active && s.category === 'snacks',
    ],
  ]
  it.each(cases)('filters: %s', async (_name, body, rule) => {
    const expected = all.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    const result = await filter(body)
    expect(result.skus.map((s) => s.id)).toEqual(expected.map((s) => s.id))
    expect(result.count).toBe(expected.length)
  })

  it('finds an SKU by its exact barcode', async () => {
    const withBarcode = all.find((s) => s.barcode !== null)
    expect((await filter({ search: withBarcode?.barcode ?? '' })).skus.map((s) => s.id)).toContain(
      withBarcode?.id,
    )
  })

  const newSku = { sku_code: 'tst-0001', name: 'Test Kopi 240ml', category: 'coffee_tea', price: 210 }

  it('creates, reads and updates an SKU, with audit records and a fresh count', async () => {
    const created = await call(t.app, 'POST', SKUS, { token, body: newSku })
    expect(created.status).toBe(200)
    const sku = created.body.data as Sku
    expect(sku).toMatchObject({ sku_code: 'TST-0001', currency_code: 'SGD', is_active: true, barcode: null })
    expect((await filter({})).count).toBe(all.length + 1)
    const got = await call(t.app, 'GET', `${SKUS}/${sku.id}`, { token })
    expect(got.body.data).toEqual(sku)
    const updated = await call(t.app, 'PUT', `${SKUS}/${sku.id}`, {
      token,
      body: { ...newSku, name: 'Test Kopi-O 240ml', barcode: '8881234567897', is_active: false },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Test Kopi-O 240ml', is_active: false })
    const rows = await t.database.db
      .selectFrom('audit_log')
      .where('object_type', '=', 'sku')
      .where('object_id', '=', String(sku.id))
      .orderBy('id')
      .selectAll()
      .execute()
    expect(rows.map((r) => r.action)).toEqual(['sku_created', 'sku_updated'])
    expect(JSON.parse(rows[1]?.before ?? '{}')).toMatchObject({ name: 'Test Kopi 240ml' })
    expect(JSON.parse(rows[1]?.after ?? '{}')).toMatchObject({ name: 'Test Kopi-O 240ml' })
  })

  it('refuses a code another SKU of the entity has', async () => {
    const r = await call(t.app, 'POST', SKUS, { token, body: { ...newSku, sku_code: all[0]?.sku_code } })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain('body.sku_code')
    const other = all[1]
    const put = await call(t.app, 'PUT', `${SKUS}/${other?.id ?? 0}`, {
      token,
      body: { ...newSku, sku_code: all[0]?.sku_code },
    })
    expect(put.status).toBe(400)
  })

  it.each([
    [{ sku_code: '' }, 'body.sku_code'],
    [{ name: '' }, 'body.name'],
    [{ category: 'cars' }, 'body.category'],
    [{ price: -1 }, 'body.price'],
    [{ price: 1.25 }, 'body.price'],
    [{ barcode: '12ab' }, 'body.barcode'],
    [{ currency_code: 'XXX' }, 'body.currency_code'],
    [{ image_url: 'not a url' }, 'body.image_url'],
    [{ colour: 'red' }, 'body'],
  ])('answers %j with a 400 naming %s', async (change, field) => {
    const r = await call(t.app, 'POST', SKUS, { token, body: { ...newSku, sku_code: 'TST-9', ...change } })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('answers 403 to a member without the policy, 403 on writes to a read-only member, 404 across entities', async () => {
    const restocker = await loginAs(t.app, 'restocker')
    expect(
      (await call(t.app, 'POST', `${SKUS}/filter`, { token: restocker, body: { limit: 25, offset: 0 } }))
        .status,
    ).toBe(403)
    const viewer = await loginAs(t.app, 'viewer')
    expect((await call(t.app, 'POST', SKUS, { token: viewer, body: newSku })).status).toBe(403)
    expect((await call(t.app, 'GET', `${SKUS}/${all[0]?.id ?? 0}`, { token: viewer })).status).toBe(200)
    const cpo = await loginAs(t.app, 'cpo')
    expect((await call(t.app, 'GET', `${SKUS}/${all[0]?.id ?? 0}`, { token: cpo })).status).toBe(404)
    expect(
      (await call(t.app, 'PUT', `${SKUS}/${all[0]?.id ?? 0}`, { token: cpo, body: newSku })).status,
    ).toBe(404)
    const list = await call(t.app, 'POST', `${SKUS}/filter`, { token: cpo, body: { limit: 25, offset: 0 } })
    expect(list.body.data).toEqual({ skus: [], count: 0 })
  })
})
