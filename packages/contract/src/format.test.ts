import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatDateTimeMs,
  formatDuration,
  formatMoney,
  formatTime,
} from './format'

const at = (iso: string) => Date.parse(iso)

// A §9: dates short month-day-year; time 12-hour clock.
describe('formatDate, formatTime, formatDateTime', () => {
  it.each([
    ['2026-11-23T15:04:00Z', 'UTC', 'Nov 23, 2026', '3:04 PM', 'Nov 23, 2026, 3:04 PM'],
    ['2026-11-23T15:04:00Z', 'Asia/Singapore', 'Nov 23, 2026', '11:04 PM', 'Nov 23, 2026, 11:04 PM'],
    ['2026-11-23T16:30:00Z', 'Asia/Singapore', 'Nov 24, 2026', '12:30 AM', 'Nov 24, 2026, 12:30 AM'],
    ['2026-01-05T00:05:00Z', 'UTC', 'Jan 5, 2026', '12:05 AM', 'Jan 5, 2026, 12:05 AM'],
    ['2026-07-01T12:00:00Z', 'UTC', 'Jul 1, 2026', '12:00 PM', 'Jul 1, 2026, 12:00 PM'],
    ['2025-12-31T20:59:59Z', 'Asia/Singapore', 'Jan 1, 2026', '4:59 AM', 'Jan 1, 2026, 4:59 AM'],
  ])('%s in %s → %s / %s / %s', (iso, zone, date, time, dateTime) => {
    expect(formatDate(at(iso), zone)).toBe(date)
    expect(formatTime(at(iso), zone)).toBe(time)
    expect(formatDateTime(at(iso), zone)).toBe(dateTime)
  })

  it.each([
    ['2026-11-23T15:04:05.678Z', 'UTC', 'Nov 23, 2026, 3:04:05.678 PM'],
    ['2026-11-23T16:30:00.007Z', 'Asia/Singapore', 'Nov 24, 2026, 12:30:00.007 AM'],
  ])('formatDateTimeMs %s in %s → %s', (iso, zone, text) => {
    expect(formatDateTimeMs(at(iso), zone)).toBe(text)
  })

  it('takes a Date as well as epoch milliseconds', () => {
    const d = new Date(at('2026-11-23T15:04:00Z'))
    expect(formatDateTime(d, 'UTC')).toBe('Nov 23, 2026, 3:04 PM')
  })

  it('prints plain spaces only', () => {
    expect(formatDateTime(at('2026-11-23T15:04:00Z'), 'UTC')).not.toMatch(/[\u202f\u00a0]/)
  })

  it('formats in the local zone when none is given', () => {
    const local = new Date(2026, 10, 23, 15, 4)
    expect(formatDate(local)).toBe('Nov 23, 2026')
    expect(formatTime(local)).toBe('3:04 PM')
  })
})

const MIN = 60
const HOUR = 3600
const DAY = 86_400

// A §9: durations in years, months, days, hours, minutes, seconds (a year is 365 days, a month 30 days).
describe('formatDuration', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59, '59 seconds'],
    [MIN, '1 minute'],
    [MIN + 1, '1 minute 1 second'],
    [2 * MIN + 2, '2 minutes 2 seconds'],
    [HOUR, '1 hour'],
    [HOUR + MIN + 1, '1 hour 1 minute 1 second'],
    [2 * HOUR + 30, '2 hours 30 seconds'],
    [DAY, '1 day'],
    [DAY + HOUR + MIN + 1, '1 day 1 hour 1 minute 1 second'],
    [30 * DAY, '1 month'],
    [364 * DAY, '12 months 4 days'],
    [365 * DAY, '1 year'],
    [2 * 365 * DAY, '2 years'],
    [
      365 * DAY + 2 * 30 * DAY + 3 * DAY + 4 * HOUR + 5 * MIN + 6,
      '1 year 2 months 3 days 4 hours 5 minutes 6 seconds',
    ],
    [1.9, '1 second'],
    [0.4, '0 seconds'],
    [-61, '-1 minute 1 second'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%d seconds → %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text)
  })
})

describe('formatMoney', () => {
  it.each([
    [12345, 'SGD', 'SGD 123.45'],
    [500, 'JPY', 'JPY 500'],
    [-100, 'SGD', '-SGD 1.00'],
    [0, 'SGD', 'SGD 0.00'],
    [-0, 'SGD', 'SGD 0.00'],
    [5, 'SGD', 'SGD 0.05'],
    [100, 'MYR', 'MYR 1.00'],
    [123456789, 'SGD', 'SGD 1,234,567.89'],
    [1234567, 'JPY', 'JPY 1,234,567'],
    [1234, 'KWD', 'KWD 1.234'],
    [-1234, 'KWD', '-KWD 1.234'],
    [12345, 'sgd', 'SGD 123.45'],
    [12345, 'XYZ', 'XYZ 123.45'],
    [12.6, 'SGD', 'SGD 0.13'],
    [900719925474099, 'SGD', 'SGD 9,007,199,254,740.99'],
  ])('%d %s → %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text)
  })
})
