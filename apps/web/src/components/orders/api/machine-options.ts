import { machineFilterResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** The entity's machines for the machine filter (the first 1,000 by id: the filter call's largest page). */
export function useMachineOptions() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['machines', 'options', entityCode],
    queryFn: ({ signal }) =>
      mainApi
        .post('/iot/machines/filter', { limit: 1000, offset: 0, active_filter: 0 }, machineFilterResponse, {
          signal,
        })
        .then((r) =>
          r.data.machines.map((m) => ({ value: m.machine_id, label: `${m.alias} (${m.serial_number})` })),
        ),
    staleTime: 5 * 60_000,
    retry: false,
  })
}
