import type { PersonFilterRequest } from '@portal/contract'
import { personFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export const filterPersons = (body: PersonFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/promo/closed-loops/filter', body, personFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function personsQueryOptions(entityCode: string | null, body: PersonFilterRequest) {
  return queryOptions({
    queryKey: ['closed-loop', 'persons', entityCode, body],
    queryFn: ({ signal }) => filterPersons(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function usePersons(body: PersonFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(personsQueryOptions(entityCode, body))
}
