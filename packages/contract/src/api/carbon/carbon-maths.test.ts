import { describe, expect, it } from 'vitest'
import {
  bucketSeries,
  carbonDay,
  carbonMonth,
  carbonRecordFigures,
  carbonYear,
  creditValue,
  emissionsReducedGrams,
  factorToGrams,
  formatEmissions,
  formatEnergy,
  formatShare,
  kgOf,
  kwhOf,
  nextCarbonMonth,
  seriesBucketFor,
  sharePercentages,
  splitEarnings,
  splitRange,
} from './carbon-maths'
import { emissionsCategoryWrite } from './emissions-categories'
import { carbonRecordFilterRequest } from './carbon'

const DAY = 86_400_000
const HOUR = 3_600_000
/** 2026-08-01 00:00 SGT. */
const AUG1 = Date.UTC(2026, 7, 1) - 8 * HOUR

describe('emissionsReducedGrams: Wh × g/kWh ÷ 1000, rounded half up', () => {
  it.each([
    [22_935, 710, 16_284], // 22.935 kWh × 0.710 kg = 16.28385 kg
    [1000, 710, 710],
    [1, 710, 1], // 0.71 g → 1
    [1, 400, 0], // 0.4 g → 0
    [3, 500, 2], // 1.5 g → 2 (half up)
    [0, 710, 0],
    [-50, 710, 0],
    [5000, 0, 0],
    [60_000_000, 990, 59_400_000], // a 60 MWh month of a bus depot stays exact
  ])('%i Wh at %i g/kWh → %i g', (wh, factor, grams) => {
    expect(emissionsReducedGrams(wh, factor)).toBe(grams)
  })
})

describe('creditValue: grams × price per tonne ÷ 1,000,000, rounded half up', () => {
  it.each([
    [16_284, 4500, 73], // 16.284 kg at SGD 45/t = 73.278 cents
    [1_000_000, 4500, 4500],
    [111, 4500, 0], // 0.4995 → 0
    [112, 4500, 1], // 0.504 → 1
    [0, 4500, 0],
    [5000, 0, 0],
  ])('%i g at %i/t → %i', (grams, price, value) => {
    expect(creditValue(grams, price)).toBe(value)
  })
})

describe('splitEarnings: the CPO share rounded, the fleet owner the rest', () => {
  it.each([
    [73, 4000, 29, 44], // 29.2
    [73, 3500, 26, 47], // 25.55 → 26
    [1, 5000, 1, 0], // 0.5 rounds to the CPO
    [100, 0, 0, 100],
    [100, 10_000, 100, 0],
    [100, 12_000, 100, 0], // clamped
    [100, -5, 0, 100],
    [0, 4000, 0, 0],
  ])('%i at %i bps → CPO %i, FO %i', (total, bps, cpo, fo) => {
    const split = splitEarnings(total, bps)
    expect(split).toEqual({ cpo, fo })
    expect(split.cpo + split.fo).toBe(total)
  })
})

describe('carbonRecordFigures: one session to one record', () => {
  it.each([
    [
      {
        energy_wh: 22_935,
        emission_factor_g_per_kwh: 710,
        credit_price_per_tonne: 4500,
        cpo_share_bps: 4000,
      },
      { emissions_reduced_g: 16_284, total_earnings: 73, cpo_earnings: 29, fo_earnings: 44 },
    ],
    [
      {
        energy_wh: 180_000,
        emission_factor_g_per_kwh: 670,
        credit_price_per_tonne: 4500,
        cpo_share_bps: 3000,
      },
      { emissions_reduced_g: 120_600, total_earnings: 543, cpo_earnings: 163, fo_earnings: 380 },
    ],
    [
      { energy_wh: 0, emission_factor_g_per_kwh: 710, credit_price_per_tonne: 4500, cpo_share_bps: 4000 },
      { emissions_reduced_g: 0, total_earnings: 0, cpo_earnings: 0, fo_earnings: 0 },
    ],
  ])('%o', (input, expected) => {
    expect(carbonRecordFigures(input)).toEqual(expected)
  })
})

describe('sharePercentages: one decimal, adding up to exactly 100', () => {
  it.each([
    [
      [1, 1, 1],
      [33.4, 33.3, 33.3],
    ],
    [
      [2, 1],
      [66.7, 33.3],
    ],
    [[5], [100]],
    [
      [0, 0],
      [0, 0],
    ],
    [[], []],
    [
      [3, 0, 1],
      [75, 0, 25],
    ],
    [
      [1, -4, 1],
      [50, 0, 50],
    ],
    [
      [1, 1, 1, 1, 1, 1, 1],
      [14.3, 14.3, 14.3, 14.3, 14.3, 14.3, 14.2],
    ],
  ])('%j → %j', (values, shares) => {
    const out = sharePercentages(values)
    expect(out).toEqual(shares)
    if (values.some((v) => v > 0)) expect(Math.round(out.reduce((a, b) => a + b, 0) * 10)).toBe(1000)
  })
})

