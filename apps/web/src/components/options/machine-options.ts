import { machineFilterResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import type { FilterOption } from '@/components/data-table/list-state'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { optionKeys } from './option-keys'

/** How many machines a machine filter offers: the filter call's largest page. */
export const MACHINE_OPTIONS_LIMIT = 1000

/** A machine as an option: its alias and serial number, the two names operators know a machine by. */
export function machineOptionLabel(machine: { alias: string; serial_number: string }): string {
  return `${machine.alias} (${machine.serial_number})`
}

/** The entity's machines as filter options (the machine id is sent, alias and serial shown). */
export function useMachineOptions() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: optionKeys.machines(entityCode),
    queryFn: ({ signal }) =>
      mainApi
        .post(
          '/iot/machines/filter',
          { limit: MACHINE_OPTIONS_LIMIT, offset: 0, active_filter: 0 },
          machineFilterResponse,
          { signal },
        )
        .then((r): FilterOption[] =>
          r.data.machines.map((m) => ({ value: m.machine_id, label: machineOptionLabel(m) })),
        ),
    staleTime: 5 * 60_000,
  })
}
