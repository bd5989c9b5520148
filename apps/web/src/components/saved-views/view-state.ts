import type { SavedViewState } from '@portal/contract'
import { SAVED_VIEW_PAGE_SIZES } from '@portal/contract'

/*
 * A list's view as the URL and the column picker hold it, and back (docs/decisions/0116-saved-views.md): the filters
 * are the URL's search params but the page, the page size and the view's own id; the columns are the visible ids
 * in order; the page size is `page_size` in the URL, else the screen's own.
 */

import { VIEW_PARAM } from './view-param'

export { VIEW_PARAM }
/** The URL keys that are not a view's filters. */
export const PAGE_SIZE_PARAM = 'page_size'
const NOT_FILTERS = new Set([VIEW_PARAM, PAGE_SIZE_PARAM, 'page'])

export function filtersOf(params: URLSearchParams): SavedViewState['filters'] {
  const filters: SavedViewState['filters'] = {}
  for (const key of new Set(params.keys())) {
    if (NOT_FILTERS.has(key) || key.endsWith('_page') || key.endsWith('_page_size')) continue
    const values = params.getAll(key)
    filters[key] = values.length === 1 ? (values[0] ?? '') : values
  }
  return filters
}

/** The nearest page size a view may hold (a screen's own size may be another). */
export function savedPageSize(pageSize: number): SavedViewState['page_size'] {
  let best: number = SAVED_VIEW_PAGE_SIZES[0]
  for (const size of SAVED_VIEW_PAGE_SIZES)
    if (Math.abs(size - pageSize) < Math.abs(best - pageSize)) best = size
  return best
}

export function currentState(
  params: URLSearchParams,
  visible: readonly string[],
  pageSize: number,
): SavedViewState {
  return { filters: filtersOf(params), columns: [...visible], page_size: savedPageSize(pageSize) }
}

/** The URL of a view: its filters, its page size (unless the screen's own), its id; page 1. */
export function paramsOfView(state: SavedViewState, viewId: number | null, defaultPageSize: number) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(state.filters)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v)
  }
  if (state.page_size !== defaultPageSize) params.set(PAGE_SIZE_PARAM, String(state.page_size))
  if (viewId !== null) params.set(VIEW_PARAM, String(viewId))
  return params
}

/** The view's columns that the table has, in the view's order; none known: the table's own choice stays. */
export function columnsOfView(state: SavedViewState, known: readonly string[]): string[] | null {
  const columns = state.columns.filter((id) => known.includes(id))
  return columns.length === 0 ? null : columns
}

const sortedEntries = (filters: SavedViewState['filters']) =>
  Object.entries(filters)
    .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : [v]] as const)
    .sort(([a], [b]) => a.localeCompare(b))

/** Whether what is on screen differs from the view (its "Save changes" shows). */
export function isModified(view: SavedViewState, now: SavedViewState): boolean {
  return (
    JSON.stringify(sortedEntries(view.filters)) !== JSON.stringify(sortedEntries(now.filters)) ||
    view.page_size !== now.page_size ||
    (view.columns.length > 0 && view.columns.join('\n') !== now.columns.join('\n'))
  )
}

/** Whether a list opened with nothing chosen in its URL: only then is the user's default view applied. */
export const isCleanUrl = (params: URLSearchParams) => [...params.keys()].length === 0
