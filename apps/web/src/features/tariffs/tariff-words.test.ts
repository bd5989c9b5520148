import type { TariffComponentType, TariffRestrictions } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import {
  formatRate,
  formatRateRange,
  hasRestrictions,
  perMinute,
  priceUnit,
  restrictionsInWords,
  stepInWords,
} from './tariff-words'

const t = i18n.getFixedT('en')

describe('restrictions in words', () => {
  const cases: [string, TariffRestrictions | undefined, boolean, string][] = [
    [
      'weekday peak hours',
      {
        day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        start_time: '07:00',
        end_time: '23:00',
      },
      false,
      'Weekdays 07:00–23:00',
    ],
    ['weekends', { day_of_week: ['SUNDAY', 'SATURDAY'] }, false, 'Weekends'],
    [
      'every day, in any order',
      { day_of_week: ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] },
      false,
      'Every day',
    ],
    ['some days, in week order', { day_of_week: ['WEDNESDAY', 'MONDAY'] }, false, 'Mon, Wed'],
    ['a night window', { start_time: '22:00', end_time: '07:00' }, false, '22:00–07:00'],
    ['from a time', { start_time: '07:00' }, false, 'From 07:00'],
    [
      'until a time on weekends',
      { day_of_week: ['SATURDAY', 'SUNDAY'], end_time: '12:00' },
      false,
      'Weekends until 12:00',
    ],
    ['after some energy', { min_kwh: 5 }, false, 'After 5 kWh'],
    ['up to some energy', { max_kwh: 40 }, false, 'Up to 40 kWh'],
    ['an energy band', { min_kwh: 5, max_kwh: 20.5 }, false, 'Between 5 and 20.5 kWh'],
    [
      'time and energy',
      {
        day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        start_time: '07:00',
        end_time: '23:00',
        max_kwh: 40,
      },
      false,
      'Weekdays 07:00–23:00, up to 40 kWh',
    ],
    ['none, the only element', undefined, false, 'Always'],
    ['none, after restricted elements', undefined, true, 'At all other times'],
    ['an empty day list is no restriction', { day_of_week: [] }, false, 'Always'],
  ]
  it.each(cases)('%s', (_name, restrictions, fallback, words) => {
    expect(restrictionsInWords(restrictions, t, fallback)).toBe(words)
  })

  it.each([
    [undefined, false],
    [{}, false],
    [{ day_of_week: [] }, false],
    [{ min_kwh: 0 }, true],
    [{ start_time: '07:00' }, true],
  ] as [TariffRestrictions | undefined, boolean][])('%j has restrictions: %s', (r, expected) => {
    expect(hasRestrictions(r)).toBe(expected)
  })
})

describe('step sizes in words', () => {
  const cases: [TariffComponentType, number, string][] = [
    ['ENERGY', 1, 'Per Wh'],
    ['ENERGY', 100, 'Per started 0.1 kWh'],
    ['ENERGY', 500, 'Per started 0.5 kWh'],
    ['ENERGY', 1000, 'Per started kWh'],
    ['ENERGY', 2000, 'Per started 2 kWh'],
    ['ENERGY', 250, 'Per started 250 Wh'],
    ['PARKING_TIME', 60, 'Per started minute'],
    ['PARKING_TIME', 1, 'Per second'],
    ['TIME', 900, 'Per started 15 minutes'],
    ['TIME', 3600, 'Per started hour'],
    ['TIME', 7200, 'Per started 2 hours'],
    ['TIME', 90, 'Per started 90 seconds'],
    ['RESERVATION', 300, 'Per started 5 minutes'],
    ['FLAT', 1, 'Once per session'],
    ['RESERVATION_EXPIRES', 1, 'Once per session'],
  ]
  it.each(cases)('%s with step %i: %s', (type, step, words) => {
    expect(stepInWords(type, step, t)).toBe(words)
  })
})

describe('prices', () => {
  it.each([
    ['ENERGY', '/kWh'],
    ['TIME', '/h'],
    ['PARKING_TIME', '/h'],
    ['RESERVATION', '/h'],
    ['FLAT', 'per session'],
    ['RESERVATION_EXPIRES', 'per reservation'],
  ] as [TariffComponentType, string][])('%s is priced %s', (type, unit) => {
    expect(priceUnit(type, t)).toBe(unit)
  })

  it.each([
    [0.55, '0.55'],
    [0.5995, '0.5995'],
    [12, '12.00'],
    [13.08, '13.08'],
    [1234.5, '1,234.50'],
  ])('formats the rate %d as %s', (value, text) => {
    expect(formatRate(value)).toBe(text)
  })

  it('formats a range, or one rate when both ends agree', () => {
    expect(formatRateRange(0.44, 0.62)).toBe('0.44–0.62')
    expect(formatRateRange(0.5995, 0.5995)).toBe('0.5995')
  })

  it.each([
    [12, 0.2],
    [18, 0.3],
    [13.08, 0.218],
    [10, 0.1667],
  ])('%d an hour is %d a minute', (hour, minute) => {
    expect(perMinute(hour)).toBe(minute)
  })
})
