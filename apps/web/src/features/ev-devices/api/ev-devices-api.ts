import type {
  EvDeviceDetail,
  EvDeviceListData,
  EvDeviceListQuery,
  OcppMessageListData,
  OcppMessageListQuery,
  OcppPasswordData,
} from '@portal/contract'
import {
  evDeviceDetailResponse,
  evDeviceListResponse,
  ocppMessageListResponse,
  ocppPasswordResponse,
} from '@portal/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/** GET /charge-points/devices/{uid}/ocpp-messages: a page of the charger's OCPP message log, newest first. */
export function useOcppMessages(uid: string, query: OcppMessageListQuery) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: evDeviceKeys.messages(entityCode, uid, query),
    queryFn: ({ signal }): Promise<OcppMessageListData> =>
      charging
        .get(`${BASE}/${encodeURIComponent(uid)}/ocpp-messages`, ocppMessageListResponse, {
          query: { ...query },
          signal,
        })
        .then((r) => r.data),
    enabled: uid !== '',
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
}
