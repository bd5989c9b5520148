import { setFilterResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import type { FilterOption } from '@/components/data-table/list-state'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { optionKeys } from './option-keys'

/** How many sets a set filter offers. */
const SET_OPTIONS_LIMIT = 500

/** The entity's sets as filter options (codes are sent, names shown). */
export function useSetOptions() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: optionKeys.sets(entityCode),
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/sets/filter', { limit: SET_OPTIONS_LIMIT, offset: 0 }, setFilterResponse, { signal })
        .then((r): FilterOption[] => r.data.sets.map((s) => ({ value: s.code, label: s.name }))),
    staleTime: 5 * 60_000,
  })
}
