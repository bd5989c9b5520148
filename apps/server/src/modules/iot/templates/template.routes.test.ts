import type { Template, TemplateListItem } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const TEMPLATES = '/api/main/iot/templates'

describe.each(DIALECTS)('machine templates on %s', (dialect) => {
  let t: TestApp
  let token: string
  let seeded: TemplateListItem[]

  const filter = async (body: Record<string, unknown>) => {
    const r = await call(t.app, 'POST', `${TEMPLATES}/filter`, { token, body })
    expect(r.status).toBe(200)
    return r.body.data as { templates: TemplateListItem[]; count: number }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01 })
    token = await loginAs(t.app, 'vending')
    seeded = (await filter({ per_page: 25, current_page: 1 })).templates
  })
  afterAll(() => t.close())

  const body = {
    resourceCode: 'TCN-CSC-10C',
    name: 'Test layout',
    sections: [{ name: 'Tray A', slot_nos: [1, 2] }],
    content: {
      items: [
        { slot_no: '1', price: '180', name: 'Coca-Cola 320ml', capacity: '10', stock: '10', sku_id: '1' },
        { slot_no: 2, price: 220, name: 'Pokka Green Tea 500ml', capacity: 8, stock: 4, sku_id: '' },
      ],
    },
  }

  it('lists the seeded templates, newest change first, with the count', async () => {
    expect(seeded.length).toBeGreaterThanOrEqual(5)
    const times = seeded.map((s) => s.updated_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect((await filter({ per_page: 25, current_page: 1 })).count).toBe(seeded.length)
  })

  it('pages by per_page and current_page (from 1)', async () => {
    const second = await filter({ per_page: 2, current_page: 2 })
    expect(second.templates.map((s) => s.id)).toEqual(seeded.slice(2, 4).map((s) => s.id))
    expect(second.count).toBe(seeded.length)
    expect((await filter({ per_page: 2, current_page: 99 })).templates).toEqual([])
  })

  it('searches by name and resourceCode', async () => {
    const result = await filter({ per_page: 25, current_page: 1, search: 'tcn-csc' })
    expect(result.templates.length).toBeGreaterThan(0)
    expect(result.templates.every((s) => s.resourceCode.includes('TCN-CSC'))).toBe(true)
    expect(result.count).toBe(result.templates.length)
  })

  it('creates a template making prices and numbers numbers, updates it to a new version, deletes it', async () => {
    const created = await call(t.app, 'POST', TEMPLATES, { token, body })
    expect(created.status).toBe(200)
    const template = created.body.data as Template
    expect(template.version).toBe(1)
    expect(template.content.items[0]).toMatchObject({ slot_no: 1, price: 180, capacity: 10, sku_id: 1 })
    expect(template.content.items[1]?.sku_id).toBeNull()
    expect((await filter({ per_page: 25, current_page: 1 })).templates[0]?.id).toBe(template.id)
    expect((await call(t.app, 'GET', `${TEMPLATES}/${template.id}`, { token })).body.data).toEqual(template)

    const updated = await call(t.app, 'PUT', `${TEMPLATES}/${template.id}`, {
      token,
      body: { ...body, name: 'Test layout v2' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Test layout v2', version: 2 })

    const deleted = await call(t.app, 'DELETE', `${TEMPLATES}/${template.id}`, { token })
    expect(deleted.body).toEqual({ data: { deleted: true } })
    expect((await call(t.app, 'GET', `${TEMPLATES}/${template.id}`, { token })).status).toBe(404)
    expect((await filter({ per_page: 25, current_page: 1 })).count).toBe(seeded.length)

    const actions = await t.database.db
      .selectFrom('audit_log')
      .where('object_type', '=', 'machine_template')
      .where('object_id', '=', template.id)
      .orderBy('id')
      .select(['action', 'before', 'after'])
      .execute()
    expect(actions.map((a) => a.action)).toEqual([
      'machine_template_created',
      'machine_template_updated',
      'machine_template_deleted',
    ])
    expect(JSON.parse(actions[1]?.before ?? '{}')).toMatchObject({ name: 'Test layout', version: 1 })
    expect(JSON.parse(actions[2]?.after ?? '0')).toBeNull()
  })

  it.each([
    [{ name: '' }, 'body.name'],
    [{ resourceCode: 'bad code!' }, 'body.resourceCode'],
    [
      { content: { items: [{ slot_no: 1, price: '1.80', name: 'x', capacity: 5 }] } },
      'body.content.items.0.price',
    ],
    [
      { content: { items: [{ slot_no: 1, price: 'free', name: 'x', capacity: 5 }] } },
      'body.content.items.0.price',
    ],
    [
      { content: { items: [{ slot_no: 1, price: 1, name: 'x', capacity: 5, stock: 6 }] } },
      'body.content.items.0.stock',
    ],
    [{ per_page: 10 }, 'body.per_page'],
  ])('answers %j with a 400 naming %s', async (change, field) => {
    const r = await call(t.app, 'POST', TEMPLATES, { token, body: { ...body, ...change } })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('answers 400 to bad paging and a non-uuid id', async () => {
    const r = await call(t.app, 'POST', `${TEMPLATES}/filter`, {
      token,
      body: { per_page: 25, current_page: 0 },
    })
    expect(r.body.error.message).toContain('body.current_page')
    expect((await call(t.app, 'GET', `${TEMPLATES}/42`, { token })).status).toBe(400)
  })

  it('answers 403 without the policy, 403 to a read-only delete, 404 across entities', async () => {
    const id = seeded[0]?.id ?? ''
    const restocker = await loginAs(t.app, 'restocker')
    const list = { per_page: 25, current_page: 1 }
    expect((await call(t.app, 'POST', `${TEMPLATES}/filter`, { token: restocker, body: list })).status).toBe(
      403,
    )
    const viewer = await loginAs(t.app, 'viewer')
    expect((await call(t.app, 'DELETE', `${TEMPLATES}/${id}`, { token: viewer })).status).toBe(403)
    expect((await call(t.app, 'POST', TEMPLATES, { token: viewer, body })).status).toBe(403)
    const cpo = await loginAs(t.app, 'cpo')
    expect((await call(t.app, 'GET', `${TEMPLATES}/${id}`, { token: cpo })).status).toBe(404)
    expect((await call(t.app, 'PUT', `${TEMPLATES}/${id}`, { token: cpo, body })).status).toBe(404)
    expect((await call(t.app, 'DELETE', `${TEMPLATES}/${id}`, { token: cpo })).status).toBe(404)
    expect((await call(t.app, 'GET', `${TEMPLATES}/${id}`, { token })).status).toBe(200)
  })
})
