import type { CreateMachineCommandRequest, MachineCommand, MachineCommandListData } from '@portal/contract'
import { isCommandOpen, machineCommandListResponse, machineCommandResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { machineKeys } from './machine-keys'

const path = (id: number) => `/iot/machines/${String(id)}/commands`

/** While a command is on its way the page watches closely; otherwise now and then (another operator's commands). */
const WATCH_MS = 2_000
const IDLE_MS = 30_000

/** GET /iot/machines/{id}/commands: the machine's latest commands and how far each got. */
export function useMachineCommands(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: machineKeys.commands(entityCode, id),
    queryFn: ({ signal }): Promise<MachineCommandListData> =>
      mainApi.get(path(id), machineCommandListResponse, { signal }).then((r) => r.data),
    refetchInterval: (query) =>
      query.state.data?.commands.some((c) => isCommandOpen(c.status)) ? WATCH_MS : IDLE_MS,
  })
}

/** POST /iot/machines/{id}/commands: queued for the machine, which fetches it on its next poll. */
export function useSendMachineCommand(id: number) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateMachineCommandRequest): Promise<MachineCommand> =>
      mainApi.post(path(id), body, machineCommandResponse).then((r) => r.data.command),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineKeys.commands(entityCode, id) }),
  })
}
