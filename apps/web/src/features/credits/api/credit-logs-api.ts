import type { CreditLogFilterRequest } from '@portal/contract'
import { creditLogFilterResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** POST /iot/orders/creditlogs/filter (B §7): a page of credit logs, in the order asked, and the total. */
export const filterCreditLogs = (body: CreditLogFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/orders/creditlogs/filter', body, creditLogFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)
