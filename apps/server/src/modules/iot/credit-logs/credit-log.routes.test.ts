import type { CreditLogFilterRequest, CreditLogSortField, MachineCreditLog } from '@portal/contract'
import { CREDIT_LOG_SORT_FIELDS } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../../test-support'

const FILTER = '/api/main/iot/orders/creditlogs/filter'
const DAY = 86_400_000

/** The field of a row a sort key orders by. */
const sortValue = (row: MachineCreditLog, key: CreditLogSortField): string | number =>
  key === 'machine_credit_log_id' ? row.machine_credit_log_id : row[key]

describe.each(DIALECTS)('machine credit logs on %s', (dialect) => {
  let t: TestApp
  let token: string
  let all: MachineCreditLog[]

  const filter = async (body: Partial<CreditLogFilterRequest>) => {
    const r = await call(t.app, 'POST', FILTER, { token, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as { machine_credit_logs: MachineCreditLog[]; count: number }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.1 })
    token = await loginAs(t.app, 'vending')
    all = (await filter({ sort_by: 'machine_credit_log_id', order_by: 'asc' })).machine_credit_logs
  })
  afterAll(() => t.close())

  it('lists every log of the entity, newest client time first by default, with the count', async () => {
    expect(all).toHaveLength(400)
    const byDefault = await filter({})
    expect(byDefault.count).toBe(400)
    const times = byDefault.machine_credit_logs.map((l) => l.client_time)
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('pages with limit and offset while the count stays the total', async () => {
    const page2 = await filter({ limit: 50, offset: 50, sort_by: 'machine_credit_log_id', order_by: 'asc' })
    expect(page2.count).toBe(400)
    expect(page2.machine_credit_logs.map((l) => l.machine_credit_log_id)).toEqual(
      all.slice(50, 100).map((l) => l.machine_credit_log_id),
    )
  })

  it.each(CREDIT_LOG_SORT_FIELDS.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))(
    'sorts by %s %s',
    async (field, order) => {
      const rows = (await filter({ sort_by: field, order_by: order })).machine_credit_logs
      expect(rows).toHaveLength(400)
      const values = rows.map((r) => sortValue(r, field))
      for (let i = 1; i < values.length; i++) {
        const a = values[i - 1] ?? 0
        const b = values[i] ?? 0
        // Text columns compare by the database's collation; numbers must be strictly ordered.
        if (typeof a === 'number' && typeof b === 'number')
          expect(order === 'asc' ? a <= b : a >= b).toBe(true)
      }
    },
  )

  const mid = TEST_NOW - 45 * DAY
  const machines = () => [...new Set(all.slice(0, 4).map((l) => l.machine_id))]
  const ids = () => all.slice(10, 15).map((l) => l.machine_credit_log_id)
  const cases: [string, () => Partial<CreditLogFilterRequest>, (l: MachineCreditLog) => boolean][] = [
    ['amount lower', () => ({ amount_lower: 300 }), (l) => l.amount >= 300],
    ['amount upper', () => ({ amount_upper: 200 }), (l) => l.amount <= 200],
    [
      'client time range',
      () => ({ client_time_lower: mid - 5 * DAY, client_time_upper: mid }),
      (l) => l.client_time >= mid - 5 * DAY && l.client_time <= mid,
    ],
    ['log ids', () => ({ machine_credit_log_ids: ids() }), (l) => ids().includes(l.machine_credit_log_id)],
    ['machines', () => ({ machine_ids: machines() }), (l) => machines().includes(l.machine_id)],
    ['mode consumed', () => ({ modes: [2] }), (l) => l.mode === 2],
    ['modes refund or timeout', () => ({ modes: [3, 4] }), (l) => [3, 4].includes(l.mode)],
    ['payment method cash', () => ({ payment_methods: [98] }), (l) => l.payment_method === 98],
    ['payment type normal', () => ({ payment_types: ['normal'] }), (l) => l.payment_type === 'normal'],
    [
      'addition over 5 dollars',
      () => ({ modes: [1], amount_lower: 500 }),
      (l) => l.mode === 1 && l.amount >= 500,
    ],
  ]

  it.each(cases)('filters: %s', async (_name, body, rule) => {
    const expected = all.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(all.length)
    const result = await filter({ ...body(), sort_by: 'machine_credit_log_id', order_by: 'asc' })
    expect(result.machine_credit_logs.map((l) => l.machine_credit_log_id)).toEqual(
      expected.map((l) => l.machine_credit_log_id),
    )
    expect(result.count).toBe(expected.length)
  })

  it('reads machine fields from the machine of each log', async () => {
    const log = all[0]
    const m = await call(t.app, 'GET', `/api/main/iot/machines/${String(log?.machine_id ?? 0)}`, { token })
    expect(log).toMatchObject({
      username: m.body.data.username,
      serial_number: m.body.data.serial_number,
      alias: m.body.data.alias,
      location: m.body.data.location,
      postal_code: m.body.data.postal_code,
      currency_code: m.body.data.currency_code,
    })
  })

  it('sees no logs of another entity', async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const r = await call(t.app, 'POST', FILTER, { token: cpo, body: { limit: 50, offset: 0 } })
    expect(r.body.data).toEqual({ machine_credit_logs: [], count: 0 })
    const byId = await call(t.app, 'POST', FILTER, {
      token: cpo,
      body: { limit: 50, offset: 0, machine_credit_log_ids: [all[0]?.machine_credit_log_id ?? 0] },
    })
    expect(byId.body.data.count).toBe(0)
  })

  it('answers 403 to a member without the credits policy', async () => {
    const restocker = await loginAs(t.app, 'restocker')
    const r = await call(t.app, 'POST', FILTER, { token: restocker, body: { limit: 50, offset: 0 } })
    expect(r.status).toBe(403)
  })

  it.each([
    [{ limit: 0, offset: 0 }, 'body.limit'],
    [{ limit: 50 }, 'body.offset'],
    [{ limit: 50, offset: 0, sort_by: 'colour' }, 'body.sort_by'],
    [{ limit: 50, offset: 0, order_by: 'up' }, 'body.order_by'],
    [{ limit: 50, offset: 0, modes: [9] }, 'body.modes.0'],
    [{ limit: 50, offset: 0, payment_types: ['cash'] }, 'body.payment_types.0'],
    [{ limit: 50, offset: 0, amount_lower: 'ten' }, 'body.amount_lower'],
  ])('answers %j with a 400 naming %s', async (body, field) => {
    const r = await call(t.app, 'POST', FILTER, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })
})
