import type { CreditLogFilterRequest } from '@portal/contract'
import { creditLogFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export const filterCreditLogs = (body: CreditLogFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/orders/creditlogs/filter', body, creditLogFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function creditLogsQueryOptions(entityCode: string | null, body: CreditLogFilterRequest) {
  return queryOptions({
    queryKey: ['credit-logs', 'filter', entityCode, body],
    queryFn: ({ signal }) => filterCreditLogs(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function useCreditLogs(body: CreditLogFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(creditLogsQueryOptions(entityCode, body))
}
