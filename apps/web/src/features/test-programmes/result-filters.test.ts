import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { csvFileName, RESULT_KEYS, teamBounds, teamListQuery, tiFilterBody } from './result-filters'

const listOf = listStateOf
const PAGE = { limit: 25, offset: 0 }

describe('tiFilterBody', () => {
  it('sends paging and the group only when nothing is set', () => {
    expect(tiFilterBody(listOf({}), PAGE, 'grp-1')).toEqual({ limit: 25, offset: 0, group_id: 'grp-1' })
    expect(tiFilterBody(listOf({}), { limit: 25, offset: 50 }, 'grp-1').offset).toBe(50)
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
      PAGE,
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

  it('leaves out a search field or result the server does not know, and pins the list to a person on their page', () => {
    const body = tiFilterBody(
      listOf({
        [RESULT_KEYS.searchBy]: 'email',
        [RESULT_KEYS.result]: 'Maybe',
        [RESULT_KEYS.users]: ['p-9'],
      }),
      PAGE,
      'grp-1',
      'p-1',
    )
    expect(body.search_by).toBeUndefined()
    expect(body.result).toBeUndefined()
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

describe('teamListQuery', () => {
  it('asks for the page of the window and the order by the recorded time', () => {
    const query = teamListQuery(
      listOf({}, 1, { key: 'timeResultRecorded', dir: 'asc' }),
      { limit: 25, offset: 25 },
      'grp-1',
    )
    expect(query).toMatchObject({ group: 'grp-1', $limit: 25, $skip: 25, '$sort[timeResultRecorded]': '1' })
    expect(teamListQuery(listOf({}), PAGE, 'grp-1')['$sort[timeResultRecorded]']).toBeUndefined()
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
