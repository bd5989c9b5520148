import { describe, expect, it } from 'vitest'
import { eventErrors, machineEvent, machineEventsRequest } from './machine-api'

const id = '0b0f5f3e-9a47-4c8e-9a43-2b8f3b1f2c11'
const at = 1_764_400_000_000

describe('machineEvent', () => {
  it.each([
    ['a status with one field', { event_id: id, occurred_at: at, type: 'status', overall_status: 1 }],
    [
      'a status with every field',
      {
        event_id: id,
        occurred_at: at,
        type: 'status',
        overall_status: 4,
        core_service_status: 1,
        machine_service_status: 4,
        payment_service_status: 2,
        reader_manager_status: 6,
      },
    ],
    [
      'a cash refund of credit',
      {
        event_id: id,
        occurred_at: at,
        type: 'credit',
        amount: 120,
        mode: 3,
        payment_method_code: 2,
        payment_type_code: 'normal',
      },
    ],
    [
      'the end of a maintenance visit',
      {
        event_id: id,
        occurred_at: at,
        type: 'maintenance',
        phase: 'end',
        session_id: id,
        user_uuid: id,
        person_type: 'restocker',
        slots: [{ slot_no: 2, added_stock: 6 }],
      },
    ],
    ['a stock count', { event_id: id, occurred_at: at, type: 'stock', slots: [{ slot_no: 1, quantity: 0 }] }],
    [
      'a vend',
      {
        event_id: id,
        occurred_at: at,
        type: 'vend',
        out_trade_no: 'VM1-000123',
        payment_method_code: 5,
        payment_type_code: 'normal',
        items: [
          { slot_no: 3, sku_id: 7, price: 180, status: 3 },
          { slot_no: 4, price: 250, status: 4, failed_stage_no: 2, failed_stage_name: 'Dispense' },
        ],
        discount: 30,
        credit: 50,
      },
    ],
  ])('takes %s', (_name, event) => {
    expect(machineEvent.safeParse(event).success).toBe(true)
  })

  it.each([
    ['no type', { event_id: id, occurred_at: at }, 'type'],
    ['an unknown type', { event_id: id, occurred_at: at, type: 'teleport' }, 'type'],
    [
      'an event id that is not a UUID',
      { event_id: '42', occurred_at: at, type: 'status', overall_status: 1 },
      'event_id',
    ],
    [
      'a time in seconds as a string',
      { event_id: id, occurred_at: '1764400000', type: 'status', overall_status: 1 },
      'occurred_at',
    ],
    [
      'a status outside the catalogue',
      { event_id: id, occurred_at: at, type: 'status', overall_status: 7 },
      'overall_status',
    ],
    ['a status event without a status', { event_id: id, occurred_at: at, type: 'status' }, ''],
    [
      'a field the type does not have',
      { event_id: id, occurred_at: at, type: 'status', overall_status: 1, mood: 'ok' },
      '',
    ],
    [
      'a negative quantity',
      { event_id: id, occurred_at: at, type: 'stock', slots: [{ slot_no: 1, quantity: -1 }] },
      'quantity',
    ],
    ['no slots', { event_id: id, occurred_at: at, type: 'stock', slots: [] }, 'slots'],
    [
      'a price in dollars',
      {
        event_id: id,
        occurred_at: at,
        type: 'vend',
        out_trade_no: 'X',
        payment_method_code: 5,
        payment_type_code: 'normal',
        items: [{ slot_no: 1, price: 1.8, status: 3 }],
      },
      'events[0].items[0].price',
    ],
    [
      'an unknown payment method',
      {
        event_id: id,
        occurred_at: at,
        type: 'vend',
        out_trade_no: 'X',
        payment_method_code: 9999,
        payment_type_code: 'normal',
        items: [{ slot_no: 1, price: 180, status: 3 }],
      },
      'payment_method_code',
    ],
    [
      'a discount above the price',
      {
        event_id: id,
        occurred_at: at,
        type: 'vend',
        out_trade_no: 'X',
        payment_method_code: 5,
        payment_type_code: 'normal',
        items: [{ slot_no: 1, price: 180, status: 3 }],
        discount: 200,
      },
      'discount',
    ],
  ])('refuses %s', (_name, event, field) => {
    const parsed = machineEvent.safeParse(event)
    expect(parsed.success).toBe(false)
    if (!parsed.success)
      expect(
        eventErrors(0, parsed.error.issues)
          .map((e) => e.path)
          .join(' '),
      ).toContain(field)
  })
})

describe('eventErrors', () => {
  it('names the field as the machine wrote it', () => {
    expect(
      eventErrors(3, [
        { path: ['items', 0, 'price'], message: 'Invalid input' },
        { path: [], message: 'one of … at least' },
      ]),
    ).toEqual([
      { path: 'events[3].items[0].price', message: 'Invalid input' },
      { path: 'events[3]', message: 'one of … at least' },
    ])
  })
})

describe('machineEventsRequest', () => {
  it.each([
    [{ events: [] }, false],
    [{ events: Array.from({ length: 501 }, () => ({})) }, false],
    [{ events: [{}], extra: 1 }, false],
    [{ events: [{ anything: true }] }, true],
  ])('checks only the envelope: %#', (body, ok) => {
    expect(machineEventsRequest.safeParse(body).success).toBe(ok)
  })
})
