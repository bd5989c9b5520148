import type { MachineOrderItem, OrderItemFilterRequest } from '@portal/contract'
import type { PaymentMethod } from '@portal/contract'
import { COUNT_CAP, PaymentStatus, TransactionType } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import { machineScope } from '../machines/machine.service'
import { filterOrderItems, getOrder } from './order.service'

const FILTER = '/api/main/iot/orders/items-filter'
const COUNT = '/api/main/iot/orders/items/count'

describe.each(DIALECTS)('machine orders on %s', (dialect) => {
  let t: TestApp
  let token: string
  let all: MachineOrderItem[]

  const filter = async (body: Partial<OrderItemFilterRequest>) => {
    const r = await call(t.app, 'POST', FILTER, { token, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return (r.body.data as { items: MachineOrderItem[] }).items
  }
  const count = async (body: Partial<OrderItemFilterRequest>, as = token) => {
    const r = await call(t.app, 'POST', COUNT, { token: as, body })
    expect(r.status).toBe(200)
    return r.body.data as { count: number; count_capped: boolean }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.05 })
    token = await loginAs(t.app, 'vending')
    all = await filter({})
  })
  afterAll(() => t.close())

  it('lists the entity items newest first, and counts them', async () => {
    expect(all.length).toBeGreaterThan(100)
    expect(all.length).toBeLessThan(1000)
    const keys = all.map((i) => [i.date, i.id] as const)
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1])
    expect(keys).toEqual(sorted)
    expect(await count({})).toEqual({ count: all.length, count_capped: false })
    expect(Object.keys(all[0] ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'machine_order_uuid',
        'order_no',
        'username',
        'serial_number',
        'alias',
        'location',
        'item',
        'funds',
        'machine_order_item_status',
        'payment_method_code',
        'payment_type_code',
        'date',
        'description',
      ]),
    )
  })

  it('pages with limit and offset', async () => {
    const page2 = await filter({ limit: 50, offset: 50 })
    expect(page2.map((i) => i.id)).toEqual(all.slice(50, 100).map((i) => i.id))
  })

  const first = () => all[0] as MachineOrderItem
  const cases: [string, () => Partial<OrderItemFilterRequest>, (i: MachineOrderItem) => boolean][] = [
    ['status Failed (4)', () => ({ status_list: [4] }), (i) => i.machine_order_item_status === 4],
    [
      'status Success or Timeout',
      () => ({ status_list: [3, 6] }),
      (i) => [3, 6].includes(i.machine_order_item_status),
    ],
    [
      'payment method',
      () => ({ payment_method_list: [first().payment_method_code as PaymentMethod] }),
      (i) => i.payment_method_code === first().payment_method_code,
    ],
    [
      'machine',
      () => ({ machine_id_list: [first().machine_id] }),
      (i) => i.machine_id === first().machine_id,
    ],
    [
      'order uuid',
      () => ({ uuid: first().machine_order_uuid }),
      (i) => i.machine_order_uuid === first().machine_order_uuid,
    ],
    [
      'start and end in seconds (inclusive)',
      () => ({ start: Math.floor(first().date / 1000) - 86_400 * 3, end: Math.floor(first().date / 1000) }),
      (i) => i.date >= (Math.floor(first().date / 1000) - 86_400 * 3) * 1000 && i.date <= first().date,
    ],
  ]

  it.each(cases)('filters: %s', async (_name, body, rule) => {
    const expected = all.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(all.length)
    expect((await filter(body())).map((i) => i.id)).toEqual(expected.map((i) => i.id))
    expect((await count(body())).count).toBe(expected.length)
  })

  it('filters by set: only items of machines in the set', async () => {
    const inEast = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token,
      body: { limit: 1000, offset: 0, set_list: ['east'] },
    })
    const ids = new Set((inEast.body.data.machines as { machine_id: number }[]).map((m) => m.machine_id))
    const expected = all.filter((i) => ids.has(i.machine_id))
    expect(expected.length).toBeGreaterThan(0)
    expect((await filter({ set_list: ['east'] })).map((i) => i.id)).toEqual(expected.map((i) => i.id))
  })

  it('returns an order with its items, stages and payments, which agree with each other', async () => {
    const failed = all.find((i) => i.machine_order_item_status === PaymentStatus.Failed)
    const r = await call(t.app, 'GET', `/api/main/iot/orders/${failed?.machine_order_uuid ?? ''}`, { token })
    expect(r.status).toBe(200)
    const o = r.body.data
    expect(o.uuid).toBe(failed?.machine_order_uuid)
    expect(o.items.length).toBeGreaterThan(0)
    for (const item of o.items) {
      expect(item.machine_order_item_status).toBe(PaymentStatus.Failed)
      expect(item.failed_stage_name).toEqual(expect.any(String))
      expect(item.failed_stage_no).toEqual(expect.any(Number))
      expect(o.stages.some((s: { stage_no: number }) => s.stage_no === item.failed_stage_no)).toBe(true)
    }
    expect(o.stages[0].stage_no).toBe(1)
    expect(o.payments).toHaveLength(1)
    expect(o.payments[0].amount).toBe(o.items.reduce((s: number, i: { funds: number }) => s + i.funds, 0))
    expect(o.total_amount).toBe(o.payments[0].amount)
  })

  it('refunded orders have a refund transaction beside the charge', async () => {
    const refunded = all.find((i) => i.machine_order_item_status === PaymentStatus.AutoRefund)
      ? undefined
      : all.find((i) => i.machine_order_item_status === PaymentStatus.ManualRefund)
    const target = refunded ?? all.find((i) => i.machine_order_item_status === PaymentStatus.Failed)
    const detail = await call(t.app, 'GET', `/api/main/iot/orders/${target?.machine_order_uuid ?? ''}`, {
      token,
    })
    const txns = await call(t.app, 'POST', '/api/main/payment/transaction/filter', {
      token,
      body: { limit: 10, offset: 0, order_uuid: target?.machine_order_uuid },
    })
    const list = txns.body.data.transactions as { uuid: string; transaction_type: number; amount: number }[]
    const charge = list.find((x) => x.transaction_type === TransactionType.Normal)
    expect(charge?.uuid).toBe(detail.body.data.payments[0].transaction_uuid)
    expect(charge?.amount).toBe(detail.body.data.total_amount)
    if (detail.body.data.payments[0].status !== PaymentStatus.Failed) {
      const refund = list.find((x) => x.transaction_type === TransactionType.Refund)
      expect(refund?.amount).toBe(detail.body.data.total_amount)
    }
  })

  it('answers 404 for an order of another entity and for an unknown uuid', async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const uuid = first().machine_order_uuid
    expect((await call(t.app, 'GET', `/api/main/iot/orders/${uuid}`, { token: cpo })).status).toBe(404)
    expect((await call(t.app, 'GET', '/api/main/iot/orders/nope', { token })).status).toBe(404)
    // CPO sees only its own POS kiosks' orders (the POS machine orders screen).
    const pos = await call(t.app, 'POST', FILTER, { token: cpo, body: { limit: 1000, offset: 0 } })
    const posItems = pos.body.data.items as MachineOrderItem[]
    expect(posItems.length).toBeGreaterThan(0)
    expect(posItems.some((i) => i.machine_order_uuid === uuid)).toBe(false)
    expect(posItems.every((i) => i.alias.startsWith('SparkGrid POS Kiosk'))).toBe(true)
  })

  it('answers 403 to a user without the orders policy', async () => {
    // restocker (Restocker role: machines and maintenance only) has no orders policy.
    const restocker = await loginAs(t.app, 'restocker')
    const body = { limit: 5, offset: 0 }
    expect((await call(t.app, 'POST', FILTER, { token: restocker, body })).status).toBe(403)
    expect((await call(t.app, 'POST', COUNT, { token: restocker, body: {} })).status).toBe(403)
    const uuid = first().machine_order_uuid
    expect((await call(t.app, 'GET', `/api/main/iot/orders/${uuid}`, { token: restocker })).status).toBe(403)
  })

  it('set-scoped callers see only the items and orders of machines in their sets', async () => {
    const db = t.database.db
    const scope = await machineScope(db, 'VEND', ['east'])
    const eastIds = new Set(
      (
        await db
          .selectFrom('machine_set')
          .where('set_id', 'in', scope ?? [])
          .select('machine_id')
          .execute()
      ).map((r) => r.machine_id),
    )
    const scoped = await filterOrderItems(db, 'VEND', { limit: 1000, offset: 0 }, scope)
    expect(scoped.items.length).toBeGreaterThan(0)
    expect(scoped.items.map((i) => i.id)).toEqual(
      all.filter((i) => eastIds.has(i.machine_id)).map((i) => i.id),
    )
    const outside = all.find((i) => !eastIds.has(i.machine_id))
    await expect(getOrder(db, 'VEND', outside?.machine_order_uuid ?? '', scope)).rejects.toThrow(/not found/)
  })

  it('reports the count cap', () => {
    expect(COUNT_CAP).toBe(100_000)
  })

  it.each([
    [FILTER, { limit: 0, offset: 0 }, 'body.limit'],
    [FILTER, { limit: 20 }, 'body.offset'],
    [FILTER, { limit: 20, offset: 0, status_list: [42] }, 'body.status_list.0'],
    [FILTER, { limit: 20, offset: 0, status_list: ['4'] }, 'body.status_list.0'],
    [FILTER, { limit: 20, offset: 0, start: 1.5 }, 'body.start'],
    [FILTER, { limit: 20, offset: 0, sort: 'date' }, 'body.sort'],
    [COUNT, { limit: 20 }, 'body.limit'],
    [COUNT, { machine_id_list: ['a'] }, 'body.machine_id_list.0'],
  ])('%s answers %j with a 400 naming %s', async (url, body, field) => {
    const r = await call(t.app, 'POST', url, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })
})
