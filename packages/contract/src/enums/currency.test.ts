import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { CURRENCIES, currencies, minorUnitDigits } from './currency'

describe('currencies (ISO 4217)', () => {
  it.each([
    ['SGD', 2],
    ['MYR', 2],
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['TND', 3],
    ['CLF', 4],
    ['sgd', 2],
    ['jpy', 0],
    ['XYZ', 2],
    ['', 2],
  ])('%s has %i minor-unit digits', (code, digits) => {
    expect(minorUnitDigits(code)).toBe(digits)
  })

  it('has unique, sorted three-letter codes', () => {
    const codes = CURRENCIES.map(([code]) => code)
    expect(new Set(codes).size).toBe(codes.length)
    expect([...codes].sort()).toEqual(codes)
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/)
  })

  it('is the full active list, not a sample', () => {
    expect(currencies.values.length).toBeGreaterThanOrEqual(150)
    expect(currencies.values).toEqual(CURRENCIES.map(([code]) => code))
  })

  it.each([
    ['SGD', 'Singapore Dollar'],
    ['MYR', 'Malaysian Ringgit'],
    ['IDR', 'Rupiah'],
    ['XXX', 'Unknown (XXX)'],
  ])('%s is %s', (code, label) => {
    expect(labelOf(currencies, code)).toBe(label)
  })
})
