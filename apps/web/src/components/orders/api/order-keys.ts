import type { OrderItemCountRequest, OrderItemFilterRequest } from '@portal/contract'

/**
 * Every query key of the order screens (machine sales, POS machine sales and their order pages), defined once;
 * machine and POS sales share them, as they share the calls.
 */
export const orderKeys = {
  all: ['orders'] as const,
  items: (entityCode: string | null, body: OrderItemFilterRequest) =>
    [...orderKeys.all, 'items', entityCode, body] as const,
  count: (entityCode: string | null, body: OrderItemCountRequest) =>
    [...orderKeys.all, 'items-count', entityCode, body] as const,
  detail: (entityCode: string | null, uuid: string) =>
    [...orderKeys.all, 'detail', entityCode, uuid] as const,
}
