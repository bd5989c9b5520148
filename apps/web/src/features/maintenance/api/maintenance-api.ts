import type { MtSummaryFilterRequest } from '@portal/contract'
import { maintainersResponse, mtSummaryDetailResponse, mtSummaryFilterResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { maintenanceKeys } from './maintenance-keys'

/** POST /iot/mt-summaries/filter (B §7): a page of maintenance sessions and the total. */
export const filterSummaries = (body: MtSummaryFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/mt-summaries/filter', body, mtSummaryFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useSummary(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: maintenanceKeys.detail(entityCode, id),
    queryFn: ({ signal }) =>
      mainApi.get(`/iot/mt-summaries/${String(id)}`, mtSummaryDetailResponse, { signal }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  })
}

/** The people who maintained the entity's machines: the options of the user filter. */
export function useMaintainers() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: maintenanceKeys.maintainers(entityCode),
    queryFn: ({ signal }) =>
      mainApi
        .get('/iot/mt-summaries/maintainers', maintainersResponse, { signal })
        .then((r) => r.data.maintainers),
    staleTime: 5 * 60_000,
  })
}
