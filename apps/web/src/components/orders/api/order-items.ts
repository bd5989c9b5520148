import type { OrderItemCountRequest, OrderItemFilterRequest } from '@portal/contract'
import { machineOrderDetailResponse, orderItemCountResponse, orderItemFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export const filterOrderItems = (body: OrderItemFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/orders/items-filter', body, orderItemFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export const countOrderItems = (body: OrderItemCountRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/orders/items/count', body, orderItemCountResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useOrderItems(body: OrderItemFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions({
      queryKey: ['orders', 'items', entityCode, body],
      queryFn: ({ signal }) => filterOrderItems(body, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  )
}

/**
 * The total, asked only when it is unknown (B §7): keyed by the filters without paging, so turning a page reuses
 * it, and a new filter asks again.
 */
export function useOrderItemCount(body: OrderItemCountRequest, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['orders', 'items-count', entityCode, body],
    queryFn: ({ signal }) => countOrderItems(body, signal),
    staleTime: 30_000,
    retry: false,
    enabled,
  })
}

export function useMachineOrder(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['orders', 'detail', entityCode, uuid],
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iot/orders/${encodeURIComponent(uuid)}`, machineOrderDetailResponse, { signal })
        .then((r) => r.data),
    enabled: uuid !== '',
    retry: false,
  })
}
