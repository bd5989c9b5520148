import type { GlobalSearchResult } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { memberWith } from '../../test-support/fixtures/health-campaigns'

const SEARCH = '/api/main/search'

describe.each(DIALECTS)('global search on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}

  const search = (user: string, query: string) =>
    call<{ data: { results: GlobalSearchResult[] } }>(t.app, 'GET', `${SEARCH}?${query}`, {
      token: tokens[user],
    })
  const found = async (user: string, q: string, limit = 20) => {
    const r = await search(user, new URLSearchParams({ q, limit: String(limit) }).toString())
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.results
  }
  const machineOf = (entity: string) =>
    t.database.db
      .selectFrom('machine')
      .where('entity_code', '=', entity)
      .select(['id', 'serial_number', 'alias'])
      .orderBy('id')
      .executeTakeFirstOrThrow()

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const db = t.database.db
    await memberWith(db, 'VEND', 'ordersonly', [
      { app_code: 'iot', resource_code: 'orders/*', action_code: 'read' },
    ])
    await memberWith(db, 'VEND', 'eastonly', [
      { app_code: 'iot', resource_code: 'machines/*', action_code: 'read' },
    ])
    // The second member's grant limited to the set "east" (with its sub-sets), as a set-scoped policy is granted.
    const east = await db
      .selectFrom('resource_set')
      .where('entity_code', '=', 'VEND')
      .where('code', '=', 'east')
      .select('id')
      .executeTakeFirstOrThrow()
    const user = await db
      .selectFrom('app_user')
      .where('username', '=', 'eastonly')
      .select('id')
      .executeTakeFirstOrThrow()
    await db.updateTable('iam_grant').set({ set_id: east.id }).where('user_id', '=', user.id).execute()
    for (const u of ['vending', 'cpo', 'emsp', 'admin', 'ordersonly', 'eastonly'])
      tokens[u] = await loginAs(t.app, u)
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('refuses a query of fewer than 2 or more than 100 characters, and a limit out of 1..50, naming the field', async () => {
    for (const query of ['', 'q=', 'q=a', 'q=%20%20a%20%20', `q=${'x'.repeat(101)}`]) {
      const r = await search('vending', query)
      expect(r.status, query).toBe(400)
      expect(JSON.stringify(r.body)).toContain('q')
    }
    for (const query of ['q=TCN&limit=0', 'q=TCN&limit=51', 'q=TCN&limit=x']) {
      const r = await search('vending', query)
      expect(r.status, query).toBe(400)
      expect(JSON.stringify(r.body)).toContain('limit')
    }
    expect((await search('vending', 'q=%20TC%20')).status).toBe(200)
    expect((await call(t.app, 'GET', `${SEARCH}?q=TCN`)).status).toBe(401)
  })

  it('finds a machine by serial (exact first), prefix, alias and id, with its detail page', async () => {
    const m = await machineOf('VEND')
    const exact = await found('vending', m.serial_number.toLowerCase())
    expect(exact[0]).toMatchObject({ kind: 'machine', id: String(m.id), path: `/machines/${String(m.id)}` })
    const prefix = await found('vending', m.serial_number.slice(0, 6), 50)
    expect(prefix.filter((r) => r.kind === 'machine').length).toBeGreaterThan(1)
    const byAlias = await found('vending', m.alias.slice(2, 9))
    expect(byAlias.some((r) => r.kind === 'machine' && r.id === String(m.id))).toBe(true)
    const tenth = await t.database.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .where('id', '>=', 10)
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    expect((await found('vending', String(tenth.id)))[0]).toMatchObject({
      kind: 'machine',
      id: String(tenth.id),
    })
  })

  it('finds an order by order no and out trade no, and a transaction by its refer nos', async () => {
    const order = await t.database.db
      .selectFrom('machine_order')
      .where('entity_code', '=', 'VEND')
      .select(['uuid', 'order_no', 'out_trade_no'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    for (const q of [order.order_no, order.out_trade_no.toLowerCase()])
      expect((await found('vending', q)).find((r) => r.kind === 'order')).toMatchObject({
        id: order.uuid,
        path: `/machine-orders/${order.uuid}`,
      })
    const tx = await t.database.db
      .selectFrom('payment_transaction')
      .where('entity_code', '=', 'VEND')
      .select(['uuid', 'entity_refer_no', 'payment_refer_no'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    for (const q of [tx.entity_refer_no, tx.payment_refer_no])
      expect((await found('vending', q)).find((r) => r.kind === 'transaction')).toMatchObject({
        id: tx.uuid,
        path: `/transactions?uuid=${tx.uuid}`,
      })
  })

  it("never shows another entity's objects", async () => {
    const cpoMachine = await machineOf('CPO')
    expect(await found('vending', cpoMachine.serial_number)).toEqual([])
    expect((await found('cpo', cpoMachine.serial_number))[0]).toMatchObject({
      kind: 'machine',
      id: String(cpoMachine.id),
    })
    const session = await t.database.db
      .selectFrom('ev_session')
      .where('entity_code', '=', 'CPO')
      .where('emsp_entity_code', '!=', 'EMSP')
      .select(['uid', 'external_id'])
      .executeTakeFirstOrThrow()
    expect((await found('cpo', session.uid)).map((r) => r.kind)).toContain('session')
    expect(await found('emsp', session.uid)).toEqual([])
    expect(await found('vending', session.uid)).toEqual([])
    const vendOrder = await t.database.db
      .selectFrom('machine_order')
      .where('entity_code', '=', 'VEND')
      .select(['uuid', 'order_no'])
      .executeTakeFirstOrThrow()
    expect((await found('cpo', vendOrder.order_no)).map((r) => r.id)).not.toContain(vendOrder.uuid)
  })

  it('gives a member no kind whose list policy they lack', async () => {
    const m = await machineOf('VEND')
    expect(await found('ordersonly', m.serial_number)).toEqual([])
    const order = await t.database.db
      .selectFrom('machine_order')
      .where('entity_code', '=', 'VEND')
      .select(['uuid', 'order_no'])
      .executeTakeFirstOrThrow()
    const results = await found('ordersonly', order.order_no)
    expect(results.map((r) => r.kind)).toEqual(['order'])
    // An EMSP has no machines (its industries show none), whatever it searches.
    expect((await found('emsp', 'TCN')).filter((r) => r.kind === 'machine')).toEqual([])
  })

  it("gives a set-scoped member only their sets' machines", async () => {
    const db = t.database.db
    const inEast = await db
      .selectFrom('machine_set')
      .innerJoin('resource_set', 'resource_set.id', 'machine_set.set_id')
      .innerJoin('machine', 'machine.id', 'machine_set.machine_id')
      .where('resource_set.code', '=', 'east')
      .where('resource_set.entity_code', '=', 'VEND')
      .select(['machine.id', 'machine.serial_number'])
      .execute()
    expect(inEast.length).toBeGreaterThan(0)
    const eastIds = new Set(inEast.map((m) => String(m.id)))
    const all = await found('eastonly', 'TCN', 50)
    expect(all.length).toBeGreaterThan(0)
    expect(all.every((r) => r.kind === 'machine' && eastIds.has(r.id))).toBe(true)
    const outside = await db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .where('id', 'not in', [...inEast.map((m) => m.id), -1])
      .select('serial_number')
      .executeTakeFirstOrThrow()
    expect(await found('eastonly', outside.serial_number)).toEqual([])
    expect((await found('vending', outside.serial_number)).length).toBeGreaterThan(0)
  })

  it('splits the limit across kinds and keeps the kinds in order', async () => {
    const results = await found('vending', 'TCN', 3)
    expect(results.length).toBeLessThanOrEqual(3)
    const wide = await found('cpo', 'CP', 50)
    const kinds = wide.map((r) => r.kind)
    const order = ['machine', 'order', 'transaction', 'session', 'location', 'charger']
    expect([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(kinds)
  })
})
