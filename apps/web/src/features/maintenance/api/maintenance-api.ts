import type { MtSummaryFilterRequest } from '@portal/contract'
import { maintainersResponse, mtSummaryDetailResponse, mtSummaryFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export const filterSummaries = (body: MtSummaryFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/mt-summaries/filter', body, mtSummaryFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function summariesQueryOptions(entityCode: string | null, body: MtSummaryFilterRequest) {
  return queryOptions({
    queryKey: ['mt-summaries', 'filter', entityCode, body],
    queryFn: ({ signal }) => filterSummaries(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function useSummaries(body: MtSummaryFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(summariesQueryOptions(entityCode, body))
}

export function useSummary(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['mt-summaries', 'detail', entityCode, id],
    queryFn: ({ signal }) =>
      mainApi.get(`/iot/mt-summaries/${String(id)}`, mtSummaryDetailResponse, { signal }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  })
}

/** The people who maintained the entity's machines: the options of the user filter. */
export function useMaintainers() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['mt-summaries', 'maintainers', entityCode],
    queryFn: ({ signal }) =>
      mainApi
        .get('/iot/mt-summaries/maintainers', maintainersResponse, { signal })
        .then((r) => r.data.maintainers),
    staleTime: 5 * 60_000,
  })
}
