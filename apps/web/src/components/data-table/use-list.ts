import type { QueryKey, UseQueryResult } from '@tanstack/react-query'
import type { LiveEvent, LiveEventName } from '@portal/contract'
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { isForbidden } from '@/lib/http'
import { useLiveEvents, useLiveRefresh } from '@/lib/live/live-store'
import { serverMessage } from '@/lib/server-messages'
import { useSession } from '@/lib/session/session-store'
import type { FilterDef, ListSort, ListState } from './list-state'
import { useListState } from './list-state'
import type { TableState } from './types'

/**
 * How a list learns what follows the page on screen (B §4, §7):
 * - `count`: the response carries the total (`data.count`); numbered pages.
 * - `probe`: the call is asked for one row more than the page; that row only says a next page exists.
 * - `full-page`: a full page is taken to mean there may be more (the total arrives later, or never).
 * - `client`: the call answers every row at once and the portal pages them (B §9: the limo drivers).
 */
export type PagingMode = 'count' | 'probe' | 'full-page' | 'client'

/** The page the request asks for: `limit` is one more than the page under `probe`. */
export interface PageWindow {
  limit: number
  offset: number
}

/** What a count call answers: the total, and whether it stopped counting at a cap (decision 0014). */
export interface CountAnswer {
  count: number
  count_capped?: boolean | undefined
}

/**
 * A total asked with its own call, beside the list (B §7: `POST /v1/dashboard/charging-sessions/count` takes the list's
 * filters). Its request comes from the list's, so it follows the filters; it is asked again only when they change
 * (a screen leaves the paging out of `request`), and not after the list itself answered 403.
 */
export interface CountCall<Body, CountBody> {
  request: (body: Body) => CountBody
  queryKey: (body: CountBody, entityCode: string | null) => QueryKey
  fetch: (body: CountBody, signal: AbortSignal) => Promise<CountAnswer>
}

export interface UseListOptions<Body, Data, Row, CountBody = never> {
  filters: readonly FilterDef[]
  pageSize: number
  paging: PagingMode
  /** The call's request for the list state and the page window; unset filters left out (A §5). */
  request: (list: ListState, page: PageWindow) => Body
  /** The query key of a request in the signed-in entity, from the feature's key factory. */
  queryKey: (body: Body, entityCode: string | null) => QueryKey
  fetch: (body: Body, signal: AbortSignal) => Promise<Data>
  /**
   * The rows of a response. A `client` list that ranges or orders its rows in the portal (B §5, §9: the limo drivers)
   * reads the list state here; the hook then pages what this returns.
   */
  rows: (data: Data, list: ListState) => readonly Row[]
  /** The total of a `count` list (a `full-page` list may learn it from another call: pass it as `knownTotal`). */
  total?: (data: Data) => number | undefined
  /** A total learnt apart from the list call (the order items' count call). */
  knownTotal?: number | undefined
  /** The list's own count call, when the total comes from one (the voltnet sessions' `/count`). */
  count?: CountCall<Body, CountBody>
  /** When the screen knows the next page by other means (the tariffs' probe call). */
  hasNextPage?: boolean | undefined
  /** The export's filters from the request, when they are more than the request without `limit` and `offset`. */
  exportFilters?: (body: Body) => Record<string, unknown>
  /** The order before the user picks one, and the sort keys the call takes. */
  defaultSort?: ListSort
  sortKeys?: readonly string[]
  /** Prefixes the page and order keys in the URL, for a second paged list on one screen (`vehicles_page=2`). */
  paramPrefix?: string
  /** The request is not sent until this is true (a parent not yet loaded); the table shows as loading. */
  enabled?: boolean
  /** Why the filters cannot be sent (an end before the start): no request, and the table says so. */
  invalid?: string | undefined | ((list: ListState) => string | undefined)
  /** B §4: some lists show no access on any error (the machines and templates lists). */
  anyErrorIsForbidden?: boolean
  /** Filters outside the filter bar (a date range) that count as set, for the empty state's Reset. */
  extraFiltersActive?: boolean
  /** What Reset does, when it is more than every filter back to its default (a date range in its own params). */
  onReset?: () => void
  /** Refetches the page on screen this often while it returns a number (a list of jobs still running). */
  refetchInterval?: (data: Data | undefined) => number | false
  /** The live stream (issue 16): what changes the rows on screen, and what adds rows. */
  live?: LiveListOptions
}

