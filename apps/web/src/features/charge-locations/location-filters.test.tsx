import { act, renderHook } from '@testing-library/react'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { FilterValue, ListState } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import {
  ALL_COUNTRIES,
  isBarFilter,
  KEYS,
  locationFilterDefs,
  locationFilters,
  locationListQuery,
  powerRangeOf,
} from './location-filters'

const t = ((key: string) => key) as unknown as TFunction
const DEFS = locationFilterDefs(t)
const FIRST = { limit: 20, offset: 0 }

/** A list state from plain values, with the defaults a real list would read for the selects. */
function listOf(values: Record<string, FilterValue>): Pick<ListState, 'text' | 'multi' | 'select'> {
  const all: Record<string, FilterValue> = { [KEYS.country]: 'SG', [KEYS.powerType]: 'ALL', ...values }
  const v = (k: string) => all[k]
  return {
    multi: (k) => (Array.isArray(v(k)) ? (v(k) as (string | number)[]) : []),
    select: (k) => (typeof v(k) === 'string' || typeof v(k) === 'number' ? (v(k) as string | number) : ''),
    text: (k) => (typeof v(k) === 'string' ? (v(k) as string) : ''),
  }
}

describe('charge location list query', () => {
  it('opens on country SG and power type ALL (omitted), 20 from the start, is_dashboard, the caller entity', () => {
    expect(locationListQuery(listOf({}), FIRST, 'CPO')).toEqual({
      limit: 20,
      offset: 0,
      is_dashboard: 'true',
      country: 'SG',
      entity_code: 'CPO',
    })
  })

  it('asks for the page the list asks for', () => {
    const q = locationListQuery(listOf({}), { limit: 20, offset: 40 }, 'CPO')
    expect([q.limit, q.offset]).toEqual([20, 40])
  })

  it('sends every filter that is set, trimmed, with the statuses as evse_status[]', () => {
    expect(
      locationListQuery(
        listOf({
          [KEYS.name]: ' Mall ',
          [KEYS.address]: 'Orchard',
          [KEYS.postalCode]: '2388',
          [KEYS.city]: 'Singapore',
          [KEYS.country]: 'MY',
          [KEYS.status]: ['AVAILABLE', 'OUTOFORDER'],
          [KEYS.powerType]: 'DC',
          [KEYS.powerFrom]: '50',
          [KEYS.powerTo]: '150.5',
        }),
        FIRST,
        'VOLT',
      ),
    ).toEqual({
      limit: 20,
      offset: 0,
      is_dashboard: 'true',
      name: 'Mall',
      address: 'Orchard',
      postal_code: '2388',
      city: 'Singapore',
      country: 'MY',
      'evse_status[]': ['AVAILABLE', 'OUTOFORDER'],
      connector_power_type: 'DC',
      connector_max_power_lower: 50,
      connector_max_power_upper: 150.5,
      entity_code: 'VOLT',
    })
  })

  it.each([
    ['all countries leave country out', { [KEYS.country]: ALL_COUNTRIES }, 'country'],
    ['power type ALL leaves it out', { [KEYS.powerType]: 'ALL' }, 'connector_power_type'],
    ['blank text leaves it out', { [KEYS.name]: '   ' }, 'name'],
    ['no statuses leaves evse_status[] out', { [KEYS.status]: [] }, 'evse_status[]'],
    ['an unknown status is dropped', { [KEYS.status]: ['FREE'] }, 'evse_status[]'],
  ])('%s', (_name, values, key) => {
    expect(locationListQuery(listOf(values), FIRST, 'CPO')).not.toHaveProperty(key)
  })

  it.each([
    ['50', '', { lower: 50, upper: undefined, problem: null }],
    ['', '22', { lower: undefined, upper: 22, problem: null }],
    ['22', '22', { lower: 22, upper: 22, problem: null }],
    ['150', '50', { lower: undefined, upper: undefined, problem: 'reversed' }],
    ['-1', '', { lower: undefined, upper: undefined, problem: 'invalid' }],
    ['abc', '50', { lower: undefined, upper: undefined, problem: 'invalid' }],
    ['', '20000', { lower: undefined, upper: undefined, problem: 'invalid' }],
  ])('power range %s–%s', (from, to, expected) => {
    const list = listOf({ [KEYS.powerFrom]: from, [KEYS.powerTo]: to })
    expect(powerRangeOf(list)).toEqual(expected)
    const q = locationListQuery(list, FIRST, 'CPO')
    expect(q.connector_max_power_lower).toBe(expected.lower)
    expect(q.connector_max_power_upper).toBe(expected.upper)
  })

  it('gives the count, map and export the filters without paging', () => {
    expect(locationFilters(listOf({ [KEYS.city]: 'Ipoh' }), 'CPO')).toEqual({
      is_dashboard: 'true',
      city: 'Ipoh',
      country: 'SG',
      entity_code: 'CPO',
    })
  })

  it('draws the power range beside the bar, not in it', () => {
    expect(DEFS.filter(isBarFilter).map((d) => d.key)).toEqual([
      'name',
      'address',
      'postal_code',
      'city',
      'country',
      'evse_status',
      'power_type',
    ])
  })
})

describe('charge location filters in the URL', () => {
  const wrapper =
    (url: string) =>
    ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>

  it('reads the filters from the URL (repeated status keys, the country and power type)', () => {
    const { result } = renderHook(() => useListState(DEFS), {
      wrapper: wrapper(
        '/charge-locations?country=ALL&evse_status=AVAILABLE&evse_status=CHARGING&power_type=DC&page=2',
      ),
    })
    expect(result.current.page).toBe(2)
    expect(locationFilters(result.current, 'CPO')).toMatchObject({
      'evse_status[]': ['AVAILABLE', 'CHARGING'],
      connector_power_type: 'DC',
    })
    expect(locationFilters(result.current, 'CPO')).not.toHaveProperty('country')
  })

  it('Reset returns country SG, power type ALL and page 1 (B §9)', () => {
    const { result } = renderHook(() => useListState(DEFS), {
      wrapper: wrapper('/charge-locations?country=MY&power_type=AC_3_PHASE&name=mall&power_from=50&page=4'),
    })
    expect(result.current.activeCount).toBe(4)
    act(() => result.current.reset())
    expect(result.current.page).toBe(1)
    expect(result.current.activeCount).toBe(0)
    expect(locationFilters(result.current, 'CPO')).toEqual({
      is_dashboard: 'true',
      country: 'SG',
      entity_code: 'CPO',
    })
  })

  it('changing a filter goes back to page 1 (B §4)', () => {
    const { result } = renderHook(() => useListState(DEFS), { wrapper: wrapper('/charge-locations?page=3') })
    expect(result.current.page).toBe(3)
    act(() => result.current.setFilter(KEYS.country, ALL_COUNTRIES))
    expect(result.current.page).toBe(1)
    expect(locationFilters(result.current, 'CPO')).not.toHaveProperty('country')
  })
})
