import { setFilterResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** The entity's sets for the set filter (codes are sent, names shown); shares the Machines screen's cache key. */
export function useSetOptions() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['sets', 'filter', entityCode],
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/sets/filter', { limit: 500, offset: 0 }, setFilterResponse, { signal })
        .then((r) => r.data.sets),
    staleTime: 5 * 60_000,
  })
}
