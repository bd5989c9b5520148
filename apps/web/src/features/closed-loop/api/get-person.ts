import { personDetailResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export const getPerson = (uuid: string, signal?: AbortSignal) =>
  mainApi
    .get(`/promo/closed-loops/${encodeURIComponent(uuid)}`, personDetailResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function personQueryOptions(entityCode: string | null, uuid: string) {
  return queryOptions({
    queryKey: ['closed-loop', 'person', entityCode, uuid],
    queryFn: ({ signal }) => getPerson(uuid, signal),
  })
}

export function usePerson(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({ ...personQueryOptions(entityCode, uuid), enabled: uuid !== '' })
}
