import type { GlobalSearchResult } from '@portal/contract'
import { globalSearchResponse, SEARCH_QUERY_MIN } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** How many results the palette asks for: the server splits them across the kinds the caller may read. */
export const PALETTE_LIMIT = 30

export const searchKeys = {
  all: ['global-search'] as const,
  results: (entityCode: string | null, q: string) => [...searchKeys.all, entityCode, q] as const,
}

/** GET /search: the objects of every kind the caller may read that match `q`. */
export const getGlobalSearch = (q: string, signal?: AbortSignal): Promise<GlobalSearchResult[]> =>
  mainApi
    .get(
      `/search?${new URLSearchParams({ q, limit: String(PALETTE_LIMIT) }).toString()}`,
      globalSearchResponse,
      signal ? { signal } : {},
    )
    .then((r) => r.data.results)

export function globalSearchQueryOptions(entityCode: string | null, q: string) {
  return queryOptions({
    queryKey: searchKeys.results(entityCode, q),
    queryFn: ({ signal }) => getGlobalSearch(q, signal),
    staleTime: 30_000,
  })
}

/** The results for an already debounced query; nothing is asked below the server's minimum length. */
export function useGlobalSearch(q: string) {
  const { entityCode } = useSession()
  return useQuery({
    ...globalSearchQueryOptions(entityCode, q),
    enabled: q.length >= SEARCH_QUERY_MIN,
    // Keeps the last answer on screen while the next keystroke's is on its way.
    placeholderData: keepPreviousData,
  })
}
