import { setFilterResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** The sets of the entity, for the set filter (codes are sent, names shown). */
export function setsQueryOptions(entityCode: string | null) {
  return queryOptions({
    queryKey: ['sets', 'filter', entityCode],
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/sets/filter', { limit: 500, offset: 0 }, setFilterResponse, { signal })
        .then((r) => r.data.sets),
    staleTime: 5 * 60_000,
  })
}

export function useSets() {
  const { entityCode } = useSession()
  return useQuery(setsQueryOptions(entityCode))
}
