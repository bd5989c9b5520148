import type { PersonFilterRequest } from '@portal/contract'
import { personFilterResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** POST /promo/closed-loops/filter (B §7): a page of persons, the count and the export flag. */
export const filterPersons = (body: PersonFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/promo/closed-loops/filter', body, personFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)
