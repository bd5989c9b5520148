import type { TransactionFilterRequest } from '@portal/contract'
import { transactionFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export const filterTransactions = (body: TransactionFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/payment/transaction/filter', body, transactionFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useTransactions(body: TransactionFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions({
      queryKey: ['transactions', 'filter', entityCode, body],
      queryFn: ({ signal }) => filterTransactions(body, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  )
}
