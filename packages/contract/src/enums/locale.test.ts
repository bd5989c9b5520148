import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { DEFAULT_LANGUAGE, DIAL_CODES, dialCodes, languages, nationalities } from './locale'

describe('dial codes: Singapore 65, Malaysia 60, Thailand 66, China 86, Hong Kong 852, Philippines 63', () => {
  it('lists (country, code) in the spec order', () => {
    expect(DIAL_CODES.map((d) => [d.country, d.code])).toEqual([
      ['Singapore', '65'],
      ['Malaysia', '60'],
      ['Thailand', '66'],
      ['China', '86'],
      ['Hong Kong', '852'],
      ['Philippines', '63'],
    ])
  })

  it.each([
    ['65', 'Singapore (+65)'],
    ['852', 'Hong Kong (+852)'],
    ['1', 'Unknown (1)'],
  ])('%s is %s', (value, label) => {
    expect(labelOf(dialCodes, value)).toBe(label)
  })
})

describe('nationalities: Singaporean, Malaysian, Thai, Indonesian', () => {
  it('lists them in order', () => {
    expect(nationalities.values).toEqual(['Singaporean', 'Malaysian', 'Thai', 'Indonesian'])
  })
})

describe('languages (A §1): English default, Chinese, Malay, Tamil', () => {
  it('defaults to English', () => {
    expect(labelOf(languages, DEFAULT_LANGUAGE)).toBe('English')
    expect(languages.entries.map((e) => e.label)).toEqual(['English', 'Chinese', 'Malay', 'Tamil'])
  })
})
