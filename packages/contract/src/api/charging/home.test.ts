import { describe, expect, it } from 'vitest'
import { chargingHomeQuery, HOME_TREND_DAYS, sgtDayStart, sgtDaysEndingAt, sgtMonthStart } from './home'

const H = 3_600_000

describe('sgtDayStart: the UTC+8 calendar day', () => {
  it.each([
    // Singapore midnight of Nov 23, 2026 is 16:00 UTC on Nov 22.
    ['SGT midnight itself', Date.UTC(2026, 10, 22, 16, 0, 0), Date.UTC(2026, 10, 22, 16)],
    [
      '1 ms before SGT midnight is the day before',
      Date.UTC(2026, 10, 22, 15, 59, 59, 999),
      Date.UTC(2026, 10, 21, 16),
    ],
    ['UTC midnight is 08:00 SGT, same SGT day', Date.UTC(2026, 10, 23, 0, 0, 0), Date.UTC(2026, 10, 22, 16)],
    ['late UTC evening is the next SGT day', Date.UTC(2026, 10, 23, 20, 0, 0), Date.UTC(2026, 10, 23, 16)],
    ['before 1970 in SGT', Date.UTC(1970, 0, 1, 4, 0, 0), Date.UTC(1969, 11, 31, 16)],
  ])('%s', (_name, at, start) => {
    expect(sgtDayStart(at)).toBe(start)
  })
})

describe('sgtMonthStart: the UTC+8 calendar month', () => {
  it.each([
    ['mid-month', Date.UTC(2026, 10, 23, 4), Date.UTC(2026, 9, 31, 16)],
    ['the first SGT instant of the month', Date.UTC(2026, 9, 31, 16), Date.UTC(2026, 9, 31, 16)],
    [
      '1 ms before it belongs to the month before',
      Date.UTC(2026, 9, 31, 15, 59, 59, 999),
      Date.UTC(2026, 8, 30, 16),
    ],
    ['Dec 31 20:00 UTC is already January in SGT', Date.UTC(2026, 11, 31, 20), Date.UTC(2026, 11, 31, 16)],
    ['a leap day', Date.UTC(2028, 1, 29, 10), Date.UTC(2028, 0, 31, 16)],
  ])('%s', (_name, at, start) => {
    expect(sgtMonthStart(at)).toBe(start)
  })
})

describe('sgtDaysEndingAt', () => {
  it('lists the days oldest first, ending with the day of now', () => {
    const now = Date.UTC(2026, 10, 23, 4)
    const days = sgtDaysEndingAt(now, 3)
    expect(days).toEqual([Date.UTC(2026, 10, 20, 16), Date.UTC(2026, 10, 21, 16), Date.UTC(2026, 10, 22, 16)])
  })
  it('gives 30 consecutive days by default length, each 24 h apart', () => {
    const days = sgtDaysEndingAt(Date.UTC(2026, 2, 1, 12), HOME_TREND_DAYS)
    expect(days).toHaveLength(30)
    for (let i = 1; i < days.length; i++) expect((days[i] ?? 0) - (days[i - 1] ?? 0)).toBe(24 * H)
  })
})

describe('chargingHomeQuery', () => {
  it.each([
    [{}, { trend_days: 30 }],
    [{ trend_days: '7' }, { trend_days: 7 }],
    [{ trend_days: '90' }, { trend_days: 90 }],
  ])('accepts %j', (query, parsed) => {
    expect(chargingHomeQuery.parse(query)).toEqual(parsed)
  })
  it.each([[{ trend_days: '6' }], [{ trend_days: '91' }], [{ trend_days: 'x' }], [{ days: '30' }]])(
    'refuses %j',
    (query) => {
      expect(chargingHomeQuery.safeParse(query).success).toBe(false)
    },
  )
})
