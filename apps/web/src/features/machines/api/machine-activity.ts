import type { MtSummaryFilterData, OrderItemFilterData } from '@portal/contract'
import { mtSummaryFilterResponse, orderItemFilterResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** How many recent rows the machine page shows of each. */
export const RECENT_ROWS = 10

/** The machine's latest order items (POST /iot/orders/items-filter with machine_id_list). */
export function useRecentOrderItems(machineId: number) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<OrderItemFilterData>({
      queryKey: ['machines', 'recent-orders', entityCode, machineId],
      queryFn: ({ signal }) =>
        mainApi
          .post(
            '/iot/orders/items-filter',
            { limit: RECENT_ROWS, offset: 0, machine_id_list: [machineId] },
            orderItemFilterResponse,
            { signal },
          )
          .then((r) => r.data),
      retry: false,
    }),
  )
}

/** The machine's latest maintenance visits (POST /iot/mt-summaries/filter with machine_id_list). */
export function useRecentMaintenance(machineId: number) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<MtSummaryFilterData>({
      queryKey: ['machines', 'recent-maintenance', entityCode, machineId],
      queryFn: ({ signal }) =>
        mainApi
          .post(
            '/iot/mt-summaries/filter',
            { limit: RECENT_ROWS, offset: 0, machine_id_list: [machineId] },
            mtSummaryFilterResponse,
            { signal },
          )
          .then((r) => r.data),
      retry: false,
    }),
  )
}
