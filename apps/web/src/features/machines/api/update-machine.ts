import type { MachineGeneralSettings, MachineItemsUpdate } from '@portal/contract'
import { machineItemsResponse, machineSettingsResponse } from '@portal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'

/** After an edit the machine's page and every machine list are refetched (stock, model and VMC are columns). */
function useInvalidateMachines() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: ['machines'] })
}

export function useUpdateMachineSettings(id: number) {
  const invalidate = useInvalidateMachines()
  return useMutation({
    mutationFn: (body: MachineGeneralSettings) =>
      mainApi.put(`/iot/machines/${String(id)}/settings`, body, machineSettingsResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useUpdateMachineItems(id: number) {
  const invalidate = useInvalidateMachines()
  return useMutation({
    mutationFn: (body: MachineItemsUpdate) =>
      mainApi.put(`/iot/machines/${String(id)}/items`, body, machineItemsResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}
