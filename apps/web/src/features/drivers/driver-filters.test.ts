import { describe, expect, it } from 'vitest'
import type { ListSort, ListState } from '@/components/data-table/list-state'
import { dashboardDriverQuery, driverSortOf, KEYS, limoDriverQuery } from './driver-filters'

/** A list state as the URL would give it: text, select and multi values by key, and the header's order. */
function listOf(
  values: Record<string, string | string[]>,
  sort: ListSort | null = null,
): Pick<ListState, 'text' | 'select' | 'multi' | 'sort'> {
  const one = (key: string) => {
    const v = values[key]
    return typeof v === 'string' ? v : ''
  }
  return {
    sort,
    text: one,
    select: one,
    multi: (key) => {
      const v = values[key]
      return Array.isArray(v) ? v : []
    },
  }
}

/** The first page as the dashboard list asks for it: 20 and one more (B §4). */
const FIRST = { limit: 21, offset: 0 }
const at = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime()

describe('limoDriverQuery: the filters of GET /v2/eleccalimo/drivers (B §7)', () => {
  it.each([
    [{}, {}],
    [{ [KEYS.name]: '  Tan ' }, { name: 'Tan' }],
    [{ [KEYS.name]: '   ' }, {}],
    [{ [KEYS.mobile]: '+65 9123' }, { mobileNumber: '+65 9123' }],
    [{ [KEYS.email]: 'gmail' }, { email: 'gmail' }],
    [{ [KEYS.nationality]: 'Thai' }, { nationality: 'Thai' }],
    [{ [KEYS.nationality]: 'Martian' }, {}],
    [{ [KEYS.registered]: 'false' }, { isRegistered: 'false' }],
    [{ [KEYS.registered]: 'maybe' }, {}],
    // The portal does the date range of this list: it is never sent.
    [{ [KEYS.from]: '2026-03-01' }, {}],
  ])('%j → %j', (values, query) => {
    expect(limoDriverQuery(listOf(values))).toEqual(query)
  })

  it('never sends the order either: the portal sorts this list', () => {
    expect(limoDriverQuery(listOf({}, { key: 'name', dir: 'asc' }))).toEqual({})
  })
})

describe('dashboardDriverQuery: GET /v2/dashboard/drivers (B §7)', () => {
  it('asks for the newest 20 and one more, with nothing else by default', () => {
    expect(dashboardDriverQuery(listOf({}), FIRST)).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      limit: 21,
      offset: 0,
    })
  })

  it('asks for the page the list asks for', () => {
    expect(dashboardDriverQuery(listOf({}), { limit: 21, offset: 40 })).toMatchObject({
      limit: 21,
      offset: 40,
    })
  })

  it.each([
    [null, { sortBy: 'createdAt', sortOrder: 'desc' }],
    [
      { key: 'createdAt', dir: 'asc' },
      { sortBy: 'createdAt', sortOrder: 'asc' },
    ],
    [
      { key: 'name', dir: 'asc' },
      { sortBy: 'name', sortOrder: 'asc' },
    ],
    [
      { key: 'name', dir: 'desc' },
      { sortBy: 'name', sortOrder: 'desc' },
    ],
  ] as const)('the header order %j → %j', (sort, params) => {
    expect(dashboardDriverQuery(listOf({}, sort), FIRST)).toMatchObject(params)
  })

  it('sends subscribed CPO entities only when some are picked, as the repeated key', () => {
    expect(dashboardDriverQuery(listOf({ [KEYS.subscribed]: [] }), FIRST)).not.toHaveProperty(
      'subscribedCpoEntities[]',
    )
    expect(dashboardDriverQuery(listOf({ [KEYS.subscribed]: ['CPO', 'VOLT'] }), FIRST)).toMatchObject({
      'subscribedCpoEntities[]': ['CPO', 'VOLT'],
    })
  })

  it.each([
    [
      { [KEYS.from]: '2026-03-01', [KEYS.to]: '2026-03-02' },
      { createdAtFrom: at(2026, 3, 1), createdAtTo: at(2026, 3, 3) - 1 },
    ],
    [{ [KEYS.from]: '2026-03-01' }, { createdAtFrom: at(2026, 3, 1) }],
    [{ [KEYS.to]: '2026-03-02' }, { createdAtTo: at(2026, 3, 3) - 1 }],
    [
      { [KEYS.from]: '2026-03-05', [KEYS.to]: '2026-03-02' },
      { createdAtFrom: at(2026, 3, 2), createdAtTo: at(2026, 3, 6) - 1 },
    ],
    [{ [KEYS.from]: 'soon' }, {}],
  ])('the day range %j is sent as inclusive ms %j', (values, range) => {
    const query = dashboardDriverQuery(listOf(values), FIRST)
    expect({ createdAtFrom: query.createdAtFrom, createdAtTo: query.createdAtTo }).toEqual({
      createdAtFrom: undefined,
      createdAtTo: undefined,
      ...range,
    })
  })

  it('takes the same filters as the limousine call', () => {
    const values = { [KEYS.name]: 'Lim', [KEYS.nationality]: 'Malaysian', [KEYS.registered]: 'true' }
    expect(dashboardDriverQuery(listOf(values), FIRST)).toMatchObject(limoDriverQuery(listOf(values)))
  })

  it.each([
    [null, 'latest'],
    [{ key: 'createdAt', dir: 'desc' }, 'latest'],
    [{ key: 'createdAt', dir: 'asc' }, 'earliest'],
    [{ key: 'name', dir: 'asc' }, 'az'],
    [{ key: 'name', dir: 'desc' }, 'za'],
  ] as const)('the header order %j is B §9’s %s', (sort, driverSort) => {
    expect(driverSortOf(sort)).toBe(driverSort)
  })
})
