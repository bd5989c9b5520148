import type { TcnDeviceFilterRequest } from '@portal/contract'
import { tcnDeviceFilterResponse, tcnDeviceResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { deviceKeys } from './device-keys'

/** POST /iot/tcn-devices/filter (B §7): a page of the TCN boards and the count. */
export const filterTcnDevices = (body: TcnDeviceFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/tcn-devices/filter', body, tcnDeviceFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

const getTcnDevice = (id: number, signal?: AbortSignal) =>
  mainApi
    .get(`/iot/tcn-devices/${String(id)}`, tcnDeviceResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useTcnDevice(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: deviceKeys.tcnDetail(entityCode, id),
    queryFn: ({ signal }) => getTcnDevice(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  })
}
