import type { MachineFilterRequest } from '@portal/contract'
import { machineFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export const filterMachines = (body: MachineFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/machines/filter', body, machineFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function machinesQueryOptions(entityCode: string | null, body: MachineFilterRequest) {
  return queryOptions({
    queryKey: ['machines', 'filter', entityCode, body],
    queryFn: ({ signal }) => filterMachines(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function useMachines(body: MachineFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(machinesQueryOptions(entityCode, body))
}
