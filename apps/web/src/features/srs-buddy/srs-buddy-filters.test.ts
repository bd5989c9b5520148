import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { DEFAULT_SRS_SORT, srsFilterBody } from './srs-buddy-filters'

const listOf = listStateOf
const PAGE = { limit: 25, offset: 0 }

describe('srsFilterBody', () => {
  it('sends only paging and the order when nothing is set', () => {
    expect(srsFilterBody(listOf({}, 3, DEFAULT_SRS_SORT), { limit: 25, offset: 50 })).toEqual({
      limit: 25,
      offset: 50,
      sort_by: 'next_due',
      sort_order: 'asc',
    })
  })

  it('sends the set filters, trimmed, with the day range as local day bounds in ms', () => {
    const body = srsFilterBody(
      listOf(
        {
          q: '  Alice ',
          status: ['active', 'unpaired'],
          // A value the catalogue does not know (a hand-edited URL) is left out.
          compliance: ['Late', 'Sleepy'],
          last_from: '2026-11-02',
          last_to: '2026-11-03',
        },
        1,
        { key: 'last_test', dir: 'asc' },
      ),
      PAGE,
    )
    expect(body).toEqual({
      limit: 25,
      offset: 0,
      sort_by: 'last_test',
      sort_order: 'asc',
      search: 'Alice',
      status_list: ['active', 'unpaired'],
      compliance_list: ['Late'],
      last_test_lower: new Date(2026, 10, 2).getTime(),
      last_test_upper: new Date(2026, 10, 4).getTime() - 1,
    })
  })

  it('sends no order for a key the call does not take (the service keeps its own)', () => {
    expect(srsFilterBody(listOf({}, 1, { key: 'site', dir: 'desc' }), PAGE)).toEqual(PAGE)
  })

  it.each([
    ['a blank search', { q: '   ' }],
    ['an invalid date', { last_from: 'soon' }],
    ['empty lists', { status: [], compliance: [] }],
  ])('leaves out %s', (_, values) => {
    expect(Object.keys(srsFilterBody(listOf(values, 1, { key: 'name', dir: 'asc' }), PAGE))).toEqual([
      'limit',
      'offset',
      'sort_by',
      'sort_order',
    ])
  })
})
