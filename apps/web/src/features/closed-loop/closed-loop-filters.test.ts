import { employeeFilterRequest, personFilterRequest } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import type { FilterValue, ListState } from '@/components/data-table/list-state'
import { employeeFilterBody, parseVariant, personFilterBody, windowStart } from './closed-loop-filters'

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

const NOW = new Date(2026, 10, 23, 15, 30)
const MIDNIGHT = new Date(2026, 10, 23).getTime()
const DAY = 86_400_000

describe('closed-loop filters', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['2', 2],
    ['9', 1],
    ['x', 1],
  ])('variant %j is %j', (raw, expected) => {
    expect(parseVariant(raw)).toBe(expected)
  })

  it.each([
    [1, MIDNIGHT],
    [7, MIDNIGHT - 6 * DAY],
    [30, MIDNIGHT - 29 * DAY],
  ])('the last %i days start at local midnight %i', (days, expected) => {
    expect(windowStart(days, NOW)).toBe(expected)
  })

  it('sends persons 20 a page with only the set filters', () => {
    expect(personFilterBody(listOf({ status: '', q: '', q_in: '' }, 3))).toEqual({ limit: 20, offset: 40 })
    const body = personFilterBody(listOf({ status: 1, q: 'ttsh', q_in: 'hospital_code' }))
    expect(body).toEqual({
      limit: 20,
      offset: 0,
      status: 1,
      search_key: 'hospital_code',
      search_value: 'ttsh',
    })
    expect(personFilterRequest.safeParse(body).success).toBe(true)
  })

  it('nests the employee filters in `filter` (B §7) with the variant and the date windows', () => {
    const body = employeeFilterBody(
      listOf({ status: 2, sets: ['east'], collected: 7, created: 0, refreshed: 1, q: 'CL00', q_in: '' }, 2),
      2,
      NOW,
    )
    expect(body).toEqual({
      filter: {
        limit: 20,
        offset: 20,
        balance_type: 2,
        status: 2,
        set_list: ['east'],
        last_collection_from: MIDNIGHT - 6 * DAY,
        last_result_from: MIDNIGHT,
        search_value: 'CL00',
      },
    })
    expect(employeeFilterRequest.safeParse(body).success).toBe(true)
  })

  it('drops the last-refresh window on the item-balance variant (it never refreshes)', () => {
    const body = employeeFilterBody(listOf({ refreshed: 7, status: '' }), 1, NOW)
    expect(body).toEqual({ filter: { limit: 20, offset: 0, balance_type: 1 } })
  })
})
