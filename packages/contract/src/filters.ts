/** Filter helpers shared by the list screens and the server (A §5, B §5, B §9). */

const DAY_MS = 86_400_000

function isEmptyFilterValue(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (typeof value === 'number') return Number.isNaN(value)
  if (Array.isArray(value)) return value.length === 0
  return false
}

/**
 * A copy of the filters without the unset ones: undefined, null, blank strings, empty lists and NaN are left out;
 * 0 and false are kept ("optional filters are sent only when set or non-empty; id lists only when not empty").
 */
export function cleanFilters<T extends object>(filters: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => !isEmptyFilterValue(value)),
  ) as Partial<T>
}

/** Whole seconds (rounded down) of a Date or of epoch milliseconds. */
export function toSeconds(value: Date | number): number {
  return Math.floor(toMillis(value) / 1000)
}

/** Epoch milliseconds of a Date, or the number itself. */
export function toMillis(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime()
}

export interface DateRange {
  readonly start: number
  readonly end: number
}

/**
 * The default range of order items and transactions (B §9), in epoch ms: from local midnight seven days before
 * today to the last millisecond of today (23:59:59.999 local).
 */
export function defaultDateRangeMs(now: Date): DateRange {
  const y = now.getFullYear()
  const m = now.getMonth()
  const d = now.getDate()
  return { start: new Date(y, m, d - 7).getTime(), end: new Date(y, m, d, 23, 59, 59, 999).getTime() }
}

/** The same range in whole seconds, as the order item and transaction filters send it: end is 23:59:59. */
export function defaultDateRange(now: Date): DateRange {
  const { start, end } = defaultDateRangeMs(now)
  return { start: toSeconds(start), end: toSeconds(end) }
}

/** The default charging session range (B §9): from 7 × 24 hours before now to now, in ms. */
export function sessionDefaultRangeMs(now: Date): { readonly from: number; readonly to: number } {
  const to = now.getTime()
  return { from: to - 7 * DAY_MS, to }
}

/** B §4: toggling an already selected option removes it; otherwise it is appended. */
export function toggleOption<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value]
}
