import { describe, expect, it } from 'vitest'
import { formatAge, formatCount, formatEnergy, formatMoneyList } from './format'

describe('formatMoneyList', () => {
  it.each([
    [[], 'SGD 0.00', 'SGD 0.00'],
    [[{ currency: 'SGD', amount: 1234.5 }], '—', 'SGD 1,234.50'],
    [
      [
        { currency: 'SGD', amount: 10 },
        { currency: 'MYR', amount: 80 },
      ],
      '—',
      'SGD 10.00 · MYR 80.00',
    ],
    [[{ currency: 'MYR', amount: 0 }], '—', '—'],
    [[{ currency: 'JPY', amount: 500 }], '—', 'JPY 500'],
  ])('%j → %s', (list, empty, expected) => {
    expect(formatMoneyList(list, empty)).toBe(expected)
  })
})

describe('formatEnergy and formatCount', () => {
  it.each([
    [0, '0.0 kWh'],
    [0.25, '0.25 kWh'],
    [4028.891, '4,028.9 kWh'],
    [12, '12.0 kWh'],
  ])('%d kWh → %s', (kwh, expected) => {
    expect(formatEnergy(kwh, 'en')).toBe(expected)
  })
  it('groups counts', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567')
  })
})

describe('formatAge', () => {
  const now = 1_800_000_000_000
  it.each([
    [now, 'now'],
    [now - 30_000, 'now'],
    [now - 60_000, '1 minute ago'],
    [now - 14 * 60_000 - 59_000, '14 minutes ago'],
    [now - 3 * 3_600_000, '3 hours ago'],
    [now - 86_400_000, 'yesterday'],
    [now - 20 * 86_400_000, '20 days ago'],
    // A clock ahead of ours reads as now, never "in 2 minutes".
    [now + 120_000, 'now'],
  ])('%d → %s', (at, expected) => {
    expect(formatAge(at, now, 'en')).toBe(expected)
  })
})
