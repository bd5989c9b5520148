import type { EvSessionListQuery } from '@portal/contract'
import { evSessionDetailResponse, evSessionListResponse, evSessionRefundResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { evSessionKeys } from './ev-session-keys'

const charging = client('charging')
const BASE = '/charging-sessions/sessions'

/** GET charging-sessions/sessions (B §7): data.sessions. */
export function listEvSessions(query: EvSessionListQuery, signal?: AbortSignal) {
  return charging
    .get(BASE, evSessionListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data.sessions)
}

export function useEvSession(uid: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: evSessionKeys.detail(entityCode, uid),
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
      await queryClient.invalidateQueries({ queryKey: evSessionKeys.all })
    },
  })
}
