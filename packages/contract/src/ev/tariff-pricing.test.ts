import { describe, expect, it } from 'vitest'
import type { ChargingPeriod, PriceComponent, TariffElement } from './ocpi'
import type { SessionPrice, StepSizeRule } from './tariff-pricing'
import {
  previewSessionCost,
  priceSession,
  priceWithTax,
  restrictionsHold,
  sampleSessionPeriods,
} from './tariff-pricing'

// Worked examples, each computed by hand in the comment beside it. Times are SGT (UTC+8) unless a tariff says
// otherwise; money in cents.

const HOUR = 3_600_000
const MIN = 60_000
/** Monday 2026-11-23 09:00 SGT. */
const MON_9AM = Date.UTC(2026, 10, 23, 1, 0)

const c = (
  type: PriceComponent['type'],
  price: number,
  vat: number | null = 9,
  step_size = 1,
): PriceComponent => ({
  type,
  price,
  vat,
  step_size,
})
const charging = (at: number, kwh: number, hours = 0.25): ChargingPeriod => ({
  start_date_time: at,
  dimensions: [
    { type: 'ENERGY', volume: kwh },
    { type: 'TIME', volume: hours },
  ],
  session_stage: 'CHARGING',
})
const parked = (at: number, stage: ChargingPeriod['session_stage'], minutes?: number): ChargingPeriod => ({
  start_date_time: at,
  dimensions: minutes === undefined ? [] : [{ type: 'TIME', volume: minutes / 60 }],
  session_stage: stage,
})
const zero = { excl_vat: 0, incl_vat: 0 }

interface Example {
  name: string
  elements: TariffElement[]
  currency?: string
  periods: ChargingPeriod[]
  end: number
  expect: Partial<SessionPrice>
  step_size_rule?: StepSizeRule
  minor_unit_digits?: number
}

/** Monday 2026-11-23 at a time of day in SGT. */
const monAt = (hour: number, minute = 0) => Date.UTC(2026, 10, 23, hour - 8, minute)
/** ENERGY 0.20 until 17:00 and 0.27 after, both per 500 Wh (OCPI 2.2.1 mod_cdrs "step_size"). */
const ENERGY_BEFORE_AND_AFTER_5PM: TariffElement[] = [
  { price_components: [c('ENERGY', 0.2, null, 500)], restrictions: { end_time: '17:00' } },
  { price_components: [c('ENERGY', 0.27, null, 500)] },
]
/** TIME 5.00/h until 17:00 and 7.00/h after, both per 10 minutes (OCPI 2.2.1 mod_cdrs "step_size"). */
const TIME_BEFORE_AND_AFTER_5PM: TariffElement[] = [
  { price_components: [c('TIME', 5, null, 600)], restrictions: { end_time: '17:00' } },
  { price_components: [c('TIME', 7, null, 600)] },
]

