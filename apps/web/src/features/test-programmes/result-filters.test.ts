import { describe, expect, it } from 'vitest'
import type { FilterValue, ListState } from '@/components/data-table/list-state'
import { csvFileName, RESULT_KEYS, teamBounds, tiFilterBody } from './result-filters'

/** A list state holding the given values (what the URL would hold). */
function listOf(values: Record<string, FilterValue>, page = 1): ListState {
  return {
    page,
    values,
    multi: (key) => {
      const v = values[key]
      return Array.isArray(v) ? v : []
    },
    select: (key) => {
      const v = values[key]
      return typeof v === 'string' || typeof v === 'number' ? v : ''
    },
    toggle: (key) => values[key] === true,
    text: (key) => {
      const v = values[key]
      return typeof v === 'string' ? v : ''
    },
    setPage: () => undefined,
    setFilter: () => undefined,
    toggleOption: () => undefined,
    reset: () => undefined,
    activeCount: 0,
  }
}

describe('tiFilterBody', () => {
  it('sends paging and the group only when nothing is set', () => {
    expect(tiFilterBody(listOf({}), 'grp-1')).toEqual({ limit: 25, offset: 0, group_id: 'grp-1' })
  })

  it.each([
    [1, 0],
    [2, 25],
    [3, 50],
  ])('page %d skips %d rows', (page, offset) => {
    expect(tiFilterBody(listOf({}, page), 'grp-1').offset).toBe(offset)
  })

  it('sends every filter that is set, dates as epoch ms with the "to" day whole', () => {
    const body = tiFilterBody(
      listOf({
        [RESULT_KEYS.search]: 'LOT-9',
        [RESULT_KEYS.searchBy]: 'testKitLotNo',
        [RESULT_KEYS.result]: 'Positive',
        [RESULT_KEYS.site]: 'SITE-A',
        [RESULT_KEYS.tests]: ['Abbott'],
        [RESULT_KEYS.users]: ['p-1', 'p-2'],
        [RESULT_KEYS.from]: '2026-11-01',
        [RESULT_KEYS.to]: '2026-11-02',
      }),
      'grp-1',
    )
    expect(body).toEqual({
      limit: 25,
      offset: 0,
      group_id: 'grp-1',
      search: 'LOT-9',
      search_by: 'testKitLotNo',
      result: 'Positive',
      test_site: 'SITE-A',
      tests_list: ['Abbott'],
      users_list: ['p-1', 'p-2'],
      created_at_lower: new Date('2026-11-01T00:00:00').getTime(),
      created_at_upper: new Date('2026-11-03T00:00:00').getTime() - 1,
    })
  })

  it('leaves out a search field the server does not know, and pins the list to a person on their page', () => {
    const body = tiFilterBody(
      listOf({ [RESULT_KEYS.searchBy]: 'email', [RESULT_KEYS.users]: ['p-9'] }),
      'grp-1',
      'p-1',
    )
    expect(body.search_by).toBeUndefined()
    expect(body.users_list).toEqual(['p-1'])
  })
})

describe('teamBounds', () => {
  it('makes the from day inclusive through an exclusive bound one millisecond before it', () => {
    const start = new Date('2026-11-01T00:00:00').getTime()
    expect(teamBounds('2026-11-01', '')).toEqual({ after: start - 1 })
    expect(teamBounds('', '2026-11-01')).toEqual({ upTo: new Date('2026-11-02T00:00:00').getTime() - 1 })
    expect(teamBounds('', '')).toEqual({})
  })
})

describe('csvFileName', () => {
  it.each([
    ['Changi Logistics Hub — Night Shift', 'test-results-changi-logistics-hub-night-shift-2026-11-24.csv'],
    ['***', 'test-results-group-2026-11-24.csv'],
  ])('%s', (name, file) => {
    expect(csvFileName(name, new Date('2026-11-24T10:00:00Z'))).toBe(file)
  })
})
