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
import t11 from './examples/tariff_11_not_possible_alt_text.json'
import t12 from './examples/tariff_12_025kwh_min_price.json'
import t13 from './examples/tariff_13_simple_3hour_5parking.json'
import t14 from './examples/tariff_14_step_size.json'
import t15 from './examples/tariff_15_reservation_5_euro_per_hour.json'
import t16 from './examples/tariff_16_reservation_2_euro_fee_5_euro_per_hour.json'
import t17 from './examples/tariff_17_reservation_with_expire_fee.json'
import t18 from './examples/tariff_18_reservation_with_expire_time.json'
import tariffPut from './examples/tariff_put_example.json'
import maxDuration from './examples/tariffrestriction_example_max_duration.json'
import maxPower from './examples/tariffrestriction_example_max_power.json'
import { describe, expect, it } from 'vitest'
import type { BadObject, IssuePath, SpecExample } from './ocpi-test-support'
import { changed, itParsesSpecExamples, itRefusesBadObjects, REMOVE } from './ocpi-test-support'
import {
  OCPI_DAYS_OF_WEEK,
  OCPI_RESERVATION_RESTRICTION_TYPES,
  OCPI_TARIFF_DIMENSION_TYPES,
  OCPI_TARIFF_TYPES,
  ocpiTariff,
} from './ocpi-tariffs'

// The JSON examples of OCPI 2.2.1 (tag 2.2.1 of github.com/ocpi/ocpi, examples/), shown in mod_tariffs.asciidoc.

const tariff = (file: string, section: string, json: unknown): SpecExample => ({
  file,
  section,
  schema: ocpiTariff,
  json,
})

itParsesSpecExamples([
  tariff('tariff_8_simple_025kwh.json', 'Simple Tariff example 0.25 euro per kWh', t8),
  tariff('tariff_9_025kwh_start.json', 'Tariff example 0.25 euro per kWh + start fee', t9),
  tariff('tariff_12_025kwh_min_price.json', 'Tariff example 0.25 euro per kWh + minimum price', t12),
  tariff(
    'tariff_10_025kwh_parking_start.json',
    'Tariff example 0.25 euro per kWh + parking fee + start fee',
    t10,
  ),
  tariff(
    'tariff_6_025kwh_start_max_price.json',
    'Tariff example … + start fee + max price + tariff end date',
    t6,
  ),
  tariff('tariff_1_simple_2hour.json', 'Simple Tariff example 2 euro per hour', t1),
  tariff(
    'tariff_13_simple_3hour_5parking.json',
    'Simple Tariff example 3 euro per hour, 5 euro per hour parking',
    t13,
  ),
  tariff('tariff_2_alt_text.json', 'Ad-Hoc simple Tariff example with multiple languages', t2),
  tariff('tariff_11_not_possible_alt_text.json', 'Ad-Hoc Tariff example not possible with OCPI', t11),
  tariff('tariff_3_alt_url.json', 'Simple Tariff example with alternative URL', t3),
  tariff('tariff_4_complex.json', 'Complex Tariff example', t4),
  tariff('tariff_5_free_of_charge.json', 'Free of Charge Tariff example', t5),
  tariff('tariff_7_first_hour_kwh_free.json', 'First hour free energy example (removed in 2.2.1-d2)', t7),
  tariff('tariff_15_reservation_5_euro_per_hour.json', 'Tariff example with reservation price', t15),
  tariff(
    'tariff_16_reservation_2_euro_fee_5_euro_per_hour.json',
    'Tariff example with reservation price and fee',
    t16,
  ),
  tariff(
    'tariff_17_reservation_with_expire_fee.json',
    'Tariff example with reservation price and expire fee',
    t17,
  ),
  tariff(
    'tariff_18_reservation_with_expire_time.json',
    'Tariff example with reservation time and expire time',
    t18,
  ),
  tariff('tariff_14_step_size.json', 'PriceComponent class, Example Tariff (step_size)', t14),
  tariff(
    'tariffrestriction_example_max_power.json',
    'Example: Tariff with max_power Tariff Restrictions',
    maxPower,
  ),
  tariff(
    'tariffrestriction_example_max_duration.json',
    'Example: Tariff with max_duration Tariff Restrictions',
    maxDuration,
  ),
  {
    // The PUT example omits last_updated, which the Tariff object requires (cardinality 1).
    ...tariff(
      'tariff_put_example.json',
      'PUT Method, Example: New Tariff 2 euro per hour charging time',
      tariffPut,
    ),
    refused: [['last_updated']],
  },
])

