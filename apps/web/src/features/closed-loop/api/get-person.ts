import { personDetailResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { closedLoopKeys } from './closed-loop-keys'

export const getPerson = (uuid: string, signal?: AbortSignal) =>
  mainApi
    .get(`/promo/closed-loops/${encodeURIComponent(uuid)}`, personDetailResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function usePerson(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: closedLoopKeys.person(entityCode, uuid),
    queryFn: ({ signal }) => getPerson(uuid, signal),
    enabled: uuid !== '',
  })
}
