import type { EvDeviceDetail, EvDeviceListData, EvDeviceListQuery, OcppPasswordData } from '@portal/contract'
import { evDeviceDetailResponse, evDeviceListResponse, ocppPasswordResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { evDeviceKeys } from './ev-device-keys'

const charging = client('charging')
const BASE = '/charge-points/devices'

/** GET /charge-points/devices: a page of the entity's chargers and their capped count. */
export function listEvDevices(query: EvDeviceListQuery, signal?: AbortSignal): Promise<EvDeviceListData> {
  return charging
    .get(BASE, evDeviceListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

export function useEvDevice(uid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: evDeviceKeys.detail(entityCode, uid),
    queryFn: ({ signal }): Promise<EvDeviceDetail> =>
      charging
        .get(`${BASE}/${encodeURIComponent(uid)}`, evDeviceDetailResponse, { signal })
        .then((r) => r.data.device),
    enabled: uid !== '',
    retry: false,
    // Heartbeats and what is plugged in change by the minute.
    refetchInterval: 60_000,
  })
}

/**
 * POST /charge-points/devices/{uid}/ocpp-password: a new OCPP password, returned this once. The charger page is
 * refreshed so it shows that a password is set (never the password).
 */
export function useRotateOcppPassword(uid: string) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<OcppPasswordData> =>
      charging
        .post(`${BASE}/${encodeURIComponent(uid)}/ocpp-password`, {}, ocppPasswordResponse)
        .then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evDeviceKeys.detail(entityCode, uid) }),
  })
}
