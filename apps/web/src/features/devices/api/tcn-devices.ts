import type { TcnDeviceFilterRequest } from '@portal/contract'
import { tcnDeviceFilterResponse, tcnDeviceResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const filterTcnDevices = (body: TcnDeviceFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/tcn-devices/filter', body, tcnDeviceFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

const getTcnDevice = (id: number, signal?: AbortSignal) =>
  mainApi
    .get(`/iot/tcn-devices/${String(id)}`, tcnDeviceResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useTcnDevices(body: TcnDeviceFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions({
      queryKey: ['tcn-devices', 'filter', entityCode, body],
      queryFn: ({ signal }) => filterTcnDevices(body, signal),
      placeholderData: keepPreviousData,
    }),
  )
}

export function useTcnDevice(id: number) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions({
      queryKey: ['tcn-devices', 'detail', entityCode, id],
      queryFn: ({ signal }) => getTcnDevice(id, signal),
      enabled: Number.isInteger(id) && id > 0,
    }),
  )
}