describe('UTC+8 days, months and years', () => {
  it.each([
    [AUG1, AUG1],
    [AUG1 + 23 * HOUR, AUG1],
    [AUG1 - 1, AUG1 - DAY],
    [AUG1 + DAY + 1, AUG1 + DAY],
  ])('carbonDay(%i) = %i', (ms, day) => {
    expect(carbonDay(ms)).toBe(day)
  })

  it.each([
    [AUG1, AUG1],
    [AUG1 + 20 * DAY, AUG1],
    [AUG1 - 1, Date.UTC(2026, 6, 1) - 8 * HOUR],
    // 31 Dec 2026 20:00 UTC is already 1 Jan 2027 in Singapore.
    [Date.UTC(2026, 11, 31, 20), Date.UTC(2027, 0, 1) - 8 * HOUR],
  ])('carbonMonth(%i) = %i', (ms, month) => {
    expect(carbonMonth(ms)).toBe(month)
  })

  it('steps months across a year end', () => {
    const dec = Date.UTC(2026, 11, 1) - 8 * HOUR
    expect(nextCarbonMonth(dec)).toBe(Date.UTC(2027, 0, 1) - 8 * HOUR)
    expect(nextCarbonMonth(AUG1)).toBe(Date.UTC(2026, 8, 1) - 8 * HOUR)
  })

  it.each([
    [Date.UTC(2026, 11, 31, 15, 59), 2026],
    [Date.UTC(2026, 11, 31, 16, 0), 2027],
  ])('carbonYear(%i) = %i', (ms, year) => {
    expect(carbonYear(ms)).toBe(year)
  })
})

describe('splitRange: whole days from the rollup, partial days from the records', () => {
  it.each([
    ['open both ends', undefined, undefined, { days: { from: undefined, to: undefined }, edges: [] }],
    ['whole days', AUG1, AUG1 + 3 * DAY - 1, { days: { from: AUG1, to: AUG1 + 2 * DAY }, edges: [] }],
    [
      'starts mid-day',
      AUG1 + 5 * HOUR,
      AUG1 + 3 * DAY - 1,
      {
        days: { from: AUG1 + DAY, to: AUG1 + 2 * DAY },
        edges: [{ from: AUG1 + 5 * HOUR, to: AUG1 + DAY - 1 }],
      },
    ],
    [
      'ends mid-day',
      AUG1,
      AUG1 + 2 * DAY + 7 * HOUR,
      {
        days: { from: AUG1, to: AUG1 + DAY },
        edges: [{ from: AUG1 + 2 * DAY, to: AUG1 + 2 * DAY + 7 * HOUR }],
      },
    ],
    [
      'within one day',
      AUG1 + HOUR,
      AUG1 + 5 * HOUR,
      { days: null, edges: [{ from: AUG1 + HOUR, to: AUG1 + 5 * HOUR }] },
    ],
    [
      'open start, mid-day end',
      undefined,
      AUG1 + 2 * HOUR,
      { days: { from: undefined, to: AUG1 - DAY }, edges: [{ from: AUG1, to: AUG1 + 2 * HOUR }] },
    ],
    [
      'mid-day start, open end',
      AUG1 + 2 * HOUR,
      undefined,
      { days: { from: AUG1 + DAY, to: undefined }, edges: [{ from: AUG1 + 2 * HOUR, to: AUG1 + DAY - 1 }] },
    ],
    ['reversed', AUG1 + DAY, AUG1, { days: null, edges: [] }],
  ])('%s', (_name, from, to, expected) => {
    expect(splitRange(from, to)).toEqual(expected)
  })

  it('covers every millisecond of the range exactly once', () => {
    const cases: [number, number][] = [
      [AUG1 + 5 * HOUR, AUG1 + 9 * DAY + 3 * HOUR],
      [AUG1 - 1, AUG1 + DAY],
      [AUG1, AUG1 + DAY - 1],
      [AUG1 + 1, AUG1 + DAY],
    ]
    for (const [from, to] of cases) {
      const split = splitRange(from, to)
      const parts: [number, number][] = split.edges.map((e) => [e.from ?? from, e.to ?? to])
      if (split.days) parts.push([split.days.from ?? from, (split.days.to ?? to) + DAY - 1])
      parts.sort((a, b) => a[0] - b[0])
      expect(parts[0]?.[0]).toBe(from)
      expect(parts.at(-1)?.[1]).toBe(to)
      for (let i = 1; i < parts.length; i++) expect(parts[i]?.[0]).toBe((parts[i - 1]?.[1] ?? 0) + 1)
    }
  })
})