const EXAMPLES: Example[] = [
  {
    // 10 kWh × 0.55 = 5.50; with 9 % GST 5.995, which rounds half up to 6.00.
    name: 'ENERGY: price per kWh, VAT rounded half up once',
    elements: [{ price_components: [c('ENERGY', 0.55)] }],
    periods: [charging(MON_9AM, 10, 1)],
    end: MON_9AM + HOUR,
    expect: {
      energy: { excl_vat: 550, incl_vat: 600 },
      time: zero,
      parking_time: zero,
      flat: zero,
      total: { excl_vat: 550, incl_vat: 600 },
    },
  },
  {
    // A connection fee of 1.00 (1.09 with GST), once per session however many periods it has.
    name: 'FLAT: once per session',
    elements: [{ price_components: [c('FLAT', 1)] }],
    periods: [charging(MON_9AM, 2), charging(MON_9AM + 15 * MIN, 2)],
    end: MON_9AM + 30 * MIN,
    expect: { flat: { excl_vat: 100, incl_vat: 109 }, total: { excl_vat: 100, incl_vat: 109 } },
  },
  {
    // 1.20 an hour while charging: two 15-minute periods = 0.5 h → 0.60; with GST 0.654 → 0.65.
    name: 'TIME: per hour of charging time',
    elements: [{ price_components: [c('TIME', 1.2)] }],
    periods: [charging(MON_9AM, 3), charging(MON_9AM + 15 * MIN, 3)],
    end: MON_9AM + 30 * MIN,
    expect: { time: { excl_vat: 60, incl_vat: 65 }, energy: zero, total: { excl_vat: 60, incl_vat: 65 } },
  },
  {
    // Grace (10 min) and blackout (60 min) are free; regular parking of 10.5 min is billed per started minute
    // (step 60 s): 11 min × 0.20 = 2.20; with GST 2.398 → 2.40.
    name: 'PARKING_TIME: regular parking only, rounded up to the step',
    elements: [{ price_components: [c('ENERGY', 0.5), c('PARKING_TIME', 12, 9, 60)] }],
    periods: [
      charging(MON_9AM, 4),
      parked(MON_9AM + 15 * MIN, 'PARKING_GRACE', 10),
      parked(MON_9AM + 25 * MIN, 'PARKING_BLACKOUT', 60),
      parked(MON_9AM + 85 * MIN, 'PARKING_REGULAR', 10.5),
    ],
    end: MON_9AM + 95.5 * MIN,
    expect: {
      energy: { excl_vat: 200, incl_vat: 218 },
      parking_time: { excl_vat: 220, incl_vat: 240 },
      total: { excl_vat: 420, incl_vat: 458 },
    },
  },
  {
    // A running session's regular parking has no TIME volume yet: it lasts until "now" (20 min) → 4.00 → 4.36.
    name: 'PARKING_TIME without a recorded volume: from the period start to the session end',
    elements: [{ price_components: [c('PARKING_TIME', 12)] }],
    periods: [charging(MON_9AM, 4), parked(MON_9AM + 15 * MIN, 'PARKING_REGULAR')],
    end: MON_9AM + 35 * MIN,
    expect: { parking_time: { excl_vat: 400, incl_vat: 436 } },
  },
  {
    // step_size 100 Wh: 7.123 kWh is billed as 7.2 kWh × 0.55 = 3.96; with GST 4.3164 → 4.32.
    name: 'ENERGY step size rounds the billed volume up',
    elements: [{ price_components: [c('ENERGY', 0.55, 9, 100)] }],
    periods: [charging(MON_9AM, 7.123)],
    end: MON_9AM + 15 * MIN,
    expect: { energy: { excl_vat: 396, incl_vat: 432 } },
  },
  {
    // Peak 07:00–23:00 at 0.60, otherwise 0.40, no VAT: the 22:45 period is peak (2 kWh → 1.20), the 23:00 one
    // off-peak (2 kWh → 0.80): 2.00.
    name: 'time-of-day restrictions, looked up at each period start',
    elements: [
      {
        price_components: [c('ENERGY', 0.6, null)],
        restrictions: { start_time: '07:00', end_time: '23:00' },
      },
      { price_components: [c('ENERGY', 0.4, null)] },
    ],
    periods: [charging(Date.UTC(2026, 10, 23, 14, 45), 2), charging(Date.UTC(2026, 10, 23, 15, 0), 2)],
    end: Date.UTC(2026, 10, 23, 15, 15),
    expect: { energy: { excl_vat: 200, incl_vat: 200 } },
  },
  {
    // Each type from the first matching element that HAS it: parking during the peak is priced by the second
    // element (the first has no PARKING_TIME): 0.5 h × 6.00 = 3.00; 5 kWh × 0.50 = 2.50.
    name: 'a component type is taken from the first matching element that has it',
    elements: [
      {
        price_components: [c('ENERGY', 0.5, null)],
        restrictions: { start_time: '07:00', end_time: '23:00' },
      },
      { price_components: [c('ENERGY', 0.4, null), c('PARKING_TIME', 6, null)] },
    ],
    periods: [charging(MON_9AM, 5), parked(MON_9AM + 15 * MIN, 'PARKING_REGULAR', 30)],
    end: MON_9AM + 45 * MIN,
    expect: {
      energy: { excl_vat: 250, incl_vat: 250 },
      parking_time: { excl_vat: 300, incl_vat: 300 },
    },
  },
  {
    // 0.50 up to 5 kWh delivered, then 0.30 (by the energy delivered BEFORE each period): 4 + 4 kWh at 0.50 (4.00),
    // then 4 kWh at 0.30 (1.20): 5.20.
    name: 'max_kwh: a cheaper price once enough energy was delivered',
    elements: [
      { price_components: [c('ENERGY', 0.5, null)], restrictions: { max_kwh: 5 } },
      { price_components: [c('ENERGY', 0.3, null)] },
    ],
    periods: [charging(MON_9AM, 4), charging(MON_9AM + 15 * MIN, 4), charging(MON_9AM + 30 * MIN, 4)],
    end: MON_9AM + 45 * MIN,
    expect: { energy: { excl_vat: 520, incl_vat: 520 } },
  },
  {
    // Weekend price 0.35, weekdays fall through to 0.45. Saturday 2026-11-28 10:00 SGT, 10 kWh → 3.50.
    name: 'day_of_week restrictions in the tariff time zone',
    elements: [
      { price_components: [c('ENERGY', 0.35, null)], restrictions: { day_of_week: ['SATURDAY', 'SUNDAY'] } },
      { price_components: [c('ENERGY', 0.45, null)] },
    ],
    periods: [charging(Date.UTC(2026, 10, 28, 2, 0), 10)],
    end: Date.UTC(2026, 10, 28, 2, 15),
    expect: { energy: { excl_vat: 350, incl_vat: 350 } },
  },
  {
    // Malaysia, 8 % SST on 3 kWh × RM 1.00 = 3.24; a 7.5 % rate gives 3.225 → 3.23 (half up).
    name: 'decimal VAT rates round half up',
    currency: 'MYR',
    elements: [{ price_components: [c('ENERGY', 1, 7.5)] }],
    periods: [charging(MON_9AM, 3)],
    end: MON_9AM + 15 * MIN,
    expect: { energy: { excl_vat: 300, incl_vat: 323 } },
  },
  {
    // A currency without minor units: 10 kWh × ¥30 = ¥300.
    name: 'a zero-decimal currency',
    currency: 'JPY',
    elements: [{ price_components: [c('ENERGY', 30, 10)] }],
    periods: [charging(MON_9AM, 10)],
    end: MON_9AM + 15 * MIN,
    expect: { energy: { excl_vat: 300, incl_vat: 330 } },
  },
  {
    // A failed start reports no periods: nothing is charged, not even the connection fee; the rate still shows.
    name: 'no periods: no cost, the price per kWh still known',
    elements: [{ price_components: [c('ENERGY', 0.545), c('FLAT', 1)] }],
    periods: [],
    end: MON_9AM,
    expect: { total: zero, flat: zero, price_per_kwh: { excl_vat: 5450, incl_vat: 5941 } },
  },
  {
    // Nothing matches at night (the only element is 07:00–19:00): the period is not priced.
    name: 'a period no element covers is free',
    elements: [
      { price_components: [c('ENERGY', 0.5)], restrictions: { start_time: '07:00', end_time: '19:00' } },
    ],
    periods: [charging(Date.UTC(2026, 10, 23, 14, 0), 5)],
    end: Date.UTC(2026, 10, 23, 14, 15),
    expect: { total: zero },
  },
  {
    // Each component rounds its own total: 4.3 → 4.5 kWh × 0.20 = 0.90 and 1.1 → 1.5 kWh × 0.27 = 0.405: 1.305.
    name: "per_component step_size: each element's energy rounded on its own",
    elements: ENERGY_BEFORE_AND_AFTER_5PM,
    periods: [charging(monAt(16, 30), 4.3, 0.5), charging(monAt(17), 1.1)],
    end: monAt(17, 15),
    expect: { energy: { excl_vat: 131, incl_vat: 131 } },
  },
  {
    // OCPI: 4.3 + 1.1 = 5.4 kWh rounds to 5.5 once, the 0.1 added after 17:00: 4.3 × 0.20 + 1.2 × 0.27 = 1.184.
    name: 'per_session step_size: the session energy rounded once, the last element billing the rest',
    elements: ENERGY_BEFORE_AND_AFTER_5PM,
    step_size_rule: 'per_session',
    periods: [charging(monAt(16, 30), 4.3, 0.5), charging(monAt(17), 1.1)],
    end: monAt(17, 15),
    expect: { energy: { excl_vat: 118, incl_vat: 118 } },
  },
  {
    // Each component: 6 → 10 min at 5.00/h (0.8333) and 22 → 30 min at 7.00/h (3.50): 4.3333.
    name: "per_component step_size: each element's time rounded on its own",
    elements: TIME_BEFORE_AND_AFTER_5PM,
    periods: [charging(monAt(16, 54), 1, 6 / 60), charging(monAt(17), 4, 22 / 60)],
    end: monAt(17, 22),
    expect: { time: { excl_vat: 433, incl_vat: 433 } },
  },
  {
    // OCPI: 6 + 22 = 28 min rounds to 30 once, 24 min billed after 17:00: 0.50 + 2.80.
    name: 'per_session step_size: the charging time rounded once, by the last element',
    elements: TIME_BEFORE_AND_AFTER_5PM,
    step_size_rule: 'per_session',
    periods: [charging(monAt(16, 54), 1, 6 / 60), charging(monAt(17), 4, 22 / 60)],
    end: monAt(17, 22),
    expect: { time: { excl_vat: 330, incl_vat: 330 } },
  },
  {
    // OCPI: with parking, only the parking total is rounded (16 → 20 min at 2.00/h = 0.6667); the 21 charging
    // minutes are not (0.35), where per_component would bill 30 (0.50).
    name: 'per_session step_size: charging time followed by parking is not rounded, the parking is',
    elements: [{ price_components: [c('TIME', 1, null, 600), c('PARKING_TIME', 2, null, 600)] }],
    step_size_rule: 'per_session',
    periods: [charging(MON_9AM, 5, 21 / 60), parked(MON_9AM + 21 * MIN, 'PARKING_REGULAR', 16)],
    end: MON_9AM + 37 * MIN,
    expect: { time: { excl_vat: 35, incl_vat: 35 }, parking_time: { excl_vat: 67, incl_vat: 67 } },
  },
  {
    // minor_unit_digits 4, OCPI's number precision: 10 kWh × 0.5555 = 5.5550; with 9 % 6.05495 → 6.0550.
    name: 'minor_unit_digits: amounts to 4 decimals instead of cents',
    elements: [{ price_components: [c('ENERGY', 0.5555)] }],
    minor_unit_digits: 4,
    periods: [charging(MON_9AM, 10, 1)],
    end: MON_9AM + HOUR,
    expect: { energy: { excl_vat: 55_550, incl_vat: 60_550 }, total: { excl_vat: 55_550, incl_vat: 60_550 } },
  },
]

