import type { EmployeeFilterRequest } from '@portal/contract'
import { employeeFilterResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** POST /promo/employees/filter: the filters travel nested in `filter` (B §7). */
export const filterEmployees = (body: EmployeeFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/promo/employees/filter', body, employeeFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)
