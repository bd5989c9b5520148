import { describe, expect, it } from 'vitest'
import cdrExample from './examples/2.2.1-d2/cdr_example.json'
import sessionExample from './examples/2.2.1-d2/session_example_2_short_finished.json'
import t1 from './examples/tariff_1_simple_2hour.json'
import t2 from './examples/tariff_2_alt_text.json'
import t3 from './examples/tariff_3_alt_url.json'
import t4 from './examples/tariff_4_complex.json'
import t5 from './examples/tariff_5_free_of_charge.json'
import t6 from './examples/tariff_6_025kwh_start_max_price.json'
import t7 from './examples/tariff_7_first_hour_kwh_free.json'
import t8 from './examples/tariff_8_simple_025kwh.json'
import t9 from './examples/tariff_9_025kwh_start.json'
import t10 from './examples/tariff_10_025kwh_parking_start.json'
import t12 from './examples/tariff_12_025kwh_min_price.json'
import t13 from './examples/tariff_13_simple_3hour_5parking.json'
import t14 from './examples/tariff_14_step_size.json'
import t15 from './examples/tariff_15_reservation_5_euro_per_hour.json'
import t16 from './examples/tariff_16_reservation_2_euro_fee_5_euro_per_hour.json'
import t17 from './examples/tariff_17_reservation_with_expire_fee.json'
import t18 from './examples/tariff_18_reservation_with_expire_time.json'
import maxDuration from './examples/tariffrestriction_example_max_duration.json'
import maxPower from './examples/tariffrestriction_example_max_power.json'
import { ocpiCdr } from './ocpi-cdrs'
import type { OcpiCdrCosts, OcpiCdrToPrice, OcpiPricingOptions } from './ocpi-pricing'
import { priceOcpiCdr } from './ocpi-pricing'
import { ocpiSession } from './ocpi-sessions'
import { changed } from './ocpi-test-support'
import type { OcpiTariff } from './ocpi-tariffs'
import { ocpiTariff } from './ocpi-tariffs'
import { formatOcpiDateTime, parseOcpiDateTime } from './ocpi-types'

/*
 * The worked amounts of OCPI 2.2.1 (tag 2.2.1 of github.com/ocpi/ocpi): the CDR example of mod_cdrs.asciidoc with
 * its embedded tariff, the tariff examples of mod_tariffs.asciidoc that state amounts, and the step_size examples of
 * mod_cdrs.asciidoc. Each session is built from the example's words: consecutive periods, split where another
 * tariff element applies (as a CPO must), times in UTC with a UTC offset of 0 for the examples' local times.
 *
 * Every row states the amounts the 2.2.1 text gives and either matches them, or says why it cannot: the text is
 * wrong (the row then asserts what the rules give and that it differs), or tariff-pricing cannot evaluate a
 * restriction (the row asserts the refusal and its reasons).
 */

type Amounts = Partial<
  Record<Exclude<keyof OcpiCdrCosts, 'bounded_by'>, { excl_vat: number; incl_vat?: number }>
>

const tariffOf = (json: unknown): OcpiTariff => ocpiTariff.parse(json)

interface Segment {
  minutes: number
  kwh?: number
  parking?: true
}

/** A session starting at `start` (UTC) made of consecutive charging or parking periods of the tariff. */
function session(start: string, tariff: OcpiTariff, segments: readonly Segment[]): OcpiCdrToPrice {
  let at = parseOcpiDateTime(start) ?? Number.NaN
  const charging_periods = segments.map(({ minutes, kwh = 0, parking }) => {
    const period = {
      start_date_time: formatOcpiDateTime(at),
      dimensions: parking
        ? [{ type: 'PARKING_TIME' as const, volume: minutes / 60 }]
        : [
            { type: 'ENERGY' as const, volume: kwh },
            { type: 'TIME' as const, volume: minutes / 60 },
          ],
      tariff_id: tariff.id,
    }
    at += minutes * 60_000
    return period
  })
  return { start_date_time: start, end_date_time: formatOcpiDateTime(at), charging_periods }
}

