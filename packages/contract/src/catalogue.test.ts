import { describe, expect, it } from 'vitest'
import { catalogueOfStrings, defineCatalogue, isInCatalogue, labelOf } from './catalogue'

const colours = defineCatalogue('colour', [
  [1, 'Red'],
  [2, 'Green'],
])

describe('labelOf', () => {
  it.each([
    [1, 'Red'],
    [2, 'Green'],
    [3, 'Unknown (3)'],
    ['1', 'Unknown (1)'],
    [null, 'Unknown (null)'],
    [undefined, 'Unknown (undefined)'],
  ])('labels %j as %s', (value, label) => {
    expect(labelOf(colours, value)).toBe(label)
  })
})

describe('catalogues', () => {
  it('keeps the order of the spec', () => {
    expect(colours.values).toEqual([1, 2])
  })
  it('labels string catalogues by their values', () => {
    const c = catalogueOfStrings('s', ['A', 'B'])
    expect(labelOf(c, 'B')).toBe('B')
    expect(isInCatalogue(c, 'A')).toBe(true)
    expect(isInCatalogue(c, 'C')).toBe(false)
  })
})