describe('priceSession', () => {
  it.each(EXAMPLES)('$name', (example) => {
    const price = priceSession(
      {
        elements: example.elements,
        currency: example.currency,
        step_size_rule: example.step_size_rule,
        minor_unit_digits: example.minor_unit_digits,
      },
      example.periods,
      example.end,
    )
    expect(price).toMatchObject(example.expect)
    // The parts always add up to the total.
    for (const side of ['excl_vat', 'incl_vat'] as const) {
      expect(price.total[side]).toBe(
        price.energy[side] + price.time[side] + price.parking_time[side] + price.flat[side],
      )
    }
  })

  it('prices periods given in any order the same', () => {
    const elements: TariffElement[] = [{ price_components: [c('ENERGY', 0.55), c('PARKING_TIME', 12)] }]
    const periods = [
      charging(MON_9AM, 4),
      charging(MON_9AM + 15 * MIN, 3),
      parked(MON_9AM + 30 * MIN, 'PARKING_REGULAR', 20),
    ]
    const end = MON_9AM + 50 * MIN
    expect(priceSession({ elements }, [...periods].reverse(), end)).toEqual(
      priceSession({ elements }, periods, end),
    )
  })

  it('reports the per-kWh rate that applied when charging began', () => {
    const elements: TariffElement[] = [
      { price_components: [c('ENERGY', 0.6)], restrictions: { start_time: '07:00', end_time: '23:00' } },
      { price_components: [c('ENERGY', 0.4)] },
    ]
    // 9:00: peak 0.60 → 6000 hundredths of a cent; with GST 0.654 → 6540.
    expect(priceSession({ elements }, [charging(MON_9AM, 1)], MON_9AM + 15 * MIN).price_per_kwh).toEqual({
      excl_vat: 6000,
      incl_vat: 6540,
    })
    // 23:30: off-peak 0.40 → 4000 / 4360.
    const late = Date.UTC(2026, 10, 23, 15, 30)
    expect(priceSession({ elements }, [charging(late, 1)], late + 15 * MIN).price_per_kwh).toEqual({
      excl_vat: 4000,
      incl_vat: 4360,
    })
  })
})