/**
 * A list's live updates: events of `refresh` read the page on screen again (statuses change in place, the rows stay
 * where they are); events of `added` are counted and offered as "N new — show", so the page never moves under the
 * reader's hand. While the stream is down, the page is read again on a timer instead.
 */
export interface LiveListOptions {
  refresh?: readonly LiveEventName[]
  added?: readonly LiveEventName[]
  /** How many rows an `added` event stands for (an order's items, a batch of orders); 1 by default. */
  countAdded?: (event: LiveEvent) => number
  /** Whether an event concerns this list at all (a machine's page follows its own machine only). */
  concerns?: (event: LiveEvent) => boolean
}

/** The props of the DataTable that the list owns: spread them into the table. */
export interface ListTableProps<Row> {
  rows: readonly Row[] | undefined
  state: TableState
  fetching: boolean
  errorMessage: string | undefined
  onRetry: (() => void) | undefined
  page: number
  pageSize: number
  total: number | undefined
  hasNextPage: boolean | undefined
  onPageChange: (page: number) => void
  /** The screen's own page size, and a change of the page size (the pager's select; decision 0116). */
  defaultPageSize: number
  onPageSizeChange: (size: number) => void
  filtersActive: boolean
  /** How many filters are set (the phone's Filters button shows it). */
  activeFilters: number
  onResetFilters: () => void
  sort: ListSort | null
  onSortChange: (sort: ListSort | null) => void
  newRows: number
  onShowNewRows: (() => void) | undefined
}

export interface UseListResult<Body, Data, Row> {
  list: ListState
  query: UseQueryResult<Data>
  /** The count call's query (idle without `count`): its `count_capped` says the total is a floor. */
  countQuery: UseQueryResult<CountAnswer>
  /** The request of the page on screen. */
  body: Body
  /** The request without its paging: what the list's export takes (the same filters, every row). */
  exportFilters: Record<string, unknown>
  rows: readonly Row[] | undefined
  total: number | undefined
  table: ListTableProps<Row>
}

const PAGING_KEYS = ['limit', 'offset'] as const

/** A query's state as the table shows it: loading, ready, no access (403) or error. */
export function tableStateOf(
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>,
  anyErrorIsForbidden = false,
): TableState {
  if (query.isError) return anyErrorIsForbidden || isForbidden(query.error) ? 'forbidden' : 'error'
  return query.isPending ? 'loading' : 'ready'
}

/** A request without its page: what a count call takes beside its list (`count.request`), typed. */
export function withoutPaging<B extends object>(body: B): Omit<B, 'limit' | 'offset'> {
  // Any body may carry the paging keys; naming them lets the rest be taken apart.
  const { limit: _limit, offset: _offset, ...filters } = body as B & Partial<PageWindow>
  return filters
}

/** The request without the keys an export leaves out; a nested body (`{ filter: {…} }`) is left as it is. */
export function withoutKeys(body: unknown, keys: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {}
  return Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)))
}

/**
 * The one list hook (STYLE.md habit 3; docs/decisions/0032-one-list-abstraction.md): a screen declares its filters,
 * its request, its call and its paging; this joins the URL state, the query, the paging, the sort and the table's
 * states, and gives back the DataTable's props and the export's filters. As react-admin's `useListController` or
 * Refine's `useTable`, the screen never derives loading, error or no-access itself.
 */
