import { describe, expect, it } from 'vitest'
import type { ListState } from '@/components/data-table/list-state'
import { rangeIsValid, rangeOf, tariffListQuery } from './tariff-filters'

function listOf(values: Record<string, string>, page = 1): Pick<ListState, 'text' | 'page'> {
  return { page, text: (k) => values[k] ?? '' }
}

describe('the tariff list query', () => {
  it('opens on every tariff of the entity: 25 from the start, no dates', () => {
    expect(tariffListQuery(listOf({}), 'CPO')).toEqual({ limit: 25, offset: 0, 'entity_codes[]': ['CPO'] })
  })

  it('pages by 25', () => {
    expect(tariffListQuery(listOf({}, 3), 'VOLT')).toMatchObject({ limit: 25, offset: 50 })
  })

  it('sends the range in ms, date_to exclusive (the chosen minute included)', () => {
    const q = tariffListQuery(listOf({ from: '1767225600000', to: '1767311999999' }), 'CPO')
    expect(q).toMatchObject({ date_from: 1_767_225_600_000, date_to: 1_767_312_000_000 })
  })

  it('sends one end alone', () => {
    expect(tariffListQuery(listOf({ from: '5' }), 'CPO')).not.toHaveProperty('date_to')
    expect(tariffListQuery(listOf({ to: '9' }), 'CPO')).toMatchObject({ date_to: 10 })
  })

  it('trims the external id and leaves a blank one out', () => {
    expect(tariffListQuery(listOf({ external_id: '  -DC- ' }), 'CPO').external_id).toBe('-DC-')
    expect(tariffListQuery(listOf({ external_id: '   ' }), 'CPO')).not.toHaveProperty('external_id')
  })

  it('leaves the entity out until the session knows it', () => {
    expect(tariffListQuery(listOf({}), null)).not.toHaveProperty('entity_codes[]')
  })

  it('ignores dates in the URL that are not ms', () => {
    expect(rangeOf(listOf({ from: 'yesterday', to: '-4' }))).toEqual({})
    expect(tariffListQuery(listOf({ from: '1.5' }), 'CPO')).not.toHaveProperty('date_from')
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
