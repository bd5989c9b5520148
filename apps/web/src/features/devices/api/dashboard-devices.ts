import type { DeviceCommandCode, DeviceFilterRequest } from '@portal/contract'
import {
  deviceCommandResponse,
  deviceDetailResponse,
  deviceFilterResponse,
  isCommandOpen,
} from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { deviceKeys } from './device-keys'

/** POST /iot/devices/filter (B §7): a page of the dashboard devices and the count. */
export const filterDevices = (body: DeviceFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/devices/filter', body, deviceFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

const getDevice = (id: number, signal?: AbortSignal) =>
  mainApi
    .get(`/iot/devices/${String(id)}`, deviceDetailResponse, signal ? { signal } : {})
    .then((r) => r.data)

const sendCommand = (id: number, command_code: DeviceCommandCode) =>
  mainApi
    .post(`/iot/devices/${String(id)}/commands`, { command_code }, deviceCommandResponse)
    .then((r) => r.data)

export function useDashboardDevice(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: deviceKeys.detail(entityCode, id),
    queryFn: ({ signal }) => getDevice(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // A command on its way to the device's machine (decision 0109) is watched until the machine reports on it.
    refetchInterval: (query) =>
      query.state.data?.commands.some((c) => c.delivery !== null && isCommandOpen(c.delivery))
        ? 3_000
        : false,
  })
}

/** Sends a command; the device's command list is refetched so the new Pending row shows at the top. */
export function useSendCommand(id: number) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: (command_code: DeviceCommandCode) => sendCommand(id, command_code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(entityCode, id) }),
  })
}
