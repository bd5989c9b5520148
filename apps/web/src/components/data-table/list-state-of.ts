import type { FilterValue, ListSort, ListState } from './list-state'

/**
 * A list state holding the given values, as the URL would hold them: for the tests of a screen's request builder,
 * which read the state and never change it.
 */
export function listStateOf(
  values: Record<string, FilterValue>,
  page = 1,
  sort: ListSort | null = null,
): ListState {
  return {
    page,
    sort,
    values,
    multi: (key) => {
      const v = values[key]
      return Array.isArray(v) ? v : []
    },
    select: (key) => {
      const v = values[key]
      return typeof v === 'string' || typeof v === 'number' ? v : ''
    },
    toggle: (key) => values[key] === true,
    text: (key) => {
      const v = values[key]
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
    },
    setPage: () => undefined,
    setSort: () => undefined,
    setFilter: () => undefined,
    toggleOption: () => undefined,
    reset: () => undefined,
    activeCount: 0,
  }
}
