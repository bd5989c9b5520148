import type { Driver, DriverSort } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import { dayEnd, dayOf, dayStart, msRange } from './driver-filters'
import { inDayRange, limoDriverRows, sortDrivers } from './driver-view'

/** Local times, so the tests mean the same in any time zone the suite runs in. */
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).getTime()

const driver = (id: string, name: string, createdAt: number): Driver => ({
  id,
  name,
  createdAt,
  mobileNumber: `+659${id.padStart(7, '0')}`,
  email: `${id}@example.com`,
  nationality: 'Singaporean',
  isRegistered: true,
  subscribedCpoEntities: [],
})

const DRIVERS = [
  driver('1', 'Charlie Ng', at(2026, 3, 1, 0, 0, 0, 0)),
  driver('2', 'alice Tan', at(2026, 3, 2, 12)),
  driver('3', 'Bob Lim', at(2026, 3, 3, 23, 59, 59, 999)),
  driver('4', 'Émile Z', at(2026, 3, 4, 0, 0, 0, 0)),
  driver('5', 'bob lim', at(2026, 3, 2, 12)),
]
const names = (list: readonly Driver[]) => list.map((d) => d.name)

describe('calendar days', () => {
  it.each([
    ['2026-03-02', at(2026, 3, 2), at(2026, 3, 3) - 1],
    ['2024-02-29', at(2024, 2, 29), at(2024, 3, 1) - 1],
    ['2026-12-31', at(2026, 12, 31), at(2027, 1, 1) - 1],
  ])('%s runs from its first to its last millisecond', (day, start, end) => {
    expect(dayStart(day)).toBe(start)
    expect(dayEnd(day)).toBe(end)
    expect(dayOf(start)).toBe(day)
    expect(dayOf(end)).toBe(day)
  })

  it.each(['', '2026-02-30', '2026-13-01', '26-03-02', '2026-3-2', 'yesterday'])('%j is no day', (day) => {
    expect(dayStart(day)).toBeUndefined()
    expect(dayEnd(day)).toBeUndefined()
  })

  it.each([
    ['2026-03-02', '2026-03-03', { from: at(2026, 3, 2), to: at(2026, 3, 4) - 1 }],
    ['2026-03-02', '', { from: at(2026, 3, 2) }],
    ['', '2026-03-03', { to: at(2026, 3, 4) - 1 }],
    ['', '', {}],
    ['2026-03-03', '2026-03-02', { from: at(2026, 3, 2), to: at(2026, 3, 4) - 1 }],
  ])('msRange(%j, %j)', (from, to, range) => {
    expect(msRange(from, to)).toEqual(range)
  })
})

describe('inDayRange: both ends inclusive (B §5)', () => {
  it.each([
    ['', '', ['Charlie Ng', 'alice Tan', 'Bob Lim', 'Émile Z', 'bob lim']],
    // A driver created at 23:59:59.999 on the end day is in; one at 00:00 the next day is out.
    ['2026-03-02', '2026-03-03', ['alice Tan', 'Bob Lim', 'bob lim']],
    // A driver created at 00:00:00.000 on the start day is in.
    ['2026-03-01', '2026-03-01', ['Charlie Ng']],
    ['2026-03-03', '2026-03-03', ['Bob Lim']],
    ['2026-03-04', '', ['Émile Z']],
    ['', '2026-03-01', ['Charlie Ng']],
    ['2026-03-05', '2026-03-09', []],
  ])('from %j to %j', (from, to, expected) => {
    expect(names(inDayRange(DRIVERS, from, to))).toEqual(expected)
  })
})

describe('sortDrivers: the four sorts of B §9', () => {
  it.each<[DriverSort, string[]]>([
    ['earliest', ['Charlie Ng', 'alice Tan', 'bob lim', 'Bob Lim', 'Émile Z']],
    ['latest', ['Émile Z', 'Bob Lim', 'bob lim', 'alice Tan', 'Charlie Ng']],
    // Without regard to case or accents; equal names keep their creation order.
    ['az', ['alice Tan', 'bob lim', 'Bob Lim', 'Charlie Ng', 'Émile Z']],
    ['za', ['Émile Z', 'Charlie Ng', 'Bob Lim', 'bob lim', 'alice Tan']],
  ])('%s', (sort, expected) => {
    expect(names(sortDrivers(DRIVERS, sort))).toEqual(expected)
  })

  it('does not change the list it is given', () => {
    const before = names(DRIVERS)
    sortDrivers(DRIVERS, 'az')
    expect(names(DRIVERS)).toEqual(before)
  })
})

describe('limoDriverRows', () => {
  const many = Array.from({ length: 25 }, (_, i) =>
    driver(String(i + 10), `Driver ${String(i + 10)}`, at(2026, 4, 1 + i, 9)),
  )
  it('ranges, then sorts', () => {
    const rows = limoDriverRows(many, { from: '2026-04-03', to: '2026-04-20', sort: 'latest' })
    expect(rows).toHaveLength(18)
    expect(names(rows.slice(0, 3))).toEqual(['Driver 29', 'Driver 28', 'Driver 27'])
    expect(rows.at(-1)?.name).toBe('Driver 12')
  })

  it('Z to A over the whole list', () => {
    const rows = limoDriverRows(many, { from: '', to: '', sort: 'za' })
    expect(rows).toHaveLength(25)
    expect(rows[0]?.name).toBe('Driver 34')
  })
})
