import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { demoMachineKey } from '../../seed/machine-keys'
import { demoMachine } from '../../test-support/demo-machine'

/*
 * The machine API (issue 15): keys, `Authorization: Machine <api_key>`, and events in. Every event type, duplicates,
 * out-of-order and late events, a batch with rejected events, bad keys, rotation, per-machine rate limits.
 */

const RATE_LIMIT = 40

interface Result {
  event_id: string | null
  result: 'accepted' | 'duplicate' | 'rejected'
  errors?: { path: string; message: string }[]
}

describe.each(DIALECTS)('the machine API on %s', (dialect) => {
  let t: TestApp
  let vending: string
  let machineId: number
  let demoKey: string
  const hour = 3_600_000
  const now = Date.now()

  const post = (key: string | null, body: unknown) =>
    call<{ data: { results: Result[] }; error?: { message: string } }>(
      t.app,
      'POST',
      '/api/machine/v1/events',
      {
        token: key,
        body,
      },
    )
  const status = (occurredAt: number, fields: Record<string, number>, eventId = randomUUID()) => ({
    event_id: eventId,
    occurred_at: occurredAt,
    type: 'status',
    ...fields,
  })
  const machine = () =>
    t.app.db.selectFrom('machine').where('id', '=', machineId).selectAll().executeTakeFirstOrThrow()

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005, config: { machineRateLimitPerMin: RATE_LIMIT } })
    vending = await loginAs(t.app, 'vending')
    const demo = await demoMachine(t.app.db)
    machineId = demo.id
    demoKey = demo.key
  })
  afterAll(() => t.close())

  describe('keys', () => {
    it.each([
      ['no Authorization header', undefined],
      ['a user token scheme', 'Token demo-machine-key-TCN-2102-000001'],
      ['an unknown key', 'Machine mk_not-a-key-of-any-machine'],
      ['two keys', 'Machine a b'],
    ])('refuses %s with a 401 and the envelope', async (_name, header) => {
      const r = await call(t.app, 'POST', '/api/machine/v1/events', {
        body: { events: [status(now, { overall_status: 1 })] },
        ...(header ? { headers: { authorization: header } } : {}),
      })
      expect(r.status).toBe(401)
      expect(r.body.error.message).toMatch(/Machine|not valid/)
    })

    it('the demo machine TCN-2102-000001 has its documented key', async () => {
      const r = await post(demoKey, { events: [status(now - 1000, { overall_status: 1 })] })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.results[0]?.result).toBe('accepted')
    })

    it('creates and rotates a key: shown once, stored as a digest, the old one refused at once, audited without it', async () => {
      const other = await t.app.db
        .selectFrom('machine')
        .where('entity_code', '=', 'VEND')
        .where('id', '<>', machineId)
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow()
      // Demo machines all have a key: this one starts without.
      await t.app.db.deleteFrom('machine_api_key').where('machine_id', '=', other.id).execute()
      const url = `/api/main/iot/machines/${String(other.id)}/api-key`
      expect((await call(t.app, 'GET', url, { token: vending })).body.data).toEqual({
        set: false,
        created_at: null,
        last_used_at: null,
      })
      const first = await call<{ data: { api_key: string } }>(t.app, 'POST', url, { token: vending })
      expect(first.status).toBe(200)
      expect(first.body.data.api_key).toMatch(/^mk_[A-Za-z0-9]{32}$/)
      const stored = await t.app.db
        .selectFrom('machine_api_key')
        .where('machine_id', '=', other.id)
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(stored)).not.toContain(first.body.data.api_key)
      expect(
        (await post(first.body.data.api_key, { events: [status(now, { overall_status: 1 })] })).status,
      ).toBe(200)
      const seen = await call(t.app, 'GET', url, { token: vending })
      expect(seen.body.data).toMatchObject({ set: true, last_used_at: expect.any(Number) as number })

      const second = await call<{ data: { api_key: string } }>(t.app, 'POST', url, { token: vending })
      expect(second.body.data.api_key).not.toBe(first.body.data.api_key)
      expect(
        (await post(first.body.data.api_key, { events: [status(now, { overall_status: 1 })] })).status,
      ).toBe(401)
      expect(
        (await post(second.body.data.api_key, { events: [status(now, { overall_status: 1 })] })).status,
      ).toBe(200)

      const audit = await t.app.db
        .selectFrom('audit_log')
        .where('object_type', '=', 'machine')
        .where('object_id', '=', String(other.id))
        .where('action', 'like', 'machine_api_key_%')
        .selectAll()
        .execute()
      expect(audit.map((a) => a.action).sort()).toEqual([
        'machine_api_key_created',
        'machine_api_key_rotated',
      ])
      expect(JSON.stringify(audit)).not.toContain(first.body.data.api_key)

      // Another entity's user cannot see or rotate it.
      const cpo = await loginAs(t.app, 'cpo')
      expect((await call(t.app, 'POST', url, { token: cpo })).status).toBe(404)
      expect((await call(t.app, 'GET', url, { token: cpo })).status).toBe(404)
    })
  })

  describe('status events', () => {
    it('sets the statuses and the last activity; a late event does not move the status back in time', async () => {
      const r = await post(demoKey, {
        events: [status(now, { overall_status: 4, payment_service_status: 4, reader_manager_status: 2 })],
      })
      expect(r.body.data.results.map((x) => x.result)).toEqual(['accepted'])
      expect(await machine()).toMatchObject({
        overall_status: 4,
        payment_service_status: 4,
        reader_manager_status: 2,
        last_activity_time: now,
      })
      // Hours late, from a machine that was offline: kept, counted as activity then, but the status stays.
      const late = await post(demoKey, { events: [status(now - 3 * hour, { overall_status: 1 })] })
      expect(late.body.data.results[0]?.result).toBe('accepted')
      expect(await machine()).toMatchObject({ overall_status: 4, last_activity_time: now })
      // A newer one wins.
      await post(demoKey, { events: [status(now + 1000, { overall_status: 1, payment_service_status: 1 })] })
      expect(await machine()).toMatchObject({
        overall_status: 1,
        payment_service_status: 1,
        reader_manager_status: 2,
      })
    })

    it('shows on the machines list', async () => {
      const r = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
        token: vending,
        body: { limit: 10, offset: 0, machine_id_list: [machineId] },
      })
      expect(r.body.data.machines[0]).toMatchObject({ machine_id: machineId, overall_status: 1 })
    })

    it('a clock ahead of the server counts as now, so it cannot hold back later reports', async () => {
      await post(demoKey, { events: [status(now + 10 * hour, { overall_status: 4 })] })
      const m = await machine()
      expect(m.overall_status).toBe(4)
      expect(Number(m.status_reported_at)).toBeLessThanOrEqual(Date.now())
      await post(demoKey, { events: [status(Date.now() + 5, { overall_status: 1 })] })
      expect((await machine()).overall_status).toBe(1)
    })
  })

  describe('idempotency and batches', () => {
    it('an event sent twice is a duplicate and changes nothing; within a batch too', async () => {
      const event = status(now + 2000, { core_service_status: 5 })
      expect((await post(demoKey, { events: [event] })).body.data.results[0]?.result).toBe('accepted')
      await post(demoKey, { events: [status(now + 3000, { core_service_status: 1 })] })
      const again = await post(demoKey, { events: [event, event] })
      expect(again.body.data.results.map((x) => x.result)).toEqual(['duplicate', 'duplicate'])
      expect((await machine()).core_service_status).toBe(1)
      const fresh = status(now + 4000, { core_service_status: 2 })
      const twice = await post(demoKey, { events: [fresh, fresh] })
      expect(twice.body.data.results.map((x) => x.result)).toEqual(['accepted', 'duplicate'])
      const kept = await t.app.db
        .selectFrom('machine_event')
        .where('machine_id', '=', machineId)
        .where('event_id', '=', fresh.event_id)
        .selectAll()
        .execute()
      expect(kept).toHaveLength(1)
    })

    it('a batch with bad events: each names its field, and the others are taken', async () => {
      // Not older than what the tests before have shown (the clock-ahead test moved the status time to the real now,
      // which on a slow run is more than 5 s after the suite's `now`).
      const good = status(Math.max(Date.now(), now + 5000), { machine_service_status: 3 })
      const r = await post(demoKey, {
        events: [
          good,
          status(now, { overall_status: 42 }),
          { event_id: 'not-a-uuid', occurred_at: now, type: 'status', overall_status: 1 },
          { event_id: randomUUID(), occurred_at: now, type: 'teleport' },
          'not an object',
          {
            event_id: randomUUID(),
            occurred_at: now,
            type: 'stock',
            slots: [{ slot_no: 99_999, quantity: 1 }],
          },
        ],
      })
      expect(r.status).toBe(200)
      const results = r.body.data.results
      expect(results.map((x) => x.result)).toEqual([
        'accepted',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
      ])
      expect(results[1]?.errors?.[0]?.path).toBe('events[1].overall_status')
      expect(results[2]?.errors?.[0]?.path).toBe('events[2].event_id')
      expect(results[3]?.errors?.[0]?.path).toBe('events[3].type')
      expect(results[4]).toMatchObject({ event_id: null, result: 'rejected' })
      expect(results[5]?.errors?.[0]?.path).toBe('events[5].slots[0].slot_no')
      expect((await machine()).machine_service_status).toBe(3)
    })

    it.each([
      ['no events field', {}],
      ['events that are not a list', { events: 'status' }],
      ['an empty list', { events: [] }],
      ['501 events', { events: Array.from({ length: 501 }, () => status(now, { overall_status: 1 })) }],
    ])('a malformed envelope (%s) is a 400 naming the field', async (_name, body) => {
      const r = await post(demoKey, body)
      expect(r.status).toBe(400)
      expect(r.body.error?.message).toContain('events')
    })
  })

  describe('stock events', () => {
    it("sets the slots' counts and the machine's stock; a late count does not overwrite a newer one", async () => {
      const slots = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', machineId)
        .select(['slot_no', 'capacity'])
        .orderBy('slot_no')
        .limit(2)
        .execute()
      const [a, b] = slots
      if (!a || !b) throw new Error('the demo machine has two slots at least')
      const count = (occurredAt: number, qa: number, qb: number) => ({
        event_id: randomUUID(),
        occurred_at: occurredAt,
        type: 'stock',
        slots: [
          { slot_no: a.slot_no, quantity: qa },
          { slot_no: b.slot_no, quantity: qb },
        ],
      })
      const r = await post(demoKey, { events: [count(now, a.capacity, 0)] })
      expect(r.body.data.results[0]?.result).toBe('accepted')
      const stockOf = async (slot: number) =>
        (
          await t.app.db
            .selectFrom('machine_item')
            .where('machine_id', '=', machineId)
            .where('slot_no', '=', slot)
            .select('stock')
            .executeTakeFirstOrThrow()
        ).stock
      expect(await stockOf(a.slot_no)).toBe(a.capacity)
      expect(await stockOf(b.slot_no)).toBe(0)
      const total = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', machineId)
        .select((eb) => eb.fn.sum<number | string>('stock').as('n'))
        .executeTakeFirstOrThrow()
      expect((await machine()).stock).toBe(Number(total.n))

      await post(demoKey, { events: [count(now - hour, 0, 1)] })
      expect(await stockOf(a.slot_no)).toBe(a.capacity)

      const over = await post(demoKey, { events: [count(now + hour, a.capacity + 1, 0)] })
      expect(over.body.data.results[0]?.errors?.[0]?.path).toBe('events[0].slots[0].quantity')
    })
  })

  describe('vend events', () => {
    const slotOf = async (n: number) =>
      t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', machineId)
        .select(['slot_no', 'stock', 'capacity', 'total_sold', 'total_revenue', 'name'])
        .orderBy('slot_no')
        .offset(n)
        .limit(1)
        .executeTakeFirstOrThrow()
    const vend = (
      outTradeNo: string,
      items: unknown[],
      extra: Record<string, unknown> = {},
      occurredAt = now,
    ) => ({
      event_id: randomUUID(),
      occurred_at: occurredAt,
      type: 'vend',
      out_trade_no: outTradeNo,
      payment_method_code: 5,
      payment_type_code: 'normal',
      items,
      ...extra,
    })

    it('an order with a sold and a failed item: Machine Sales, Transactions, the slot sold one and holds one fewer', async () => {
      // A count first, so that the sale has stock to take from.
      const a = await slotOf(2)
      const b = await slotOf(3)
      await post(demoKey, {
        events: [
          {
            event_id: randomUUID(),
            occurred_at: now - 60_000,
            type: 'stock',
            slots: [
              { slot_no: a.slot_no, quantity: Math.min(5, a.capacity) },
              { slot_no: b.slot_no, quantity: Math.min(5, b.capacity) },
            ],
          },
        ],
      })
      const before = await slotOf(2)
      const tradeNo = `VEND-${String(Date.now())}`
      const r = await post(demoKey, {
        events: [
          vend(
            tradeNo,
            [
              { slot_no: a.slot_no, price: 250, status: 3 },
              {
                slot_no: b.slot_no,
                price: 180,
                status: 4,
                failed_stage_no: 2,
                failed_stage_name: 'Dispense',
              },
            ],
            { discount: 50 },
          ),
        ],
      })
      expect(r.body.data.results[0], JSON.stringify(r.body)).toMatchObject({ result: 'accepted' })

      const order = await t.app.db
        .selectFrom('machine_order')
        .where('out_trade_no', '=', tradeNo)
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(order).toMatchObject({ status: 8, total_amount: 380, created_at: now })
      // Machine Sales shows both items, the sold one with its discount taken off.
      const sales = await call(t.app, 'POST', '/api/main/iot/orders/items-filter', {
        token: vending,
        body: {
          limit: 10,
          offset: 0,
          uuid: order.uuid,
          start: Math.floor(now / 1000) - 60,
          end: Math.ceil(now / 1000) + 60,
        },
      })
      expect(sales.status, JSON.stringify(sales.body)).toBe(200)
      const items = sales.body.data.items as {
        funds: number
        machine_order_item_status: number
        item: string
      }[]
      expect(items.map((i) => [i.funds, i.machine_order_item_status]).sort()).toEqual([
        [180, 4],
        [200, 3],
      ])
      expect(items.map((i) => i.item)).toContain(a.name)
      const rows = await t.app.db
        .selectFrom('machine_order_item')
        .where('machine_order_id', '=', order.id)
        .select(['slot_no', 'machine_order_out_trade_no', 'price', 'discount', 'failed_stage_name'])
        .orderBy('id')
        .execute()
      expect(rows).toEqual([
        {
          slot_no: a.slot_no,
          machine_order_out_trade_no: tradeNo,
          price: 250,
          discount: 50,
          failed_stage_name: null,
        },
        {
          slot_no: b.slot_no,
          machine_order_out_trade_no: tradeNo,
          price: 180,
          discount: 0,
          failed_stage_name: 'Dispense',
        },
      ])
      const txns = await t.app.db
        .selectFrom('payment_transaction')
        .where('order_uuid', '=', order.uuid)
        .selectAll()
        .execute()
      expect(txns).toEqual([
        expect.objectContaining({
          amount: 380,
          refundable_amount: 200,
          transaction_status: 3,
          entity_refer_no: tradeNo,
        }),
      ])

      const after = await slotOf(2)
      expect(after.stock).toBe(before.stock - 1)
      expect(after.total_sold).toBe(before.total_sold + 1)
      expect(after.total_revenue).toBe(before.total_revenue + 200)
    })

    it('the same order twice (a new event id, the same out_trade_no) is a duplicate, counted once', async () => {
      const a = await slotOf(2)
      const tradeNo = `VEND-TWICE-${String(Date.now())}`
      const item = [{ slot_no: a.slot_no, price: 250, status: 3 }]
      const first = await post(demoKey, { events: [vend(tradeNo, item), vend(tradeNo, item)] })
      expect(first.body.data.results.map((x) => x.result)).toEqual(['accepted', 'duplicate'])
      const again = await post(demoKey, { events: [vend(tradeNo, item)] })
      expect(again.body.data.results[0]?.result).toBe('duplicate')
      const orders = await t.app.db
        .selectFrom('machine_order')
        .where('out_trade_no', '=', tradeNo)
        .select('id')
        .execute()
      expect(orders).toHaveLength(1)
      expect((await slotOf(2)).total_sold).toBe(a.total_sold + 1)
    })

    it('a vend hours late counts on the day it happened; a count taken after it is not reduced again', async () => {
      const a = await slotOf(4)
      await post(demoKey, {
        events: [
          {
            event_id: randomUUID(),
            occurred_at: now,
            type: 'stock',
            slots: [{ slot_no: a.slot_no, quantity: 3 }],
          },
        ],
      })
      const tradeNo = `VEND-LATE-${String(Date.now())}`
      const yesterday = now - 26 * hour
      const r = await post(demoKey, {
        events: [vend(tradeNo, [{ slot_no: a.slot_no, price: 100, status: 3 }], {}, yesterday)],
      })
      expect(r.body.data.results[0]?.result).toBe('accepted')
      const order = await t.app.db
        .selectFrom('machine_order_item')
        .where('machine_order_out_trade_no', '=', tradeNo)
        .select('created_at')
        .executeTakeFirstOrThrow()
      expect(order.created_at).toBe(yesterday)
      expect((await slotOf(4)).stock).toBe(3)
    })

    it('refunded items make a refund transaction; a slot the machine lacks rejects the vend, naming it', async () => {
      const a = await slotOf(2)
      const tradeNo = `VEND-REFUND-${String(Date.now())}`
      const r = await post(demoKey, {
        events: [
          vend(tradeNo, [{ slot_no: a.slot_no, price: 300, status: 5 }]),
          vend(`${tradeNo}-X`, [{ slot_no: 999, price: 300, status: 3 }]),
        ],
      })
      expect(r.body.data.results.map((x) => x.result)).toEqual(['accepted', 'rejected'])
      expect(r.body.data.results[1]?.errors?.[0]?.path).toBe('events[1].items[0].slot_no')
      const order = await t.app.db
        .selectFrom('machine_order')
        .where('out_trade_no', '=', tradeNo)
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(order.status).toBe(5)
      const txns = await t.app.db
        .selectFrom('payment_transaction')
        .where('order_uuid', '=', order.uuid)
        .select(['transaction_type', 'transaction_status', 'amount'])
        .orderBy('id')
        .execute()
      expect(txns).toEqual([
        { transaction_type: 1, transaction_status: 7, amount: 300 },
        { transaction_type: 2, transaction_status: 3, amount: 300 },
      ])
      expect((await slotOf(2)).total_sold).toBe(a.total_sold)
    })
  })

  describe('a batch is applied as its events would be one by one', () => {
    // A machine of its own, whose status and slots no other test moves (the key test takes the first one after the
    // demo machine, the rate limit test the last).
    const other = async () => {
      const m = await t.app.db
        .selectFrom('machine')
        .where('entity_code', '=', 'VEND')
        .where('id', '<>', machineId)
        .select(['id', 'serial_number'])
        .orderBy('id')
        .offset(1)
        .limit(1)
        .executeTakeFirstOrThrow()
      return { id: m.id, key: demoMachineKey('VEND', m.serial_number) }
    }
    const machineRow = (id: number) =>
      t.app.db.selectFrom('machine').where('id', '=', id).selectAll().executeTakeFirstOrThrow()

    it('status events out of order, with different fields: a field moves only for an event newer than the status shown', async () => {
      const m = await other()
      const before = await machineRow(m.id)
      const base = Date.now() - 10 * hour
      const r = await post(m.key, {
        events: [
          status(base + 3000, { overall_status: 4, core_service_status: 4 }),
          // Older than the one before it: never applied.
          status(base + 1000, { overall_status: 2, payment_service_status: 2 }),
          // As old as the newest so far: applied.
          status(base + 3000, { machine_service_status: 3 }),
          status(base + 4000, { core_service_status: 1 }),
          status(base + 2000, { reader_manager_status: 2 }),
        ],
      })
      expect(r.body.data.results.map((x) => x.result)).toEqual(Array.from({ length: 5 }, () => 'accepted'))
      expect(await machineRow(m.id)).toMatchObject({
        overall_status: 4,
        core_service_status: 1,
        machine_service_status: 3,
        payment_service_status: before.payment_service_status,
        reader_manager_status: before.reader_manager_status,
        status_reported_at: base + 4000,
        last_activity_time: base + 4000,
      })
      // The status shown is at base + 4000: of this batch, only the events after it apply, field by field, even
      // when an older event of the batch is the last to carry a field.
      await post(m.key, {
        events: [
          status(base + 3500, { overall_status: 1, reader_manager_status: 1 }),
          status(base + 5000, { payment_service_status: 2 }),
          status(base + 4500, { core_service_status: 2 }),
        ],
      })
      expect(await machineRow(m.id)).toMatchObject({
        overall_status: 4,
        core_service_status: 1,
        payment_service_status: 2,
        reader_manager_status: before.reader_manager_status,
        status_reported_at: base + 5000,
      })
      await post(m.key, {
        events: [status(base + 4800, { overall_status: 2 }), status(base + 6000, { core_service_status: 3 })],
      })
      expect(await machineRow(m.id)).toMatchObject({
        overall_status: 4,
        core_service_status: 3,
        status_reported_at: base + 6000,
      })
    })

    it('vends of one slot between counts: each sale counted, the stock taken down only after the count before it', async () => {
      const m = await other()
      const slot = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', m.id)
        .where('capacity', '>=', 5)
        .select(['slot_no', 'total_sold', 'total_revenue'])
        .orderBy('slot_no')
        .executeTakeFirstOrThrow()
      const t0 = Date.now() - hour
      const count = (at: number, quantity: number) => ({
        event_id: randomUUID(),
        occurred_at: at,
        type: 'stock',
        slots: [{ slot_no: slot.slot_no, quantity }],
      })
      const sale = (tradeNo: string, at: number, prices: number[]) => ({
        event_id: randomUUID(),
        occurred_at: at,
        type: 'vend',
        out_trade_no: tradeNo,
        payment_method_code: 5,
        payment_type_code: 'normal',
        items: prices.map((price) => ({ slot_no: slot.slot_no, price, status: 3 })),
      })
      const tradeNo = `VEND-BATCH-${String(Date.now())}`
      const r = await post(m.key, {
        events: [
          count(t0, 5),
          sale(`${tradeNo}-1`, t0 + 1000, [100]), // 4
          count(t0 + 1500, 4), // 4, counted after the sale
          sale(`${tradeNo}-2`, t0 - 1000, [80]), // before the count: sold, but the count already says what is left
          sale(`${tradeNo}-3`, t0 + 2000, [150, 120]), // two items of the slot: 3, then 2
          sale(`${tradeNo}-1`, t0 + 3000, [100]), // the same order again: a duplicate, not sold twice
          count(t0 + 500, 1), // older than the count shown: not taken
        ],
      })
      expect(r.body.data.results.map((x) => x.result)).toEqual([
        'accepted',
        'accepted',
        'accepted',
        'accepted',
        'accepted',
        'duplicate',
        'accepted',
      ])
      const after = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', m.id)
        .where('slot_no', '=', slot.slot_no)
        .select(['stock', 'stock_reported_at', 'total_sold', 'total_revenue'])
        .executeTakeFirstOrThrow()
      expect(after).toEqual({
        stock: 2,
        stock_reported_at: t0 + 1500,
        total_sold: slot.total_sold + 4,
        total_revenue: slot.total_revenue + 450,
      })
      const totals = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', m.id)
        .select((eb) => eb.fn.sum<number | string>('stock').as('n'))
        .executeTakeFirstOrThrow()
      expect((await machineRow(m.id)).stock).toBe(Number(totals.n))
      // The orders in the batch's order, numbered as every order is, each with its items.
      const orders = await t.app.db
        .selectFrom('machine_order')
        .where('machine_id', '=', m.id)
        .where('out_trade_no', 'like', `${tradeNo}-%`)
        .select(['id', 'out_trade_no', 'order_no', 'created_at'])
        .orderBy('id')
        .execute()
      expect(orders.map((o) => o.out_trade_no)).toEqual([`${tradeNo}-1`, `${tradeNo}-2`, `${tradeNo}-3`])
      for (const o of orders) expect(o.order_no).toMatch(new RegExp(`^MO${String(o.created_at)}\\d{3}$`))
      const items = await t.app.db
        .selectFrom('machine_order_item')
        .where(
          'machine_order_id',
          'in',
          orders.map((o) => o.id),
        )
        .select(['machine_order_id', 'machine_order_out_trade_no', 'price'])
        .orderBy('id')
        .execute()
      expect(items.map((i) => [i.machine_order_out_trade_no, i.price])).toEqual([
        [`${tradeNo}-1`, 100],
        [`${tradeNo}-2`, 80],
        [`${tradeNo}-3`, 150],
        [`${tradeNo}-3`, 120],
      ])
      for (const i of items)
        expect(orders.find((o) => o.id === i.machine_order_id)?.out_trade_no).toBe(
          i.machine_order_out_trade_no,
        )
      const payments = await t.app.db
        .selectFrom('machine_order_payment')
        .where(
          'machine_order_id',
          'in',
          orders.map((o) => o.id),
        )
        .select('machine_order_id')
        .execute()
      expect(payments.map((p) => p.machine_order_id).sort()).toEqual(orders.map((o) => o.id).sort())
    })

    it('a maintenance visit between sales: it sees the stock the sale before it left, the sale after it takes from the refill', async () => {
      const m = await other()
      const slot = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', m.id)
        .where('capacity', '>=', 5)
        .select(['slot_no', 'total_sold'])
        .orderBy('slot_no', 'desc')
        .executeTakeFirstOrThrow()
      const restocker = await t.app.db
        .selectFrom('app_user')
        .where('username', '=', 'restocker')
        .select('user_uuid')
        .executeTakeFirstOrThrow()
      const t0 = Date.now() - hour
      const session = randomUUID()
      const sale = (tradeNo: string, at: number) => ({
        event_id: randomUUID(),
        occurred_at: at,
        type: 'vend',
        out_trade_no: tradeNo,
        payment_method_code: 5,
        payment_type_code: 'normal',
        items: [{ slot_no: slot.slot_no, price: 100, status: 3 }],
      })
      const tradeNo = `VEND-VISIT-${String(Date.now())}`
      const r = await post(m.key, {
        events: [
          {
            event_id: randomUUID(),
            occurred_at: t0,
            type: 'stock',
            slots: [{ slot_no: slot.slot_no, quantity: 3 }],
          },
          sale(`${tradeNo}-1`, t0 + 1000), // 2
          {
            event_id: randomUUID(),
            occurred_at: t0 + 2000,
            type: 'maintenance',
            phase: 'end',
            session_id: session,
            user_uuid: restocker.user_uuid,
            slots: [{ slot_no: slot.slot_no, added_stock: 2 }],
          }, // 4
          sale(`${tradeNo}-2`, t0 + 3000), // 3
        ],
      })
      expect(r.body.data.results.map((x) => x.result)).toEqual(Array.from({ length: 4 }, () => 'accepted'))
      const visited = await t.app.db
        .selectFrom('mt_summary_slot as s')
        .innerJoin('mt_summary as v', 'v.id', 's.summary_id')
        .where('v.machine_session_id', '=', session)
        .select(['s.stock_before', 's.added_stock'])
        .execute()
      expect(visited).toEqual([{ stock_before: 2, added_stock: 2 }])
      const after = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', m.id)
        .where('slot_no', '=', slot.slot_no)
        .select(['stock', 'total_sold'])
        .executeTakeFirstOrThrow()
      expect(after).toEqual({ stock: 3, total_sold: slot.total_sold + 2 })
    })

    it('two requests racing with the same batch: each event accepted once, each order made once', async () => {
      const m = await other()
      const slot = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', m.id)
        .select(['slot_no', 'total_sold'])
        .orderBy('slot_no')
        .executeTakeFirstOrThrow()
      const at = Date.now() - 60_000
      const tradeNo = `VEND-RACE-${String(Date.now())}`
      const events = [
        status(at, { overall_status: 1 }),
        {
          event_id: randomUUID(),
          occurred_at: at,
          type: 'vend',
          out_trade_no: tradeNo,
          payment_method_code: 5,
          payment_type_code: 'normal',
          items: [{ slot_no: slot.slot_no, price: 100, status: 3 }],
        },
      ]
      const [a, b] = await Promise.all([post(m.key, { events }), post(m.key, { events })])
      for (const k of [0, 1])
        expect(
          [a, b].map((r) => r.body.data.results[k]?.result).sort(),
          JSON.stringify([a.body, b.body]),
        ).toEqual(['accepted', 'duplicate'])
      const orders = await t.app.db
        .selectFrom('machine_order')
        .where('machine_id', '=', m.id)
        .where('out_trade_no', '=', tradeNo)
        .select('id')
        .execute()
      expect(orders).toHaveLength(1)
      const after = await t.app.db
        .selectFrom('machine_item')
        .where('machine_id', '=', m.id)
        .where('slot_no', '=', slot.slot_no)
        .select('total_sold')
        .executeTakeFirstOrThrow()
      expect(after.total_sold).toBe(slot.total_sold + 1)
    })
  })

  it('a credit event is a credit log entry, dated when it happened, in the credits list', async () => {
    const at = now - 2 * hour
    const r = await post(demoKey, {
      events: [
        {
          event_id: randomUUID(),
          occurred_at: at,
          type: 'credit',
          amount: 1234,
          mode: 3,
          payment_method_code: 2,
          payment_type_code: 'normal',
        },
      ],
    })
    expect(r.body.data.results[0]?.result).toBe('accepted')
    const logs = await call(t.app, 'POST', '/api/main/iot/orders/creditlogs/filter', {
      token: vending,
      body: {
        limit: 5,
        offset: 0,
        machine_ids: [machineId],
        modes: [3],
        amount_lower: 1234,
        amount_upper: 1234,
      },
    })
    expect(logs.status, JSON.stringify(logs.body)).toBe(200)
    expect(logs.body.data.machine_credit_logs).toEqual([
      expect.objectContaining({ machine_id: machineId, amount: 1234, mode: 3, client_time: at }),
    ])
  })

  it('a maintenance visit, its end before its start: one session in the list, the slots refilled, the maintainer checked', async () => {
    const uuidOf = async (username: string) =>
      (
        await t.app.db
          .selectFrom('app_user')
          .where('username', '=', username)
          .select('user_uuid')
          .executeTakeFirstOrThrow()
      ).user_uuid
    const restocker = await uuidOf('restocker')
    const slot = await t.app.db
      .selectFrom('machine_item')
      .where('machine_id', '=', machineId)
      .select(['slot_no', 'capacity'])
      .orderBy('slot_no')
      .offset(5)
      .limit(1)
      .executeTakeFirstOrThrow()
    await post(demoKey, {
      events: [
        {
          event_id: randomUUID(),
          occurred_at: now - 4 * hour,
          type: 'stock',
          slots: [{ slot_no: slot.slot_no, quantity: 0 }],
        },
      ],
    })
    const session = randomUUID()
    const visit = (phase: string, at: number, extra: Record<string, unknown> = {}) => ({
      event_id: randomUUID(),
      occurred_at: at,
      type: 'maintenance',
      phase,
      session_id: session,
      user_uuid: restocker,
      person_type: 'restocker',
      ...extra,
    })
    const end = now - 2 * hour
    const start = end - 20 * 60_000
    const r = await post(demoKey, {
      events: [
        visit('end', end, {
          slots: [{ slot_no: slot.slot_no, added_stock: slot.capacity + 5 }],
          notes: 'Refilled',
        }),
        visit('start', start),
        visit('start', start, { user_uuid: await uuidOf('cpo') }),
      ],
    })
    expect(r.body.data.results.map((x) => x.result)).toEqual(['accepted', 'accepted', 'rejected'])
    expect(r.body.data.results[2]?.errors?.[0]?.path).toBe('events[2].user_uuid')

    const visits = await t.app.db
      .selectFrom('mt_summary')
      .where('machine_id', '=', machineId)
      .where('machine_session_id', '=', session)
      .selectAll()
      .execute()
    expect(visits).toEqual([
      expect.objectContaining({
        start_time: start,
        end_time: end,
        total_added_stock: slot.capacity + 5,
        additional_notes: 'Refilled',
        person_type: 'restocker',
      }),
    ])
    const listed = await call(t.app, 'POST', '/api/main/iot/mt-summaries/filter', {
      token: vending,
      body: { limit: 5, offset: 0, machine_id_list: [machineId] },
    })
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    expect(JSON.stringify(listed.body.data)).toContain(visits[0]?.code ?? 'no code')
    const item = await t.app.db
      .selectFrom('machine_item')
      .where('machine_id', '=', machineId)
      .where('slot_no', '=', slot.slot_no)
      .select('stock')
      .executeTakeFirstOrThrow()
    expect(item.stock).toBe(slot.capacity)
    expect((await machine()).last_maintenance_time).toBe(end)
  })

  it(`limits each machine to ${String(RATE_LIMIT)} requests a minute: 429 with Retry-After`, async () => {
    const other = await t.app.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .where('id', '<>', machineId)
      .select(['id', 'serial_number'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const key = demoMachineKey('VEND', other.serial_number)
    const statuses: number[] = []
    for (let i = 0; i <= RATE_LIMIT; i++)
      statuses.push((await post(key, { events: [status(now, { overall_status: 1 })] })).status)
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200)).toBe(true)
    const last = await post(key, { events: [status(now, { overall_status: 1 })] })
    expect(last.status).toBe(429)
    expect(Number(last.response.headers['retry-after'])).toBeGreaterThan(0)
    // Another machine is not held back.
    expect((await post(demoKey, { events: [status(now, { overall_status: 1 })] })).status).toBe(200)
  })
})