describe('restrictionsHold', () => {
  const at = (minuteOfDay: number, weekday: 'MONDAY' | 'SUNDAY' = 'MONDAY', kwhBefore = 0) => ({
    minuteOfDay,
    weekday,
    kwhBefore,
  })
  it.each([
    ['a window holds inside', { start_time: '07:00', end_time: '23:00' }, at(7 * 60), true],
    ['a window excludes its end', { start_time: '07:00', end_time: '23:00' }, at(23 * 60), false],
    ['a window across midnight holds late', { start_time: '22:00', end_time: '07:00' }, at(23 * 60), true],
    ['a window across midnight holds early', { start_time: '22:00', end_time: '07:00' }, at(6 * 60), true],
    [
      'a window across midnight excludes midday',
      { start_time: '22:00', end_time: '07:00' },
      at(12 * 60),
      false,
    ],
    ['only a start time', { start_time: '18:00' }, at(17 * 60), false],
    ['only an end time', { end_time: '09:00' }, at(8 * 60), true],
    ['a weekday list', { day_of_week: ['SUNDAY' as const] }, at(600, 'MONDAY'), false],
    ['min_kwh not yet reached', { min_kwh: 10 }, at(600, 'MONDAY', 9.9), false],
    ['max_kwh reached', { max_kwh: 10 }, at(600, 'MONDAY', 10), false],
  ])('%s', (_name, restrictions, moment, holds) => {
    expect(restrictionsHold(restrictions, moment)).toBe(holds)
  })
})

