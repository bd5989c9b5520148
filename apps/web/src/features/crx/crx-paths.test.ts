import { describe, expect, it } from 'vitest'
import { categoryIdOf, categoryPath, cpoDetailsPath } from './crx-paths'

describe('CRX paths', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['new', null],
    ['12', 12],
    ['0', Number.NaN],
    ['12a', Number.NaN],
    ['-3', Number.NaN],
  ])('/crx/emissions-category/%s is %s', (param, id) => {
    expect(categoryIdOf(param)).toBe(id)
  })

  it('builds the detail addresses', () => {
    expect(categoryPath(7)).toBe('/crx/emissions-category/7')
    expect(cpoDetailsPath('CPO')).toBe('/crx/cpo-details/CPO')
  })
})