const COMPONENT = ['elements', 1, 'price_components', 0] as const
const RESTRICTIONS = ['elements', 2, 'restrictions'] as const

/** A copy of the complex tariff example broken at `path`; the issue must name `issueAt` (default: `path`). */
const bad = (name: string, path: IssuePath, to: unknown, issueAt: IssuePath = path): BadObject => ({
  name,
  schema: ocpiTariff,
  value: changed(t4, path, to),
  path: issueAt,
})

itRefusesBadObjects([
  bad('missing required: currency', ['currency'], REMOVE),
  bad('missing required: step_size', [...COMPONENT, 'step_size'], REMOVE),
  bad('missing required: min_price.excl_vat', ['min_price'], { incl_vat: 0.55 }, ['min_price', 'excl_vat']),
  bad('wrong enum: price component type', [...COMPONENT, 'type'], 'KWH'),
  bad('wrong enum: tariff type', ['type'], 'CHEAP'),
  bad('wrong enum: day_of_week', [...RESTRICTIONS, 'day_of_week', 0], 'MON'),
  bad('wrong enum: reservation', [...RESTRICTIONS, 'reservation'], 'RESERVED'),
  bad('string too long: id CiString(36)', ['id'], 'x'.repeat(37)),
  bad('string too long: currency string(3)', ['currency'], 'EURO'),
  bad(
    'string too long: alt text string(512)',
    ['tariff_alt_text'],
    [{ language: 'en', text: 't'.repeat(513) }],
    ['tariff_alt_text', 0, 'text'],
  ),
  bad('bad DateTime: more than 25 characters', ['last_updated'], '2015-06-29T20:39:09.1234567Z'),
  bad('bad DateTime: end_date_time with an offset', ['end_date_time'], '2019-06-30T23:59:59+02:00'),
  bad('empty array where +: elements', ['elements'], []),
  bad('empty array where +: price_components', ['elements', 0, 'price_components'], []),
  bad('int: step_size', [...COMPONENT, 'step_size'], 900.5),
  bad('int: min_duration', [...RESTRICTIONS, 'min_duration'], 1.5),
  bad('time of day without a leading zero', [...RESTRICTIONS, 'start_time'], '9:00'),
  bad('date with month 13', [...RESTRICTIONS, 'start_date'], '2015-13-01'),
  bad('number: price as a string', [...COMPONENT, 'price'], '1.00'),
])

describe('enumerations', () => {
  it.each([
    ['DayOfWeek', OCPI_DAYS_OF_WEEK, 7],
    ['ReservationRestrictionType', OCPI_RESERVATION_RESTRICTION_TYPES, 2],
    ['TariffDimensionType', OCPI_TARIFF_DIMENSION_TYPES, 4],
    ['TariffType', OCPI_TARIFF_TYPES, 5],
  ] as const)('%s lists the %i values of the spec, once each', (_name, values, count) => {
    expect(new Set(values).size).toBe(count)
  })
})

describe('vat', () => {
  it('keeps an absent vat absent (no VAT applies), apart from a vat of 0', () => {
    const parsed = ocpiTariff.parse(t5)
    expect(parsed.elements[0]?.price_components[0]?.vat).toBeUndefined()
    expect(
      ocpiTariff.parse(changed(t5, ['elements', 0, 'price_components', 0, 'vat'], 0)).elements[0]
        ?.price_components[0]?.vat,
    ).toBe(0)
  })
})
