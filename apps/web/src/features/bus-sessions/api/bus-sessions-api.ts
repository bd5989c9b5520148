import type { BusSessionListQuery } from '@portal/contract'
import { busSessionDetailResponse, busSessionListResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const bus = client('bus')
const BASE = '/v3/dashboard/sessions'

/** GET {buswayHost}/v3/dashboard/sessions (B §7): the list answers a plain array. */
export function listBusSessions(query: BusSessionListQuery, signal?: AbortSignal) {
  return bus
    .get(BASE, busSessionListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

export function busSessionsQueryOptions(entityCode: string | null, query: BusSessionListQuery) {
  return queryOptions({
    queryKey: ['bus-sessions', 'list', entityCode, query],
    queryFn: ({ signal }) => listBusSessions(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useBusSessions(query: BusSessionListQuery) {
  const { entityCode } = useSession()
  return useQuery(busSessionsQueryOptions(entityCode, query))
}

/** GET {buswayHost}/v3/dashboard/sessions/{id}: one session with its charging periods. */
export function useBusSession(id: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['bus-sessions', 'detail', entityCode, id],
    queryFn: ({ signal }) =>
      bus
        .get(`${BASE}/${encodeURIComponent(id ?? '')}`, busSessionDetailResponse, { signal })
        .then((r) => r.data),
    enabled: id !== null,
    retry: false,
  })
}
