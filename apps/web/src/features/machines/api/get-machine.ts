import { machineDetailResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { machineKeys } from './machine-keys'

export const getMachine = (id: number, signal?: AbortSignal) =>
  mainApi
    .get(`/iot/machines/${String(id)}`, machineDetailResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function machineQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: machineKeys.detail(entityCode, id),
    queryFn: ({ signal }) => getMachine(id, signal),
  })
}

export function useMachine(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...machineQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}
