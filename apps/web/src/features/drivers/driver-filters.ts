import type { DriverDashboardQuery, DriverSort, LimoDriverQuery } from '@portal/contract'
import {
  DRIVER_SORT_FIELDS,
  DriverSort as Sorts,
  driverSortParams,
  isInCatalogue,
  nationalities,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'

/** URL keys of the driver lists' filters. The date range is kept as calendar days (YYYY-MM-DD, local time). */
export const KEYS = {
  name: 'name',
  mobile: 'mobile',
  email: 'email',
  nationality: 'nationality',
  registered: 'registered',
  subscribed: 'cpo',
  from: 'from',
  to: 'to',
} as const

export const ALL = ''

/**
 * The filters of a driver list, as module-level declarations for the DataTable's filter bar. The date range is
 * declared too (so Reset and the active count cover it) but drawn by the range control, not the bar.
 */
export function driverFilterDefs(t: TFunction, cpoOptions: readonly FilterOption[] | null): FilterDef[] {
  const defs: FilterDef[] = [
    { kind: 'search', key: KEYS.name, label: t('drivers.filter.name') },
    { kind: 'search', key: KEYS.mobile, label: t('drivers.filter.mobile') },
    { kind: 'search', key: KEYS.email, label: t('drivers.filter.email') },
    {
      kind: 'select',
      key: KEYS.nationality,
      label: t('drivers.filter.nationality'),
      options: [
        { value: ALL, label: t('drivers.filter.all') },
        ...nationalities.entries.map((n) => ({ value: n.value, label: t(`drivers.nationality.${n.value}`) })),
      ],
      defaultValue: ALL,
    },
    {
      kind: 'select',
      key: KEYS.registered,
      label: t('drivers.filter.registered'),
      options: [
        { value: ALL, label: t('drivers.filter.all') },
        { value: 'true', label: t('drivers.registered') },
        { value: 'false', label: t('drivers.notRegistered') },
      ],
      defaultValue: ALL,
    },
  ]
  if (cpoOptions !== null)
    defs.push({
      kind: 'multi',
      key: KEYS.subscribed,
      label: t('drivers.filter.subscribed'),
      options: cpoOptions,
    })
  defs.push(
    { kind: 'search', key: KEYS.from, label: t('drivers.filter.from') },
    { kind: 'search', key: KEYS.to, label: t('drivers.filter.to') },
  )
  return defs
}

/** The filters the bar shows: the date range has its own control. */
export const isBarFilter = (def: FilterDef) => def.key !== KEYS.from && def.key !== KEYS.to

// ---------------------------------------------------------------------------------------------------------------
// Sorts (B §9): the column headers Users (name) and Created On (createdAt), each both ways, are the four sorts.

/** The sort keys of both lists: the dashboard call's sortBy values (B §7), and the limo list's client sorts. */
export const DRIVER_SORT_KEYS = DRIVER_SORT_FIELDS
/** B §9: latest entry first until the user picks another order. */
export const DEFAULT_SORT: ListSort = { key: 'createdAt', dir: 'desc' }

/** The B §9 sort a header order stands for: Created On up is the earliest entry, Users down is Z to A. */
export function driverSortOf(sort: ListSort | null): DriverSort {
  const { key, dir } = sort ?? DEFAULT_SORT
  if (key === 'name') return dir === 'asc' ? Sorts.az : Sorts.za
  return dir === 'asc' ? Sorts.earliest : Sorts.latest
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar days of the date range (the browser's local time, as the Created On column shows them).

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** A YYYY-MM-DD day as [year, month index, day], or undefined when it is not a real calendar day. */
function partsOf(day: string): [number, number, number] | undefined {
  const m = DAY_PATTERN.exec(day)
  if (!m) return undefined
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  const date = new Date(y, mo, d)
  return date.getFullYear() === y && date.getMonth() === mo && date.getDate() === d ? [y, mo, d] : undefined
}

/** The first millisecond of a local calendar day. */
export function dayStart(day: string): number | undefined {
  const p = partsOf(day)
  return p && new Date(p[0], p[1], p[2]).getTime()
}

/** The last millisecond of a local calendar day (the range's end is inclusive, B §5). */
export function dayEnd(day: string): number | undefined {
  const p = partsOf(day)
  return p && new Date(p[0], p[1], p[2] + 1).getTime() - 1
}

/** The local calendar day of an instant, as YYYY-MM-DD (what a date input holds). */
export function dayOf(ms: number): string {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The range in ms, both ends inclusive: from the start of the first day to the end of the last (either open). */
export function msRange(from: string, to: string): { from?: number; to?: number } {
  const start = dayStart(from)
  const end = dayEnd(to)
  // Picked the wrong way round: the same days, in order.
  if (start !== undefined && end !== undefined && start > end) {
    const swappedStart = dayStart(to)
    const swappedEnd = dayEnd(from)
    return {
      ...(swappedStart === undefined ? {} : { from: swappedStart }),
      ...(swappedEnd === undefined ? {} : { to: swappedEnd }),
    }
  }
  return { ...(start === undefined ? {} : { from: start }), ...(end === undefined ? {} : { to: end }) }
}

type ListReader = Pick<ListState, 'text' | 'select' | 'multi'>

/** The filters both calls take (B §7); empty ones are left out (B §5). */
export function limoDriverQuery(list: ListReader): LimoDriverQuery {
  const query: LimoDriverQuery = {}
  const name = list.text(KEYS.name).trim()
  if (name) query.name = name
  const mobile = list.text(KEYS.mobile).trim()
  if (mobile) query.mobileNumber = mobile
  const email = list.text(KEYS.email).trim()
  if (email) query.email = email
  const nationality = list.select(KEYS.nationality)
  if (isInCatalogue(nationalities, nationality)) query.nationality = nationality
  const registered = list.select(KEYS.registered)
  if (registered === 'true' || registered === 'false') query.isRegistered = registered
  return query
}

/**
 * The dashboard call's query (B §7): the filters, subscribed CPO entities only when some are picked, the day range
 * as inclusive ms, the header's sort, and the page the list asks for (20 and one row more, to learn whether a next
 * page exists).
 */
export function dashboardDriverQuery(
  list: ListReader & Pick<ListState, 'sort'>,
  page: PageWindow,
): DriverDashboardQuery {
  const query: DriverDashboardQuery = {
    ...limoDriverQuery(list),
    ...driverSortParams(driverSortOf(list.sort)),
    limit: page.limit,
    offset: page.offset,
  }
  const subscribed = list.multi(KEYS.subscribed).map(String)
  if (subscribed.length > 0) query['subscribedCpoEntities[]'] = subscribed
  const range = msRange(list.text(KEYS.from), list.text(KEYS.to))
  if (range.from !== undefined) query.createdAtFrom = range.from
  if (range.to !== undefined) query.createdAtTo = range.to
  return query
}