interface Row {
  name: string
  /** The spec file and section the amounts come from. */
  source: string
  tariff: OcpiTariff
  cdr: OcpiCdrToPrice
  options?: OcpiPricingOptions
  /** The amounts the 2.2.1 text states. */
  spec: Amounts
  outcome:
    | { matches: true; bounded_by?: OcpiCdrCosts['bounded_by'] }
    | { differs: string; rules_give: Amounts }
    | { refused: string; unsupported: string[] }
}

const UTC = { utc_offset_minutes: 0 }
const t14Tariff = tariffOf(t14)
const cdr = ocpiCdr.parse(cdrExample)
const [cdrTariff] = cdr.tariffs ?? []
if (!cdrTariff) throw new Error('the CDR example embeds its tariff')

const ROWS: Row[] = [
  {
    name: 'the CDR example with its embedded tariff: 1.973 h at 2.00/h, billed per 5 min (2 h)',
    source: 'mod_cdrs.asciidoc "Example of a CDR" (cdr_example.json)',
    tariff: cdrTariff,
    cdr,
    spec: {
      total_cost: { excl_vat: 4, incl_vat: 4.4 },
      total_time_cost: { excl_vat: 4, incl_vat: 4.4 },
    },
    outcome: { matches: true },
  },
  {
    name: '0.25/kWh, 20 kWh',
    source: 'mod_tariffs.asciidoc "Simple Tariff example 0.25 euro per kWh" (tariff_8)',
    tariff: tariffOf(t8),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t8), [{ minutes: 120, kwh: 20 }]),
    spec: { total_cost: { excl_vat: 5, incl_vat: 5.5 } },
    outcome: { matches: true },
  },
  {
    name: '0.25/kWh + start fee, 20 kWh',
    source: 'mod_tariffs.asciidoc "Tariff example 0.25 euro per kWh + start fee" (tariff_9)',
    tariff: tariffOf(t9),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t9), [{ minutes: 120, kwh: 20 }]),
    spec: { total_cost: { excl_vat: 5.5, incl_vat: 6.1 } },
    outcome: { matches: true },
  },
  {
    name: '0.25/kWh + minimum price, 20 kWh',
    source: 'mod_tariffs.asciidoc "Tariff example 0.25 euro per kWh + minimum price" (tariff_12)',
    tariff: tariffOf(t12),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t12), [{ minutes: 120, kwh: 20 }]),
    spec: { total_cost: { excl_vat: 5, incl_vat: 5.5 } },
    outcome: { matches: true },
  },
  {
    name: '0.25/kWh + minimum price, less than 2 kWh (1.5 kWh)',
    source: 'mod_tariffs.asciidoc "Tariff example 0.25 euro per kWh + minimum price" (tariff_12)',
    tariff: tariffOf(t12),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t12), [{ minutes: 20, kwh: 1.5 }]),
    spec: { total_cost: { excl_vat: 0.5, incl_vat: 0.55 } },
    outcome: { matches: true, bounded_by: 'min_price' },
  },
  {
    name: '0.25/kWh + parking 2.00/h per 15 min + start fee, 20 kWh and 40 min parked',
    source: 'mod_tariffs.asciidoc "Tariff example 0.25 euro per kWh + parking fee + start fee" (tariff_10)',
    tariff: tariffOf(t10),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t10), [
      { minutes: 120, kwh: 20 },
      { minutes: 40, parking: true },
    ]),
    spec: { total_cost: { excl_vat: 7, incl_vat: 7.9 } },
    outcome: { matches: true },
  },
  {
    name: '0.25/kWh + start fee + max price, 50 kWh',
    source: 'mod_tariffs.asciidoc "Tariff example … + start fee + max price + tariff end date" (tariff_6)',
    tariff: tariffOf(t6),
    cdr: session('2019-01-15T10:00:00Z', tariffOf(t6), [{ minutes: 180, kwh: 50 }]),
    spec: { total_cost: { excl_vat: 10, incl_vat: 11 } },
    outcome: { matches: true, bounded_by: 'max_price' },
  },
  {
    name: '0.25/kWh + start fee + max price, 30 kWh',
    source: 'mod_tariffs.asciidoc "Tariff example … + start fee + max price + tariff end date" (tariff_6)',
    tariff: tariffOf(t6),
    cdr: session('2019-01-15T10:00:00Z', tariffOf(t6), [{ minutes: 120, kwh: 30 }]),
    spec: { total_cost: { excl_vat: 8, incl_vat: 8.85 } },
    outcome: { matches: true },
  },
  {
    name: '2.00/h, 2.5 h of charging',
    source: 'mod_tariffs.asciidoc "Simple Tariff example 2 euro per hour" (tariff_1)',
    tariff: tariffOf(t1),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t1), [{ minutes: 150, kwh: 18 }]),
    spec: { total_cost: { excl_vat: 5, incl_vat: 5.5 } },
    outcome: { matches: true },
  },
  {
    name: '3.00/h + parking 5.00/h per 5 min, 150 min charging and 42 min parked',
    source:
      'mod_tariffs.asciidoc "Simple Tariff example 3 euro per hour, 5 euro per hour parking" (tariff_13)',
    tariff: tariffOf(t13),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t13), [
      { minutes: 150, kwh: 30 },
      { minutes: 42, parking: true },
    ]),
    spec: { total_cost: { excl_vat: 11.25, incl_vat: 12.75 } },
    outcome: { matches: true },
  },
  {
    name: '1.90/h at 5.2 % VAT per 5 min, 2.5 h (4.997 incl. VAT, rounded to the cent)',
    source: 'mod_tariffs.asciidoc "Ad-Hoc simple Tariff example with multiple languages" (tariff_2)',
    tariff: tariffOf(t2),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t2), [{ minutes: 150, kwh: 18 }]),
    spec: { total_cost: { excl_vat: 4.75, incl_vat: 5 } },
    outcome: { matches: true },
  },
  {
    name: 'start fee + 0.25/kWh per 0.1 kWh, 20.45 kWh (billed as 20.5 kWh)',
    source: 'mod_tariffs.asciidoc "Simple Tariff example with alternative URL" (tariff_3)',
    tariff: tariffOf(t3),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t3), [{ minutes: 120, kwh: 20.45 }]),
    spec: {
      total_fixed_cost: { excl_vat: 0.5, incl_vat: 0.6 },
      total_energy_cost: { excl_vat: 5.13, incl_vat: 5.64 },
      total_cost: { excl_vat: 5.63, incl_vat: 6.24 },
    },
    outcome: { matches: true },
  },
  {
    name: 'the same at the real-time price the alternative URL shows, 0.22/kWh',
    source: 'mod_tariffs.asciidoc "Simple Tariff example with alternative URL" (tariff_3, energy price 0.22)',
    tariff: tariffOf(changed(t3, ['elements', 0, 'price_components', 1, 'price'], 0.22)),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t3), [{ minutes: 120, kwh: 20.45 }]),
    spec: {
      total_fixed_cost: { excl_vat: 0.5, incl_vat: 0.6 },
      total_energy_cost: { excl_vat: 4.51, incl_vat: 4.96 },
      total_cost: { excl_vat: 5.01, incl_vat: 5.56 },
    },
    outcome: { matches: true },
  },
  {
    name: 'free of charge: FLAT 0.00',
    source: 'mod_tariffs.asciidoc "Free of Charge Tariff example" (tariff_5)',
    tariff: tariffOf(t5),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t5), [
      { minutes: 90, kwh: 12 },
      { minutes: 30, parking: true },
    ]),
    spec: { total_cost: { excl_vat: 0, incl_vat: 0 } },
    outcome: { matches: true },
  },
  {
    name: 'step_size example #2: 16:35, 35 min charging (25 at 1.20/h, rounded to 45 min: 20 at 2.40/h)',
    source: 'mod_tariffs.asciidoc "Example: switching to different Tariff Element #2" (tariff_14)',
    tariff: t14Tariff,
    cdr: session('2018-12-18T16:35:00Z', t14Tariff, [
      { minutes: 25, kwh: 4 },
      { minutes: 10, kwh: 2 },
    ]),
    options: UTC,
    spec: { total_cost: { excl_vat: 1.3 } },
    outcome: { matches: true },
  },
  {
    name: 'step_size example #1: 16:55, 10 min charging then 2 min parked',
    source: 'mod_tariffs.asciidoc "Example: switching to different Tariff Element #1" (tariff_14)',
    tariff: t14Tariff,
    cdr: session('2018-12-18T16:55:00Z', t14Tariff, [
      { minutes: 5, kwh: 1 },
      { minutes: 5, kwh: 1 },
      { minutes: 2, parking: true },
    ]),
    options: UTC,
    spec: { total_cost: { excl_vat: 0.383 } },
    outcome: {
      differs:
        'The 2.2.1 text rounds the whole 12-minute session to 15 minutes and bills the 3 extra minutes as parking ' +
        '(5 min, 0.083). mod_cdrs "step_size" rounds the parking total alone: 2 → 15 min at 1.00/h = 0.25, the ' +
        'charging minutes stay unrounded (0.10 + 0.20). 2.2.1-d2 corrects the example to 0.55.',
      rules_give: {
        total_time_cost: { excl_vat: 0.3, incl_vat: 0.3 },
        total_parking_cost: { excl_vat: 0.25, incl_vat: 0.25 },
        total_cost: { excl_vat: 0.55, incl_vat: 0.55 },
      },
    },
  },
  {
    name: 'step_size example "switching to Free-of-Charge": 19:40, 12 min charging then 20 min parked',
    source: 'mod_tariffs.asciidoc "Example: switching to Free-of-Charge Tariff Element" (tariff_14)',
    tariff: t14Tariff,
    cdr: session('2018-12-18T19:40:00Z', t14Tariff, [
      { minutes: 12, kwh: 2 },
      { minutes: 8, parking: true },
      { minutes: 12, parking: true },
    ]),
    options: UTC,
    spec: { total_cost: { excl_vat: 0.78 } },
    outcome: {
      differs:
        'The 2.2.1 text rounds charging and parking together (12 + 8 → 30 min, billing 18 min of parking) and calls ' +
        'the session 12 minutes long. mod_cdrs "step_size" rounds the billable parking alone: 8 → 15 min = 0.25, ' +
        'plus 12 min charging at 2.40/h = 0.48. 2.2.1-d2 corrects the example to 0.73.',
      rules_give: {
        total_time_cost: { excl_vat: 0.48, incl_vat: 0.48 },
        total_parking_cost: { excl_vat: 0.25, incl_vat: 0.25 },
        total_cost: { excl_vat: 0.73, incl_vat: 0.73 },
      },
    },
  },
  {
    name: 'PriceComponent step_size 1: 115.2 Wh at 0.25/kWh billed as 116 Wh (to 3 decimals)',
    source: 'mod_tariffs.asciidoc "PriceComponent class" NOTE on step_size (tariff_8 as the 0.25/kWh price)',
    tariff: tariffOf(t8),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t8), [{ minutes: 1, kwh: 0.1152 }]),
    options: { decimals: 3 },
    spec: { total_energy_cost: { excl_vat: 0.029 } },
    outcome: { matches: true },
  },
  {
    name: 'PriceComponent step_size 25: billed as 125 Wh (0.03125, written 0.031)',
    source: 'mod_tariffs.asciidoc "PriceComponent class" NOTE on step_size (tariff_8, step_size 25)',
    tariff: tariffOf(changed(t8, ['elements', 0, 'price_components', 0, 'step_size'], 25)),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t8), [{ minutes: 1, kwh: 0.1152 }]),
    options: { decimals: 3 },
    spec: { total_energy_cost: { excl_vat: 0.031 } },
    outcome: { matches: true },
  },
  {
    name: 'PriceComponent step_size 500: billed as 500 Wh',
    source: 'mod_tariffs.asciidoc "PriceComponent class" NOTE on step_size (tariff_8, step_size 500)',
    tariff: tariffOf(changed(t8, ['elements', 0, 'price_components', 0, 'step_size'], 500)),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t8), [{ minutes: 1, kwh: 0.1152 }]),
    options: { decimals: 3 },
    spec: { total_energy_cost: { excl_vat: 0.125 } },
    outcome: { matches: true },
  },
  {
    name: 'complex tariff, Monday 09:30: 165 min at ≤ 16 A, then 42 min parked',
    source: 'mod_tariffs.asciidoc "Complex Tariff example" (tariff_4)',
    tariff: tariffOf(t4),
    cdr: session('2018-12-17T09:30:00Z', tariffOf(t4), [
      { minutes: 165, kwh: 10 },
      { minutes: 42, parking: true },
    ]),
    options: UTC,
    // 2.50 + 2.75 + 3.75; incl. 2.875 + 3.30 + 4.125, summed before rounding (per-type cent rounding gives 10.31).
    spec: { total_cost: { excl_vat: 9, incl_vat: 10.3 } },
    outcome: {
      refused: 'The TIME elements are chosen by charging current (max_current/min_current 32 A).',
      unsupported: [
        'elements[1].restrictions.max_current is not supported',
        'elements[2].restrictions.min_current is not supported',
        'elements[3].restrictions.min_current is not supported',
      ],
    },
  },
  {
    name: 'complex tariff, Saturday 13:30: 114 min at ≥ 43 A, then 71 min parked',
    source: 'mod_tariffs.asciidoc "Complex Tariff example" (tariff_4)',
    tariff: tariffOf(t4),
    cdr: session('2018-12-22T13:30:00Z', tariffOf(t4), [
      { minutes: 114, kwh: 40 },
      { minutes: 71, parking: true },
    ]),
    options: UTC,
    // 2.50 + 114 min × 1.25/h (2.375) + 75 min × 6/h (7.50). 2.2.1-d2 writes 12.28/13.861, pricing the 114
    // minutes at 2.28, which 1.25/h does not give.
    spec: { total_cost: { excl_vat: 12.375, incl_vat: 13.975 } },
    outcome: {
      refused: 'The TIME elements are chosen by charging current (max_current/min_current 32 A).',
      unsupported: [
        'elements[1].restrictions.max_current is not supported',
        'elements[2].restrictions.min_current is not supported',
        'elements[3].restrictions.min_current is not supported',
      ],
    },
  },
  {
    name: 'first hour of parking and first kWh free: 20 kWh, then 2:45 h parked',
    source: 'mod_tariffs.asciidoc "First hour free energy example" (tariff_7, removed in 2.2.1-d2)',
    tariff: tariffOf(t7),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(t7), [
      { minutes: 120, kwh: 20 },
      { minutes: 165, parking: true },
    ]),
    spec: { total_cost: { excl_vat: 7.3 } },
    outcome: {
      refused:
        'Parking prices depend on the session duration (min_duration/max_duration); 2.2.1-d2 removes the example ' +
        'as conflicting with the spec (min_duration counts the whole session, not the parking time).',
      unsupported: [
        'elements[0].restrictions.min_duration is not supported',
        'elements[0].restrictions.max_duration is not supported',
        'elements[1].restrictions.min_duration is not supported',
        'elements[1].restrictions.max_duration is not supported',
        'elements[2].restrictions.min_duration is not supported',
      ],
    },
  },
  {
    name: 'energy price by charging power: 1 kWh at 6 kW, 40 kWh at 48 kW, 0.5 kWh at 4 kW',
    source: 'mod_tariffs.asciidoc "Example: Tariff with max_power Tariff Restrictions"',
    tariff: tariffOf(maxPower),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(maxPower), [
      { minutes: 10, kwh: 1 },
      { minutes: 50, kwh: 40 },
      { minutes: 8, kwh: 0.5 },
    ]),
    spec: { total_cost: { excl_vat: 20.3 } },
    outcome: {
      refused: 'Elements are chosen by charging power (max_power).',
      unsupported: [
        'elements[0].restrictions.max_power is not supported',
        'elements[1].restrictions.max_power is not supported',
      ],
    },
  },
  {
    name: 'energy price by session duration: 5 kWh in the first 30 min, 1.2 kWh in the next 10',
    source: 'mod_tariffs.asciidoc "Example: Tariff with max_duration Tariff Restrictions"',
    tariff: tariffOf(maxDuration),
    cdr: session('2018-12-17T10:00:00Z', tariffOf(maxDuration), [
      { minutes: 30, kwh: 5 },
      { minutes: 10, kwh: 1.2 },
    ]),
    spec: { total_cost: { excl_vat: 0.3 } },
    outcome: {
      refused: 'Elements are chosen by session duration (max_duration).',
      unsupported: [
        'elements[0].restrictions.max_duration is not supported',
        'elements[1].restrictions.max_duration is not supported',
      ],
    },
  },
  ...(
    [
      [t15, 'Tariff example with reservation price', 'tariff_15', 6.75, 7.6, ['elements[0]']],
      [t16, 'Tariff example with reservation price and fee', 'tariff_16', 8.75, 10, ['elements[0]']],
      [
        t17,
        'Tariff example with reservation price and expire fee',
        'tariff_17',
        6.5,
        7.3,
        ['elements[0]', 'elements[1]'],
      ],
      [
        t18,
        'Tariff example with reservation time and expire time',
        'tariff_18',
        7,
        7.9,
        ['elements[0]', 'elements[1]'],
      ],
    ] as const
  ).map(([json, section, file, excl_vat, incl_vat, reserved]): Row => ({
    name: `${section}: reserved, then 20 kWh`,
    source: `mod_tariffs.asciidoc "${section}" (${file})`,
    tariff: tariffOf(json),
    cdr: session('2019-02-04T10:00:00Z', tariffOf(json), [{ minutes: 120, kwh: 20 }]),
    spec: { total_cost: { excl_vat, incl_vat } },
    outcome: {
      refused:
        'Reservations (the reservation restriction and RESERVATION_TIME) are not priced by tariff-pricing.',
      unsupported: reserved.map((element) => `${element}.restrictions.reservation is not supported`),
    },
  })),
  ...(
    [
      // durations from the text, prices ours (the text gives none): 6.00/h for both, i.e. 0.10 a minute.
      [
        '21 min charging + 7 min parked, both per 5 min: 21 min (not 25) and 10 min',
        21,
        7,
        300,
        6,
        6,
        2.1,
        1,
      ],
      // 1.00/h charging, 2.00/h parking, per 10 min: 21 min (0.35) + 20 min (0.6667, 0.67).
      [
        '21 min charging + 16 min parked, both per 10 min: parking rounded to 20 min',
        21,
        16,
        600,
        1,
        2,
        0.35,
        0.67,
      ],
    ] as const
  ).map(([name, charging, parking, step, timePrice, parkingPrice, time, park]): Row => {
    const tariff = tariffOf({
      country_code: 'NL',
      party_id: 'TST',
      id: 'steps',
      currency: 'EUR',
      elements: [
        {
          price_components: [
            { type: 'TIME', price: timePrice, step_size: step },
            { type: 'PARKING_TIME', price: parkingPrice, step_size: step },
          ],
        },
      ],
      last_updated: '2019-06-24T12:39:09Z',
    })
    return {
      name,
      source: 'mod_cdrs.asciidoc "step_size" (tariff ours, from the example\'s words)',
      tariff,
      cdr: session('2019-06-24T10:00:00Z', tariff, [
        { minutes: charging, kwh: 5 },
        { minutes: parking, parking: true },
      ]),
      spec: { total_time_cost: { excl_vat: time }, total_parking_cost: { excl_vat: park } },
      outcome: { matches: true },
    }
  }),
  (() => {
    // 0.20/kWh before 17:00, 0.27/kWh after, both per 500 Wh: 4.3 + 1.1 = 5.4 kWh rounds to 5.5 in total, so 1.2 kWh
    // after 17:00 (0.86 + 0.324 = 1.184), not 1.5.
    const tariff = tariffOf({
      country_code: 'NL',
      party_id: 'TST',
      id: 'energy-steps',
      currency: 'EUR',
      elements: [
        {
          price_components: [{ type: 'ENERGY', price: 0.2, step_size: 500 }],
          restrictions: { end_time: '17:00' },
        },
        { price_components: [{ type: 'ENERGY', price: 0.27, step_size: 500 }] },
      ],
      last_updated: '2019-06-24T12:39:09Z',
    })
    return {
      name: '4.3 kWh before 17:00 and 1.1 kWh after, per 500 Wh: 5.5 kWh in total, 1.2 after 17:00',
      source: 'mod_cdrs.asciidoc "step_size" (tariff ours: the text\'s 0.20 and 0.27 per kWh)',
      tariff,
      cdr: session('2019-06-24T16:30:00Z', tariff, [
        { minutes: 30, kwh: 4.3 },
        { minutes: 15, kwh: 1.1 },
      ]),
      options: UTC,
      spec: { total_energy_cost: { excl_vat: 1.18 } },
      outcome: { matches: true },
    }
  })(),
  (() => {
    // 5.00/h before 17:00, 7.00/h after, both per 10 min: 6 + 22 = 28 min rounds to 30, so 24 min after 17:00:
    // 0.50 + 2.80.
    const tariff = tariffOf({
      country_code: 'NL',
      party_id: 'TST',
      id: 'time-steps',
      currency: 'EUR',
      elements: [
        {
          price_components: [{ type: 'TIME', price: 5, step_size: 600 }],
          restrictions: { end_time: '17:00' },
        },
        { price_components: [{ type: 'TIME', price: 7, step_size: 600 }] },
      ],
      last_updated: '2019-06-24T12:39:09Z',
    })
    return {
      name: '6 min before 17:00 and 22 min after, per 10 min: 30 min in total, 24 after 17:00',
      source: 'mod_cdrs.asciidoc "step_size" (tariff ours: the text\'s 5 and 7 per hour)',
      tariff,
      cdr: session('2019-06-24T16:54:00Z', tariff, [
        { minutes: 6, kwh: 1 },
        { minutes: 22, kwh: 4 },
      ]),
      options: UTC,
      spec: { total_time_cost: { excl_vat: 3.3 } },
      outcome: { matches: true },
    }
  })(),
]

