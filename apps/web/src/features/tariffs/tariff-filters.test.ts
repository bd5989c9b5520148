import { describe, expect, it } from 'vitest'
import type { ListState } from '@/components/data-table/list-state'
import { rangeIsValid, rangeOf, tariffListQuery } from './tariff-filters'

function listOf(values: Record<string, string>): Pick<ListState, 'text'> {
  return { text: (k) => values[k] ?? '' }
}
const FIRST = { limit: 25, offset: 0 }

describe('the tariff list query', () => {
  it('opens on every tariff of the entity: 25 from the start, no dates', () => {
    expect(tariffListQuery(listOf({}), FIRST, 'CPO')).toEqual({
      limit: 25,
      offset: 0,
      'entity_codes[]': ['CPO'],
    })
  })

  it('asks for the page the list asks for', () => {
    expect(tariffListQuery(listOf({}), { limit: 25, offset: 50 }, 'VOLT')).toMatchObject({
      limit: 25,
      offset: 50,
    })
  })

  it('sends the range in ms, date_to exclusive (the chosen minute included)', () => {
    const q = tariffListQuery(listOf({ from: '1767225600000', to: '1767311999999' }), FIRST, 'CPO')
    expect(q).toMatchObject({ date_from: 1_767_225_600_000, date_to: 1_767_312_000_000 })
  })

  it('sends one end alone', () => {
    expect(tariffListQuery(listOf({ from: '5' }), FIRST, 'CPO')).not.toHaveProperty('date_to')
    expect(tariffListQuery(listOf({ to: '9' }), FIRST, 'CPO')).toMatchObject({ date_to: 10 })
  })

  it('trims the external id and leaves a blank one out', () => {
    expect(tariffListQuery(listOf({ external_id: '  -DC- ' }), FIRST, 'CPO').external_id).toBe('-DC-')
    expect(tariffListQuery(listOf({ external_id: '   ' }), FIRST, 'CPO')).not.toHaveProperty('external_id')
  })

  it('leaves the entity out until the session knows it', () => {
    expect(tariffListQuery(listOf({}), FIRST, null)).not.toHaveProperty('entity_codes[]')
  })

  it('ignores dates in the URL that are not ms', () => {
    expect(rangeOf(listOf({ from: 'yesterday', to: '-4' }))).toEqual({})
    expect(tariffListQuery(listOf({ from: '1.5' }), FIRST, 'CPO')).not.toHaveProperty('date_from')
  })

  it.each([
    [{}, true],
    [{ from: 5 }, true],
    [{ to: 5 }, true],
    [{ from: 5, to: 5 }, true],
    [{ from: 5, to: 9 }, true],
    [{ from: 9, to: 5 }, false],
  ])('range %j is valid: %s', (range, valid) => {
    expect(rangeIsValid(range)).toBe(valid)
  })
})
