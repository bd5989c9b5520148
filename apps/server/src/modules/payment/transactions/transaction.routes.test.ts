import type { PaymentTransaction, TransactionFilterRequest } from '@portal/contract'
import type { PaymentMethod } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const FILTER = '/api/main/payment/transaction/filter'

describe.each(DIALECTS)('payment transactions on %s', (dialect) => {
  let t: TestApp
  let token: string
  let all: PaymentTransaction[]

  const filter = async (body: Partial<TransactionFilterRequest>) => {
    const r = await call(t.app, 'POST', FILTER, { token, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as { transactions: PaymentTransaction[]; count: number; count_capped: boolean }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.05 })
    token = await loginAs(t.app, 'vending')
    all = (await filter({})).transactions
  })
  afterAll(() => t.close())

  it('lists the entity transactions newest first with the count and the fields of B §3', async () => {
    expect(all.length).toBeGreaterThan(100)
    const keys = all.map((x) => x.date)
    expect(keys).toEqual([...keys].sort((a, b) => b - a))
    const r = await filter({ limit: 10 })
    expect(r.count).toBe(all.length)
    expect(r.count_capped).toBe(false)
    expect(Object.keys(all[0] ?? {})).toEqual(
      expect.arrayContaining([
        'uuid',
        'order_uuid',
        'username',
        'amount',
        'transaction_type',
        'transaction_status',
        'payment_method_display',
        'payment_type_code',
        'date',
        'entity_refer_no',
        'payment_refer_no',
      ]),
    )
  })

  it('pages with limit and offset', async () => {
    const page = await filter({ limit: 50, offset: 50 })
    expect(page.transactions.map((x) => x.uuid)).toEqual(all.slice(50, 100).map((x) => x.uuid))
    expect(page.count).toBe(all.length)
  })

  const first = () => all[0] as PaymentTransaction
  const cases: [string, () => Partial<TransactionFilterRequest>, (x: PaymentTransaction) => boolean][] = [
    ['status Refunded', () => ({ status_list: [7] }), (x) => x.transaction_status === 7],
    [
      'status Success or Failed',
      () => ({ status_list: [3, 4] }),
      (x) => [3, 4].includes(x.transaction_status),
    ],
    [
      'payment method',
      () => ({ payment_method_list: [first().payment_method_code as PaymentMethod] }),
      (x) => x.payment_method_code === first().payment_method_code,
    ],
    [
      'order uuid',
      () => ({ order_uuid: first().order_uuid ?? '' }),
      (x) => x.order_uuid === first().order_uuid,
    ],
    ['uuid', () => ({ uuid: first().uuid }), (x) => x.uuid === first().uuid],
    [
      'entity refer no',
      () => ({ entity_refer_no: first().entity_refer_no }),
      (x) => x.entity_refer_no === first().entity_refer_no,
    ],
    [
      'payment refer no',
      () => ({ payment_refer_no: first().payment_refer_no }),
      (x) => x.payment_refer_no === first().payment_refer_no,
    ],
    [
      'start and end in seconds',
      () => ({ start: Math.floor(first().date / 1000) - 86_400 * 2, end: Math.floor(first().date / 1000) }),
      (x) => x.date >= (Math.floor(first().date / 1000) - 86_400 * 2) * 1000 && x.date <= first().date,
    ],
  ]

  it.each(cases)('filters: %s', async (_name, body, rule) => {
    const expected = all.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(all.length)
    const r = await filter(body())
    expect(r.transactions.map((x) => x.uuid)).toEqual(expected.map((x) => x.uuid))
    expect(r.count).toBe(expected.length)
  })

  it('shows the payment method label', () => {
    expect(
      all.every((x) => x.payment_method_display !== '' && !x.payment_method_display.startsWith('Unknown')),
    ).toBe(true)
  })

  it('sees no transactions of another entity', async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const r = await call(t.app, 'POST', FILTER, {
      token: cpo,
      body: { limit: 1000, offset: 0, uuid: first().uuid },
    })
    expect(r.body.data.count).toBe(0)
  })

  it('answers 403 to a user without the transactions policy', async () => {
    const restocker = await loginAs(t.app, 'restocker')
    expect(
      (await call(t.app, 'POST', FILTER, { token: restocker, body: { limit: 5, offset: 0 } })).status,
    ).toBe(403)
  })

  it.each([
    [{ limit: 0, offset: 0 }, 'body.limit'],
    [{ limit: 20 }, 'body.offset'],
    [{ limit: 20, offset: 0, status_list: [99] }, 'body.status_list.0'],
    [{ limit: 20, offset: 0, payment_method_list: [0] }, 'body.payment_method_list.0'],
    [{ limit: 20, offset: 0, end: -1 }, 'body.end'],
    [{ limit: 20, offset: 0, extra: 1 }, 'body.extra'],
  ])('answers %j with a 400 naming %s', async (body, field) => {
    const r = await call(t.app, 'POST', FILTER, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })
})
