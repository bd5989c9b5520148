import { describe, expect, it } from 'vitest'
import type { ListState } from '@/components/data-table/list-state'
import { dashboardDriverQuery, KEYS, limoDriverQuery, sortOf } from './driver-filters'

/** A list state as the URL would give it: text, select and multi values by key, and the page. */
function listOf(
  values: Record<string, string | string[]>,
  page = 1,
): Pick<ListState, 'text' | 'select' | 'multi' | 'page'> {
  const one = (key: string) => {
    const v = values[key]
    return typeof v === 'string' ? v : ''
  }
  return {
    page,
    text: one,
    select: one,
    multi: (key) => {
      const v = values[key]
      return Array.isArray(v) ? v : []
    },
  }
}

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
    // The portal does the date range and sort of this list: they are never sent.
    [{ [KEYS.from]: '2026-03-01', [KEYS.sort]: 'az' }, {}],
  ])('%j → %j', (values, query) => {
    expect(limoDriverQuery(listOf(values))).toEqual(query)
  })
})

describe('dashboardDriverQuery: GET /v2/dashboard/drivers (B §7)', () => {
  it('asks for the newest 20 and one more, with nothing else by default', () => {
    expect(dashboardDriverQuery(listOf({}))).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      limit: 21,
      offset: 0,
    })
  })

  it('pages by 20', () => {
    expect(dashboardDriverQuery(listOf({}, 3))).toMatchObject({ limit: 21, offset: 40 })
  })

  it.each([
    ['latest', { sortBy: 'createdAt', sortOrder: 'desc' }],
    ['earliest', { sortBy: 'createdAt', sortOrder: 'asc' }],
    ['az', { sortBy: 'name', sortOrder: 'asc' }],
    ['za', { sortBy: 'name', sortOrder: 'desc' }],
    ['sideways', { sortBy: 'createdAt', sortOrder: 'desc' }],
  ])('sort %s → %j', (sort, params) => {
    expect(dashboardDriverQuery(listOf({ [KEYS.sort]: sort }))).toMatchObject(params)
  })

  it('sends subscribed CPO entities only when some are picked, as the repeated key', () => {
    expect(dashboardDriverQuery(listOf({ [KEYS.subscribed]: [] }))).not.toHaveProperty(
      'subscribedCpoEntities[]',
    )
    expect(dashboardDriverQuery(listOf({ [KEYS.subscribed]: ['CPO', 'VOLT'] }))).toMatchObject({
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
    const query = dashboardDriverQuery(listOf(values))
    expect({ createdAtFrom: query.createdAtFrom, createdAtTo: query.createdAtTo }).toEqual({
      createdAtFrom: undefined,
      createdAtTo: undefined,
      ...range,
    })
  })

  it('takes the same filters as the limousine call', () => {
    const values = { [KEYS.name]: 'Lim', [KEYS.nationality]: 'Malaysian', [KEYS.registered]: 'true' }
    expect(dashboardDriverQuery(listOf(values))).toMatchObject(limoDriverQuery(listOf(values)))
  })

  it('sortOf reads the sort, defaulting to the latest entry', () => {
    expect(sortOf(listOf({ [KEYS.sort]: 'za' }))).toBe('za')
    expect(sortOf(listOf({}))).toBe('latest')
  })
})
