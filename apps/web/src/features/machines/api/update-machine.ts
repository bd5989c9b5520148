import type { MachineGeneralSettings, MachineItemsUpdate } from '@portal/contract'
import { machineItemsResponse, machineSettingsResponse } from '@portal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { optionKeys } from '@/components/options/option-keys'
import { mainApi } from '@/lib/http'
import { machineKeys } from './machine-keys'

/**
 * After an edit the machine's page, every machine list and the machine options (an alias is an option's label) are
 * refetched.
 */
function useInvalidateMachines() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: machineKeys.all }),
      client.invalidateQueries({ queryKey: optionKeys.allMachines }),
    ])
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
