import type { OcpiCommandView, OcpiPartnerCommandRequest } from '@portal/contract'
import { ocpiPartnerCommandListResponse, ocpiPartnerCommandResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './entity-settings-keys'

const commands = (id: number) => `/ocpi/partners/${String(id)}/commands`

/**
 * Under the roaming root, so every roaming change (the partner suspended, deleted) refreshes them too. Kept here
 * rather than in entity-settings-keys.ts, whose roaming keys this builds on, so the commands stay one feature's files.
 */
export const commandKeys = {
  list: (e: string | null, id: number) => [...settingsKeys.roaming.all(e), 'commands', id] as const,
}

/** While a result may still come, the list is read this often; otherwise only on Refresh or after a send. */
export const COMMAND_WATCH_MS = 3_000
/**
 * How long a result is waited for. OCPI leaves the timeout to the CPO (ours gives the charger well under a minute);
 * a partner that never posts one must not keep the page polling for good.
 */
export const RESULT_WAIT_MS = 10 * 60_000

/**
 * Whether the command's result may still come: none yet, and the CPO accepted it (or has not answered yet). A
 * command refused at once, or that never reached the partner (its message says why), gets no result.
 */
export function awaitsResult(
  c: Pick<OcpiCommandView, 'result' | 'response' | 'message' | 'created_at'>,
  now: number,
): boolean {
  if (c.result !== null) return false
  if (c.response !== null && c.response !== 'ACCEPTED') return false
  if (c.response === null && c.message !== null) return false
  return now - c.created_at < RESULT_WAIT_MS
}

/** GET /ocpi/partners/{id}/commands: the latest commands with the partner, both ways, newest first. */
export const fetchPartnerCommands = (id: number, signal?: AbortSignal) =>
  mainApi.get(commands(id), ocpiPartnerCommandListResponse, signal ? { signal } : {}).then((r) => r.data)

export function usePartnerCommands(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: commandKeys.list(entityCode, id),
    queryFn: ({ signal }) => fetchPartnerCommands(id, signal),
    refetchInterval: (query) => {
      const now = Date.now()
      return query.state.data?.commands.some((c) => awaitsResult(c, now)) === true ? COMMAND_WATCH_MS : false
    },
  })
}

/**
 * POST /ocpi/partners/{id}/commands: the partner's CommandResponse. The list is refreshed when a command was recorded:
 * answered, or not delivered (502, kept with why); a refused request (400, 409) records nothing.
 */
export function useSendPartnerCommand(id: number) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: (body: OcpiPartnerCommandRequest) =>
      mainApi.post(commands(id), body, ocpiPartnerCommandResponse).then((r) => r.data),
    // The roaming root: the message log and the partner's last message moved as well.
    onSettled: (_data, error) =>
      error instanceof ApiError && error.status < 500
        ? undefined
        : queryClient.invalidateQueries({ queryKey: settingsKeys.roaming.all(entityCode) }),
  })
}
