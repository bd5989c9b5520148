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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { busSessionKeys } from './bus-session-keys'

const bus = client('bus')
const charging = client('charging')
const BASE = '/v1/dashboard/charging-sessions'

/** POST /v1/dashboard/charging-sessions (B §7). */
export function listVoltnetSessions(
  body: VoltnetSessionFilterRequest,
  signal?: AbortSignal,
): Promise<DashboardSession[]> {
  return bus
    .post(BASE, body, voltnetSessionListResponse, signal ? { signal } : {})
    .then((r) => r.data.chargingSessions)
}

/** POST /v1/dashboard/charging-sessions/count: the list's filters (B §7 "same filters"). */
export function countVoltnetSessions(
  body: VoltnetSessionCountRequest,
  signal?: AbortSignal,
): Promise<ListCount> {
  return bus
    .post(`${BASE}/count`, body, voltnetSessionCountResponse, signal ? { signal } : {})
    .then((r) => r.data)
}

/** GET /v1/dashboard/charging-sessions/{id}: one session, on the caller's given side (docs/decisions/0025). */
export function useVoltnetSession(id: string | null, myEntityType: MyEntityType) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: busSessionKeys.voltnetDetail(entityCode, id, myEntityType),
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
      await queryClient.invalidateQueries({ queryKey: busSessionKeys.voltnet })
    },
  })
}
