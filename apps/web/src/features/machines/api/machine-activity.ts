import type { MtSummaryFilterData, OrderItemFilterData } from '@portal/contract'
import { mtSummaryFilterResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { filterOrderItems } from '@/components/orders/api/order-items'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { machineKeys } from './machine-keys'

/** How many recent rows the machine page shows of each. */
export const RECENT_ROWS = 10

/** The machine's latest order items (POST /iot/orders/items-filter with machine_id_list). */
export function useRecentOrderItems(machineId: number) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<OrderItemFilterData>({
      queryKey: machineKeys.recentOrders(entityCode, machineId),
      queryFn: ({ signal }) =>
        filterOrderItems({ limit: RECENT_ROWS, offset: 0, machine_id_list: [machineId] }, signal),
      retry: false,
    }),
  )
}

/** The machine's latest maintenance visits (POST /iot/mt-summaries/filter with machine_id_list). */
export function useRecentMaintenance(machineId: number) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<MtSummaryFilterData>({
      queryKey: machineKeys.recentMaintenance(entityCode, machineId),
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
