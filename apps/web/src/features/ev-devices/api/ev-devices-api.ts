import type { EvDeviceDetail, EvDeviceListData, EvDeviceListQuery } from '@portal/contract'
import { evDeviceDetailResponse, evDeviceListResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const charging = client('charging')
const BASE = '/charge-points/devices'

export function listEvDevices(query: EvDeviceListQuery, signal?: AbortSignal): Promise<EvDeviceListData> {
  return charging
    .get(BASE, evDeviceListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

export function evDevicesQueryOptions(entityCode: string | null, query: EvDeviceListQuery) {
  return queryOptions({
    queryKey: ['ev-devices', 'list', entityCode, query],
    queryFn: ({ signal }) => listEvDevices(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useEvDevices(query: EvDeviceListQuery) {
  const { entityCode } = useSession()
  return useQuery(evDevicesQueryOptions(entityCode, query))
}

export function useEvDevice(uid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['ev-devices', 'detail', entityCode, uid],
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
