import type {
  DashboardSession,
  ListCount,
  MyEntityType,
  VoltnetSessionCountRequest,
  VoltnetSessionFilterRequest,
} from '@portal/contract'
import {
  evSessionRefundResponse,
  voltnetSessionCountResponse,
  voltnetSessionDetailResponse,
  voltnetSessionListResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const bus = client('bus')
const charging = client('charging')
const BASE = '/v1/dashboard/charging-sessions'
/** Every voltnet session query starts with this key, so a refund refreshes the lists, counts and details at once. */
const ROOT = 'voltnet-sessions'

export function voltnetSessionsQueryOptions(entityCode: string | null, body: VoltnetSessionFilterRequest) {
  return queryOptions({
    queryKey: [ROOT, 'list', entityCode, body],
    // Annotated: with keepPreviousData, TypeScript otherwise widens the data to the placeholder function.
    queryFn: ({ signal }): Promise<DashboardSession[]> =>
      bus.post(BASE, body, voltnetSessionListResponse, { signal }).then((r) => r.data.chargingSessions),
    placeholderData: keepPreviousData,
  })
}

/** POST /v1/dashboard/charging-sessions (B §7). */
export function useVoltnetSessions(body: VoltnetSessionFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(voltnetSessionsQueryOptions(entityCode, body))
}

/** POST /v1/dashboard/charging-sessions/count: asked again only when the filters change (not on paging). */
export function useVoltnetSessionCount(body: VoltnetSessionCountRequest, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [ROOT, 'count', entityCode, body],
    queryFn: ({ signal }): Promise<ListCount> =>
      bus.post(`${BASE}/count`, body, voltnetSessionCountResponse, { signal }).then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
  })
}

/** GET /v1/dashboard/charging-sessions/{id}: one session, on the caller's given side (docs/decisions/0025). */
export function useVoltnetSession(id: string | null, myEntityType: MyEntityType) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [ROOT, 'detail', entityCode, id, myEntityType],
    queryFn: ({ signal }) =>
      bus
        .get(`${BASE}/${encodeURIComponent(id ?? '')}`, voltnetSessionDetailResponse, {
          query: { myEntityType },
          signal,
        })
        .then((r) => r.data.chargingSession),
    enabled: id !== null,
    retry: false,
  })
}

/** Refunds through the charging network's call (B §3 refund panel); the detail and the lists are read again. */
export function useRefundVoltnetSession(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { amount: number; reason: string }) =>
      charging
        .post(`/charging-sessions/sessions/${encodeURIComponent(id)}/refunds`, body, evSessionRefundResponse)
        .then((r) => r.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ROOT] })
    },
  })
}