/** The costs the row names, with only the sides the amounts give (the text often gives no incl. VAT). */
function pick(costs: OcpiCdrCosts, amounts: Amounts): Amounts {
  const out: Amounts = {}
  for (const [key, amount] of Object.entries(amounts) as [keyof Amounts, { incl_vat?: number }][]) {
    const cost = costs[key]
    out[key] = amount.incl_vat === undefined ? { excl_vat: cost.excl_vat } : cost
  }
  return out
}

describe('priceOcpiCdr: the worked amounts of the specification', () => {
  it.each(ROWS)('$name — $source', ({ tariff, cdr: toPrice, options, spec, outcome }) => {
    const result = priceOcpiCdr(tariff, toPrice, options)
    if ('refused' in outcome) {
      expect(result).toEqual({ ok: false, unsupported: outcome.unsupported })
      return
    }
    if (!result.ok) throw new Error(`refused: ${result.unsupported.join('; ')}`)
    if ('matches' in outcome) {
      expect(pick(result.costs, spec)).toEqual(spec)
      expect(result.costs.bounded_by).toBe(outcome.bounded_by)
    } else {
      expect(pick(result.costs, outcome.rules_give)).toEqual(outcome.rules_give)
      expect(pick(result.costs, spec)).not.toEqual(spec)
    }
  })
})