describe('priceWithTax', () => {
  it.each([
    [0.55, 9, 0.5995],
    [12, 9, 13.08],
    [0.5, null, 0.5],
    [1, 7.5, 1.075],
    [0.545, 9, 0.5941],
  ])('%d with %s %% VAT is %d', (price, vat, expected) => {
    expect(priceWithTax(price, vat)).toBe(expected)
  })
})

describe('the cost preview', () => {
  it('splits a sample session into 15-minute periods whose energy adds up exactly, then parking', () => {
    const { periods, end } = sampleSessionPeriods({
      start: MON_9AM,
      energy_kwh: 10,
      charging_minutes: 50,
      grace_minutes: 10,
      parking_minutes: 30,
    })
    expect(periods.map((p) => p.session_stage)).toEqual([
      'CHARGING',
      'CHARGING',
      'CHARGING',
      'CHARGING',
      'PARKING_GRACE',
      'PARKING_REGULAR',
    ])
    expect(periods.slice(0, 4).map((p) => p.dimensions[0]?.volume)).toEqual([3, 3, 3, 1])
    expect(end).toBe(MON_9AM + 90 * MIN)
  })

  it('prices a sample session with the tariff', () => {
    // 10 kWh × 0.55 = 5.50 (5.995 → 6.00 with GST); 10 min grace free; 30 min parking × 12/h = 6.00 (6.54);
    // connection fee 1.00 (1.09): 12.50 excluding, 13.63 including GST.
    const price = previewSessionCost(
      {
        elements: [{ price_components: [c('ENERGY', 0.55), c('PARKING_TIME', 12, 9, 60), c('FLAT', 1)] }],
      },
      { start: MON_9AM, energy_kwh: 10, charging_minutes: 60, grace_minutes: 10, parking_minutes: 30 },
    )
    expect(price.total).toEqual({ excl_vat: 1250, incl_vat: 1363 })
    expect(price.parking_time).toEqual({ excl_vat: 600, incl_vat: 654 })
  })
})
