import type { BusSessionListQuery } from '@portal/contract'
import { busSessionDetailResponse, busSessionListResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { busSessionKeys } from './bus-session-keys'

const bus = client('bus')
const BASE = '/v3/dashboard/sessions'

/** GET {buswayHost}/v3/dashboard/sessions (B §7): the list answers a plain array, the whole body. */
export function listBusSessions(query: BusSessionListQuery, signal?: AbortSignal) {
  return bus.get(BASE, busSessionListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
}

/** GET {buswayHost}/v3/dashboard/sessions/{id}: one session with its charging periods, in the envelope. */
export function useBusSession(id: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: busSessionKeys.buswaysDetail(entityCode, id),
    queryFn: ({ signal }) =>
      bus
        .get(`${BASE}/${encodeURIComponent(id ?? '')}`, busSessionDetailResponse, { signal })
        .then((r) => r.data),
    enabled: id !== null,
    retry: false,
  })
}
