import { describe, expect, it } from 'vitest'
import type { TariffElement } from '../../ev/ocpi'
import {
  componentPriceRange,
  componentTypesOf,
  tariffListQuery,
  tariffValidity,
  TARIFF_PAGE_SIZE,
} from './tariffs'

describe('tariffListQuery', () => {
  const ok: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['defaults: page size 25 from the start', {}, { limit: 25, offset: 0 }],
    [
      'ms dates as text are coerced',
      { date_from: '1767225600000', date_to: '1767312000000' },
      { date_from: 1_767_225_600_000, date_to: 1_767_312_000_000 },
    ],
    ['limit and offset as text', { limit: '26', offset: '50' }, { limit: 26, offset: 50 }],
    ['external_id trimmed', { external_id: '  -DC- ' }, { external_id: '-DC-' }],
    ['one entity_codes[] value becomes a list', { 'entity_codes[]': 'VOLT' }, { 'entity_codes[]': ['VOLT'] }],
    [
      'repeated entity_codes[] values',
      { 'entity_codes[]': ['VOLT', 'VOLT-KIDS'] },
      { 'entity_codes[]': ['VOLT', 'VOLT-KIDS'] },
    ],
    ['the bare key as well', { entity_codes: 'CPO' }, { entity_codes: ['CPO'] }],
    ['only date_from', { date_from: '0' }, { date_from: 0 }],
  ]
  it.each(ok)('accepts %s', (_name, input, expected) => {
    const parsed = tariffListQuery.safeParse(input)
    expect(parsed.success).toBe(true)
    expect(parsed.data).toMatchObject(expected)
  })

  const bad: [string, Record<string, unknown>, string][] = [
    ['limit 0', { limit: '0' }, 'limit'],
    ['limit over 1000', { limit: '1001' }, 'limit'],
    ['limit not a number', { limit: 'abc' }, 'limit'],
    ['negative offset', { offset: '-1' }, 'offset'],
    ['a date that is not ms', { date_from: 'yesterday' }, 'date_from'],
    ['a fractional ms', { date_to: '1.5' }, 'date_to'],
    ['a negative date', { date_from: '-5' }, 'date_from'],
    ['date_to equal to date_from', { date_from: '10', date_to: '10' }, 'date_to'],
    ['date_to before date_from', { date_from: '10', date_to: '9' }, 'date_to'],
    ['a blank external_id', { external_id: '  ' }, 'external_id'],
    ['an external_id over 64 characters', { external_id: 'x'.repeat(65) }, 'external_id'],
    ['a blank entity code', { 'entity_codes[]': [''] }, 'entity_codes[]'],
    [
      'more than 50 entity codes',
      { 'entity_codes[]': Array.from({ length: 51 }, (_, i) => `E${i}`) },
      'entity_codes[]',
    ],
    ['an unknown key', { colour: 'red' }, ''],
  ]
  it.each(bad)('rejects %s, naming the field', (_name, input, field) => {
    const parsed = tariffListQuery.safeParse(input)
    expect(parsed.success).toBe(false)
    const paths = parsed.error?.issues.map((i) => [...i.path, ...('keys' in i ? i.keys : [])].join('.')) ?? []
    expect(
      paths.some((p) => (field === '' ? p === 'colour' : p === field || p.startsWith(`${field}.`))),
    ).toBe(true)
  })

  it('the page size is B §9’s 25', () => {
    expect(TARIFF_PAGE_SIZE).toBe(25)
  })
})

describe('tariffValidity', () => {
  const cases: [string, number | null, number | null, number, string][] = [
    ['open both ends', null, null, 5, 'ACTIVE'],
    ['started, no end', 10, null, 10, 'ACTIVE'],
    ['not started yet', 10, null, 9, 'SCHEDULED'],
    ['ends later', null, 20, 19, 'ACTIVE'],
    ['end is exclusive', null, 20, 20, 'EXPIRED'],
    ['ended', 10, 20, 25, 'EXPIRED'],
    ['inside the window', 10, 20, 15, 'ACTIVE'],
    ['before the window', 10, 20, 0, 'SCHEDULED'],
  ]
  it.each(cases)('%s', (_name, start, end, at, expected) => {
    expect(tariffValidity({ start_date_time: start, end_date_time: end }, at)).toBe(expected)
  })
})

describe('componentPriceRange and componentTypesOf', () => {
  const peakOffPeak: TariffElement[] = [
    {
      price_components: [{ type: 'ENERGY', price: 0.62, vat: 9, step_size: 1 }],
      restrictions: { start_time: '07:00', end_time: '23:00' },
    },
    {
      price_components: [
        { type: 'ENERGY', price: 0.44, vat: 9, step_size: 1 },
        { type: 'PARKING_TIME', price: 12, vat: 9, step_size: 60 },
      ],
    },
  ]
  const cases: [string, TariffElement[], 'ENERGY' | 'PARKING_TIME' | 'FLAT', unknown][] = [
    // 0.44 × 1.09 = 0.4796; 0.62 × 1.09 = 0.6758.
    [
      'energy over peak and off-peak',
      peakOffPeak,
      'ENERGY',
      { min: 0.44, max: 0.62, min_incl_vat: 0.4796, max_incl_vat: 0.6758 },
    ],
    // 12.00 × 1.09 = 13.08.
    [
      'one parking price',
      peakOffPeak,
      'PARKING_TIME',
      { min: 12, max: 12, min_incl_vat: 13.08, max_incl_vat: 13.08 },
    ],
    ['a type the tariff lacks', peakOffPeak, 'FLAT', null],
    [
      'no VAT',
      [{ price_components: [{ type: 'FLAT', price: 1.5, vat: null, step_size: 1 }] }],
      'FLAT',
      { min: 1.5, max: 1.5, min_incl_vat: 1.5, max_incl_vat: 1.5 },
    ],
  ]
  it.each(cases)('%s', (_name, elements, type, expected) => {
    expect(componentPriceRange(elements, type)).toEqual(expected)
  })

  it('lists each component type once, in order of first appearance', () => {
    expect(componentTypesOf(peakOffPeak)).toEqual(['ENERGY', 'PARKING_TIME'])
    expect(componentTypesOf([])).toEqual([])
  })
})