export function useList<Body, Data, Row, CountBody = never>(
  options: UseListOptions<Body, Data, Row, CountBody>,
): UseListResult<Body, Data, Row> {
  const { paging } = options
  const list = useListState(options.filters, {
    defaultSort: options.defaultSort ?? null,
    ...(options.sortKeys ? { sortKeys: options.sortKeys } : {}),
    ...(options.paramPrefix ? { paramPrefix: options.paramPrefix } : {}),
  })
  // The pager's (or a saved view's) page size in the URL, else the screen's own (decision 0116).
  const pageSize = list.pageSize ?? options.pageSize
  const window: PageWindow =
    paging === 'client'
      ? { limit: pageSize, offset: 0 }
      : { limit: paging === 'probe' ? pageSize + 1 : pageSize, offset: (list.page - 1) * pageSize }
  const body = options.request(list, window)
  const { entityCode } = useSession()
  // A rule on the filters themselves (an end day before the start day) reads the list state.
  const invalidMessage = typeof options.invalid === 'function' ? options.invalid(list) : options.invalid
  const invalid = invalidMessage !== undefined && invalidMessage !== ''
  const enabled = (options.enabled ?? true) && !invalid
  const query = useQuery({
    queryKey: options.queryKey(body, entityCode),
    queryFn: ({ signal }) => options.fetch(body, signal),
    placeholderData: keepPreviousData,
    enabled,
    ...(options.refetchInterval
      ? {
          refetchInterval: (q: { state: { data: Data | undefined } }) =>
            options.refetchInterval?.(q.state.data) ?? false,
        }
      : {}),
  })
  const { count } = options
  const countBody = count?.request(body)
  const countable = enabled && !(query.isError && isForbidden(query.error))
  const countQuery = useQuery({
    queryKey:
      count && countBody !== undefined ? count.queryKey(countBody, entityCode) : ['use-list', 'no-count'],
    queryFn:
      count && countBody !== undefined && countable
        ? ({ signal }) => count.fetch(countBody, signal)
        : skipToken,
    placeholderData: keepPreviousData,
  })

  const { refresh: refreshOn = [], added: addedOn = [], countAdded, concerns } = options.live ?? {}
  // A list that may not send its request (a parent not loaded, filters that do not hold) is not read either.
  const reread = () => {
    if (enabled) void query.refetch()
  }
  useLiveRefresh([...refreshOn, ...addedOn], reread, {
    // Added rows wait for "show"; they are read on the polling timer only (the stream is down, nothing is counted).
    when: (event) => refreshOn.includes(event.name) && (concerns?.(event) ?? true),
  })
  // New rows since the page was read, for the request on screen (another filter or page starts from none).
  const [added, setAdded] = useState<{ key: string; count: number }>({ key: '', count: 0 })
  const bodyKey = JSON.stringify(body)
  const newRows = added.key === bodyKey ? added.count : 0
  useLiveEvents(addedOn, (event) => {
    if (event === null) {
      reread()
      return
    }
    if (concerns && !concerns(event)) return
    const n = countAdded ? countAdded(event) : 1
    setAdded((a) => ({ key: bodyKey, count: (a.key === bodyKey ? a.count : 0) + n }))
  })
  const showNewRows = () => {
    setAdded({ key: '', count: 0 })
    if (list.page !== 1) list.setPage(1)
    else reread()
    if (options.count) void countQuery.refetch()
  }

  const all = query.data === undefined ? undefined : options.rows(query.data, list)
  let rows = all
  let total: number | undefined
  let hasNextPage: boolean | undefined
  if (all !== undefined && query.data !== undefined) {
    switch (paging) {
      case 'count':
        total = options.total?.(query.data)
        break
      case 'probe':
        rows = all.slice(0, pageSize)
        hasNextPage = all.length > pageSize
        break
      case 'full-page':
        total = options.knownTotal
        hasNextPage = all.length >= pageSize
        break
      case 'client':
        total = all.length
        rows = all.slice((list.page - 1) * pageSize, list.page * pageSize)
        break
    }
  }
  if (total === undefined && paging !== 'client' && all !== undefined) total = countQuery.data?.count
  if (options.hasNextPage !== undefined) hasNextPage = options.hasNextPage
  if (total !== undefined) hasNextPage = undefined

  const exportFilters = options.exportFilters ? options.exportFilters(body) : withoutKeys(body, PAGING_KEYS)
  const state: TableState = invalid ? 'invalid' : tableStateOf(query, options.anyErrorIsForbidden)
  // The server's message in the user's language (its code and parameters; decision 0050).
  const errorMessage = invalid
    ? invalidMessage
    : query.error === null
      ? undefined
      : serverMessage(query.error)

  return {
    list,
    query,
    countQuery,
    body,
    exportFilters,
    rows,
    total,
    table: {
      rows,
      state,
      fetching: query.isFetching,
      errorMessage,
      // An invalid filter has nothing to retry: the message says what to change.
      onRetry: invalid ? undefined : () => void query.refetch(),
      page: list.page,
      pageSize,
      total,
      hasNextPage,
      onPageChange: list.setPage,
      defaultPageSize: options.pageSize,
      onPageSizeChange: (size: number) => list.setPageSize(size === options.pageSize ? null : size),
      filtersActive: list.activeCount > 0 || options.extraFiltersActive === true,
      activeFilters: list.activeCount + (options.extraFiltersActive === true ? 1 : 0),
      onResetFilters: options.onReset ?? (() => list.reset()),
      sort: list.sort,
      onSortChange: list.setSort,
      newRows,
      onShowNewRows: addedOn.length > 0 ? showNewRows : undefined,
    },
  }
}
