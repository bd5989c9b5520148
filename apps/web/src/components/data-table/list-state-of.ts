import type { FilterValue, ListSort, ListState } from './list-state'
import { valueReaders } from './list-state'

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
    ...valueReaders(values),
    setPage: () => undefined,
    pageSize: null,
    setPageSize: () => undefined,
    setSort: () => undefined,
    setFilter: () => undefined,
    toggleOption: () => undefined,
    reset: () => undefined,
    activeCount: 0,
  }
}