describe('bucketSeries and seriesBucketFor', () => {
  const point = (day: number, n: number) => ({
    day: AUG1 + day * DAY,
    records: n,
    kWh: n * 1.111,
    emissions_reduced: n * 0.7,
    rebates: n * 3,
  })

  it('keeps days as they are', () => {
    const days = [point(0, 1), point(1, 2)]
    expect(bucketSeries(days, 'day')).toEqual(days)
  })

  it('sums weeks of 7 days from the first day, keeping every total', () => {
    const days = [point(0, 1), point(3, 2), point(6, 3), point(7, 4), point(15, 5)]
    const weeks = bucketSeries(days, 'week')
    expect(weeks.map((w) => w.day)).toEqual([AUG1, AUG1 + 7 * DAY, AUG1 + 14 * DAY])
    expect(weeks.map((w) => w.records)).toEqual([6, 4, 5])
    expect(weeks.reduce((s, w) => s + w.rebates, 0)).toBe(45)
    expect(weeks[0]?.kWh).toBe(6.666)
  })

  it.each([
    [1, 'day'],
    [92, 'day'],
    [93, 'week'],
    [365, 'week'],
  ])('%i days are shown by %s', (days, size) => {
    expect(seriesBucketFor(days)).toBe(size)
  })
})

describe('units and formats', () => {
  it.each([
    [22_935, 22.935],
    [1, 0.001],
    [0, 0],
  ])('kwhOf(%i) = %d and kgOf the same', (n, out) => {
    expect(kwhOf(n)).toBe(out)
    expect(kgOf(n)).toBe(out)
  })

  it.each([
    [0.71, 710],
    [0.099, 99],
    [1.2345, 1235],
  ])('factorToGrams(%d) = %i', (kg, g) => {
    expect(factorToGrams(kg)).toBe(g)
  })

  it.each([
    [812.44, '812.4 kg'],
    [0, '0.0 kg'],
    [1234.5, '1.23 t'],
    [98_765.4, '98.77 t'],
    [Number.NaN, ''],
  ])('formatEmissions(%d) = %s', (kg, text) => {
    expect(formatEmissions(kg)).toBe(text)
  })

  it.each([
    [1234.56, '1,234.6 kWh'],
    [12_345.6, '12.35 MWh'],
    [Number.POSITIVE_INFINITY, ''],
  ])('formatEnergy(%d) = %s', (kwh, text) => {
    expect(formatEnergy(kwh)).toBe(text)
  })

  it.each([
    [4000, '40%'],
    [3750, '37.5%'],
    [10_000, '100%'],
  ])('formatShare(%i) = %s', (bps, text) => {
    expect(formatShare(bps)).toBe(text)
  })
})

describe('emissionsCategoryWrite', () => {
  const valid = { name: 'Car (petrol)', vehicle_type: 'car', fuel: 'petrol', emission_factor: 0.71 }
  it('accepts a category and trims the name', () => {
    expect(emissionsCategoryWrite.parse({ ...valid, name: '  Car (petrol) ' })).toEqual({
      ...valid,
      description: '',
    })
  })

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(81) }],
    ['vehicle_type', { vehicle_type: 'van' }],
    ['fuel', { fuel: 'lpg' }],
    ['emission_factor', { emission_factor: 0 }],
    ['emission_factor', { emission_factor: -1 }],
    ['emission_factor', { emission_factor: 5.001 }],
    ['emission_factor', { emission_factor: 0.7101 }],
    ['emission_factor', { emission_factor: '0.7' }],
    ['description', { description: 'x'.repeat(501) }],
  ])('rejects a bad %s', (field, change) => {
    const r = emissionsCategoryWrite.safeParse({ ...valid, ...change })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.path).toEqual([field])
  })

  it('rejects an unknown field', () => {
    expect(emissionsCategoryWrite.safeParse({ ...valid, factor: 1 }).success).toBe(false)
  })
})

describe('carbonRecordFilterRequest', () => {
  it('upper-cases partner codes', () => {
    expect(
      carbonRecordFilterRequest.parse({ limit: 20, offset: 0, cpo_entity_code: 'cpo' }).cpo_entity_code,
    ).toBe('CPO')
  })

  it.each([
    [{ limit: 0, offset: 0 }, 'limit'],
    [{ limit: 20, offset: -1 }, 'offset'],
    [{ limit: 20, offset: 0, date_time_from: 'yesterday' }, 'date_time_from'],
    [{ limit: 20, offset: 0, scenario_list: [''] }, 'scenario_list'],
    [{ limit: 20, offset: 0, fo_entity_code: 'a b' }, 'fo_entity_code'],
  ])('rejects %j at %s', (body, field) => {
    const r = carbonRecordFilterRequest.safeParse(body)
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.path[0]).toBe(field)
  })
})
