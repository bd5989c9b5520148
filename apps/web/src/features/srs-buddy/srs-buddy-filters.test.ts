import { describe, expect, it } from 'vitest'
import type { FilterValue, ListState } from '@/components/data-table/list-state'
import { srsFilterBody } from './srs-buddy-filters'

function listOf(values: Record<string, FilterValue>, page = 1): ListState {
  const v = (k: string) => values[k]
  return {
    page,
    values,
    multi: (k) => (Array.isArray(v(k)) ? (v(k) as (string | number)[]) : []),
    select: (k) => (typeof v(k) === 'string' || typeof v(k) === 'number' ? (v(k) as string | number) : ''),
    toggle: (k) => v(k) === true,
    text: (k) => (typeof v(k) === 'string' ? (v(k) as string) : ''),
    setPage: () => undefined,
    setFilter: () => undefined,
    toggleOption: () => undefined,
    reset: () => undefined,
    activeCount: 0,
  }
}

describe('srsFilterBody', () => {
  it('sends only paging and the order when nothing is set, 25 a page', () => {
    expect(srsFilterBody(listOf({ sort: 'next_due' }, 3))).toEqual({
      limit: 25,
      offset: 50,
      sort_by: 'next_due',
    })
  })

  it('sends the set filters, trimmed, with the day range as local day bounds in ms', () => {
    const body = srsFilterBody(
      listOf({
        sort: 'last_test',
        q: '  Alice ',
        status: ['active', 'unpaired'],
        compliance: ['Late'],
        last_from: '2026-11-02',
        last_to: '2026-11-03',
      }),
    )
    expect(body).toEqual({
      limit: 25,
      offset: 0,
      sort_by: 'last_test',
      search: 'Alice',
      status_list: ['active', 'unpaired'],
      compliance_list: ['Late'],
      last_test_lower: new Date(2026, 10, 2).getTime(),
      last_test_upper: new Date(2026, 10, 4).getTime() - 1,
    })
  })

  it.each([
    ['a blank search', { q: '   ' }],
    ['an invalid date', { last_from: 'soon' }],
    ['empty lists', { status: [], compliance: [] }],
  ])('leaves out %s', (_, values) => {
    expect(Object.keys(srsFilterBody(listOf({ sort: 'name', ...values })))).toEqual([
      'limit',
      'offset',
      'sort_by',
    ])
  })
})
