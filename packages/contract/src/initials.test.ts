import { describe, expect, it } from 'vitest'
import { initials } from './initials'

// A §2: the first letters of up to 2 words, uppercased.
describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Ada', 'A'],
    ['ada king lovelace', 'AK'],
    ['  Ada   Lovelace  ', 'AL'],
    ['Ada\tLovelace\nKing', 'AL'],
    ['VEND', 'V'],
    ['Beep Vending Pte Ltd', 'BV'],
    ['élodie durand', 'ÉD'],
    ['李 小龙', '李小'],
    ['Kopi & Snacks Vending', 'KS'],
    ['- (SG) Ops', 'O'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })
})
