import type { OcppCommand, OcppCommandBody } from '@portal/contract'
import { ocppCommandListResponse, ocppCommandResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const charging = client('charging')
const path = (uid: string) => `/charge-points/devices/${encodeURIComponent(uid)}/ocpp-commands`

export const ocppCommandKeys = {
  list: (entityCode: string | null, uid: string) => ['ocpp-commands', entityCode, uid] as const,
}

/** GET /charge-points/devices/{uid}/ocpp-commands: the commands last sent to the charger, with their answers. */
export function useOcppCommands(uid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ocppCommandKeys.list(entityCode, uid),
    queryFn: ({ signal }): Promise<OcppCommand[]> =>
      charging.get(path(uid), ocppCommandListResponse, { signal }).then((r) => r.data.commands),
    enabled: uid !== '',
  })
}

/**
 * POST /charge-points/devices/{uid}/ocpp-commands: tells the charger something and waits for its answer (or the
 * server's 409 "not connected" / 504 "did not answer"). The history is refreshed either way (the command is recorded
 * whatever came of it), and `onSettled` lets the page refresh what the command may have changed.
 */
export function useSendOcppCommand(uid: string, onSettled?: () => unknown) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OcppCommandBody): Promise<OcppCommand> =>
      charging.post(path(uid), body, ocppCommandResponse).then((r) => r.data.command),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ocppCommandKeys.list(entityCode, uid) }),
        onSettled?.(),
      ]),
  })
}
