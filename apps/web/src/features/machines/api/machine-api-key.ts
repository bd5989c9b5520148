import type { MachineApiKeyData, MachineApiKeyStatus } from '@portal/contract'
import { machineApiKeyResponse, machineApiKeyStatusResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { machineKeys } from './machine-keys'

const path = (id: number) => `/iot/machines/${String(id)}/api-key`

/** GET /iot/machines/{id}/api-key: whether the machine has a key, and when it was last used. */
export function useMachineApiKey(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: machineKeys.apiKey(entityCode, id),
    queryFn: ({ signal }): Promise<MachineApiKeyStatus> =>
      mainApi.get(path(id), machineApiKeyStatusResponse, { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  })
}

/** POST /iot/machines/{id}/api-key: a new key, shown this once; the old one stops at once. */
export function useRotateMachineApiKey(id: number) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<MachineApiKeyData> =>
      mainApi.post(path(id), {}, machineApiKeyResponse).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineKeys.apiKey(entityCode, id) }),
  })
}
