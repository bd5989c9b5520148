import type { EvSessionListQuery } from '@portal/contract'
import { evSessionDetailResponse, evSessionListResponse, evSessionRefundResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const charging = client('charging')
const BASE = '/charging-sessions/sessions'

export function listEvSessions(query: EvSessionListQuery, signal?: AbortSignal) {
  return charging
    .get(BASE, evSessionListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data.sessions)
}

export function evSessionsQueryOptions(entityCode: string | null, query: EvSessionListQuery) {
  return queryOptions({
    queryKey: ['ev-sessions', 'list', entityCode, query],
    queryFn: ({ signal }) => listEvSessions(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useEvSessions(query: EvSessionListQuery) {
  const { entityCode } = useSession()
  return useQuery(evSessionsQueryOptions(entityCode, query))
}

export function useEvSession(uid: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['ev-sessions', 'detail', entityCode, uid],
    queryFn: ({ signal }) =>
      charging
        .get(`${BASE}/${encodeURIComponent(uid ?? '')}`, evSessionDetailResponse, { signal })
        .then((r) => r.data.session),
    enabled: uid !== null,
    retry: false,
  })
}

/** Refunds a session; on success the detail and the list are read again (the list shows the new last update). */
export function useRefundEvSession(uid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { amount: number; reason: string }) =>
      charging
        .post(`${BASE}/${encodeURIComponent(uid)}/refunds`, body, evSessionRefundResponse)
        .then((r) => r.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['ev-sessions'] })
    },
  })
}
