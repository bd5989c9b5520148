import { setFilterResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/**
 * The entity's machine sets, for the employees' set filter (codes sent, names shown). Same key as the machines
 * list's, so the two screens share one cached answer. A member who may not read sets just gets no set filter.
 */
export function setsQueryOptions(entityCode: string | null) {
  return queryOptions({
    queryKey: ['sets', 'filter', entityCode],
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/sets/filter', { limit: 500, offset: 0 }, setFilterResponse, { signal })
        .then((r) => r.data.sets),
    staleTime: 5 * 60_000,
    retry: false,
  })
}

export function useSets() {
  const { entityCode } = useSession()
  return useQuery(setsQueryOptions(entityCode))
}
