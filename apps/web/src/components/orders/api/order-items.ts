import type { OrderItemCountRequest, OrderItemFilterRequest } from '@portal/contract'
import { machineOrderDetailResponse, orderItemCountResponse, orderItemFilterResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { orderKeys } from './order-keys'

/** POST /iot/orders/items-filter (B §7): a page of order items; the total comes from the count call. */
export const filterOrderItems = (body: OrderItemFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/orders/items-filter', body, orderItemFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

/** POST /iot/orders/items/count (B §7): the total of the same filters, asked only when it is unknown. */
export const countOrderItems = (body: OrderItemCountRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/orders/items/count', body, orderItemCountResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useMachineOrder(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: orderKeys.detail(entityCode, uuid),
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iot/orders/${encodeURIComponent(uuid)}`, machineOrderDetailResponse, { signal })
        .then((r) => r.data),
    enabled: uuid !== '',
  })
}
