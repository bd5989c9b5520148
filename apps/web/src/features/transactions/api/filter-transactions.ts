import type { TransactionFilterRequest } from '@portal/contract'
import { transactionFilterResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** POST /payment/transaction/filter (B §7): a page of the entity's transactions and the total. */
export const filterTransactions = (body: TransactionFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/payment/transaction/filter', body, transactionFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)
