import type { Driver, DriverSort } from '@portal/contract'
import { DriverSort as Sorts } from '@portal/contract'
import { msRange } from './driver-filters'

/*
 * What the limousine list does in the portal (B §5, §7, §9): the call answers every matching driver; the date range
 * (inclusive of both days) and the four sorts are applied here, and `useList` slices the pages of 10.
 */

/** Drivers created within the range's days, both ends included; an open end does not limit. */
export function inDayRange<T extends Pick<Driver, 'createdAt'>>(
  drivers: readonly T[],
  from: string,
  to: string,
): T[] {
  const range = msRange(from, to)
  return drivers.filter(
    (d) =>
      (range.from === undefined || d.createdAt >= range.from) &&
      (range.to === undefined || d.createdAt <= range.to),
  )
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

type Sortable = Pick<Driver, 'id' | 'name' | 'createdAt'>

/** Ties (same time, same name) fall back to the id, so the order never changes between renders. */
const byId = (a: Sortable, b: Sortable) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const byCreated = (a: Sortable, b: Sortable) => a.createdAt - b.createdAt || byId(a, b)
const byName = (a: Sortable, b: Sortable) => collator.compare(a.name, b.name) || byCreated(a, b)

/** Earliest entry (createdAt ascending), latest entry (descending), A to Z and Z to A by name, any case. */
export function sortDrivers<T extends Sortable>(drivers: readonly T[], sort: DriverSort): T[] {
  const copy = [...drivers]
  switch (sort) {
    case Sorts.earliest:
      return copy.sort(byCreated)
    case Sorts.latest:
      return copy.sort((a, b) => byCreated(b, a))
    case Sorts.az:
      return copy.sort(byName)
    case Sorts.za:
      return copy.sort((a, b) => byName(b, a))
  }
}

/** What the limo list shows, before paging (`useList` pages it): the range's drivers, in the chosen order. */
export function limoDriverRows<T extends Sortable>(
  drivers: readonly T[],
  view: { from: string; to: string; sort: DriverSort },
): T[] {
  return sortDrivers(inDayRange(drivers, view.from, view.to), view.sort)
}