describe('priceOcpiCdr', () => {
  it('refuses periods of another tariff, comparing ids case-insensitively (CiString)', () => {
    const tariff = tariffOf(t1)
    const cdrOf = (tariff_id: string) => ({
      ...session('2018-12-17T10:00:00Z', tariff, [{ minutes: 60, kwh: 7 }]),
      charging_periods: [
        {
          start_date_time: '2018-12-17T10:00:00Z',
          dimensions: [{ type: 'TIME' as const, volume: 1 }],
          tariff_id,
        },
      ],
    })
    expect(priceOcpiCdr(tariff, cdrOf('13'))).toEqual({
      ok: false,
      unsupported: ['charging_periods[0] is priced by tariff 13, not 12'],
    })
    expect(priceOcpiCdr({ ...tariff, id: 'abc' }, cdrOf('ABC')).ok).toBe(true)
  })

  it('asks for the time zone when an element restricts the time of day', () => {
    const toPrice = session('2018-12-18T16:35:00Z', t14Tariff, [{ minutes: 35, kwh: 6 }])
    expect(priceOcpiCdr(t14Tariff, toPrice)).toEqual({
      ok: false,
      unsupported: [0, 1, 2].map(
        (i) => `elements[${i}].restrictions need the Location's time zone (options.time_zone)`,
      ),
    })
    expect(priceOcpiCdr(t14Tariff, toPrice, { time_zone: 'Mars/Olympus' })).toEqual({
      ok: false,
      unsupported: ['time_zone Mars/Olympus is not an IANA time zone'],
    })
  })

  it("reads the Location's IANA time zone at the session start (summer and winter time)", () => {
    // 15:35Z is 17:35 in Brussels in June (UTC+2): all 35 minutes at 2.40/h after 17:00, per 15 min → 45 min = 1.80.
    const summer = session('2019-06-24T15:35:00Z', t14Tariff, [{ minutes: 35, kwh: 6 }])
    // 15:35Z is 16:35 in Brussels in December (UTC+1): the 1.30 of step_size example #2, were the periods split at 17:00.
    const winter = session('2018-12-18T15:35:00Z', t14Tariff, [
      { minutes: 25, kwh: 4 },
      { minutes: 10, kwh: 2 },
    ])
    const total = (toPrice: OcpiCdrToPrice) => {
      const result = priceOcpiCdr(t14Tariff, toPrice, { time_zone: 'Europe/Brussels' })
      return result.ok ? result.costs.total_cost : result.unsupported
    }
    expect(total(summer)).toEqual({ excl_vat: 1.8, incl_vat: 1.8 })
    expect(total(winter)).toEqual({ excl_vat: 1.3, incl_vat: 1.3 })
  })

  it('counts the whole length of a period without TIME or PARKING_TIME as charging time', () => {
    // The finished-session example (2.2.1-d2): two ENERGY-only periods from 22:39:09 to 23:07:09 (28 min), then
    // 0.718 h of PARKING_TIME; tariff_1 (id 12, as the session's tariff_id) prices 2.00/h charging, parking free.
    // 28 min × 2.00/h = 0.9333 → 0.93; incl. 10 % 1.0267 → 1.03. (The session's own total_cost is of another tariff.)
    const parsed = ocpiSession.parse(sessionExample)
    const result = priceOcpiCdr(tariffOf(t1), {
      start_date_time: parsed.start_date_time,
      end_date_time: parsed.end_date_time ?? '',
      charging_periods: parsed.charging_periods ?? [],
    })
    expect(result).toEqual({
      ok: true,
      costs: {
        total_cost: { excl_vat: 0.93, incl_vat: 1.03 },
        total_fixed_cost: { excl_vat: 0, incl_vat: 0 },
        total_energy_cost: { excl_vat: 0, incl_vat: 0 },
        total_time_cost: { excl_vat: 0.93, incl_vat: 1.03 },
        total_parking_cost: { excl_vat: 0, incl_vat: 0 },
      },
    })
  })

  it('splits a period with both TIME and PARKING_TIME into charging and parking', () => {
    // One period of tariff_13: 150 min charging and 42 min parked in the same period gives tariff_13's 11.25/12.75.
    const tariff = tariffOf(t13)
    const result = priceOcpiCdr(tariff, {
      start_date_time: '2018-12-17T10:00:00Z',
      end_date_time: '2018-12-17T13:12:00Z',
      charging_periods: [
        {
          start_date_time: '2018-12-17T10:00:00Z',
          dimensions: [
            { type: 'ENERGY', volume: 30 },
            { type: 'TIME', volume: 2.5 },
            { type: 'PARKING_TIME', volume: 0.7 },
            { type: 'MAX_POWER', volume: 22 },
          ],
        },
      ],
    })
    expect(result.ok && result.costs.total_cost).toEqual({ excl_vat: 11.25, incl_vat: 12.75 })
  })
})
