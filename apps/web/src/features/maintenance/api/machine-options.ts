import { machineFilterResponse, setFilterResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** How many machines the machine filter offers: the API's page limit. */
const MACHINE_OPTIONS_LIMIT = 1000

/** The entity's machines as filter options (alias and id). */
export function useMachineOptions() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['machines', 'options', entityCode],
    queryFn: ({ signal }) =>
      mainApi
        .post(
          '/iot/machines/filter',
          { limit: MACHINE_OPTIONS_LIMIT, offset: 0, active_filter: 0 },
          machineFilterResponse,
          { signal },
        )
        .then((r) =>
          r.data.machines.map((m) => ({
            value: m.machine_id,
            label: `${m.alias} (#${String(m.machine_id)})`,
          })),
        ),
    staleTime: 5 * 60_000,
  })
}

/** The sets of the entity, for the set filter (codes are sent, names shown). */
export function useSetOptions() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['sets', 'options', entityCode],
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/sets/filter', { limit: 500, offset: 0 }, setFilterResponse, { signal })
        .then((r) => r.data.sets.map((s) => ({ value: s.code, label: s.name }))),
    staleTime: 5 * 60_000,
  })
}
