import type { EmployeeFilterRequest } from '@portal/contract'
import { employeeFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** POST /promo/employees/filter: the filters travel nested in `filter` (B §7). */
export const filterEmployees = (body: EmployeeFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/promo/employees/filter', body, employeeFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function employeesQueryOptions(entityCode: string | null, body: EmployeeFilterRequest) {
  return queryOptions({
    queryKey: ['closed-loop', 'employees', entityCode, body],
    queryFn: ({ signal }) => filterEmployees(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function useEmployees(body: EmployeeFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(employeesQueryOptions(entityCode, body))
}
