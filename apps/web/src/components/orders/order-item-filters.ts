import type { OrderItemCountRequest, OrderItemFilterRequest } from '@portal/contract'
import { cleanFilters, machineOrderItemStatuses, PAGE_SIZES, paymentMethods } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import type { SecondsRange } from './date-range'

export const ORDER_ITEMS_PAGE_SIZE = PAGE_SIZES.machineOrderItems

/** The filters of the order items list; statuses without Unknown (0), as B §9 lists them. */
export function orderItemFilterDefs(
  t: TFunction,
  machines: readonly FilterOption[],
  sets: readonly { code: string; name: string }[],
): FilterDef[] {
  return [
    { kind: 'search', key: 'uuid', label: t('orders.filter.uuid') },
    { kind: 'multi', key: 'machine', label: t('orders.filter.machines'), options: machines },
    {
      kind: 'multi',
      key: 'method',
      label: t('orders.filter.methods'),
      options: paymentMethods.entries.map((e) => ({ value: e.value, label: e.label })),
    },
    {
      kind: 'multi',
      key: 'status',
      label: t('orders.filter.statuses'),
      options: machineOrderItemStatuses.entries
        .filter((e) => e.value !== 0)
        .map((e) => ({ value: e.value, label: e.label })),
    },
    {
      kind: 'multi',
      key: 'sets',
      label: t('orders.filter.sets'),
      options: sets.map((s) => ({ value: s.code, label: s.name })),
    },
  ]
}

/** The count body: the filters without paging; unset filters left out (B §5). */
export function orderItemCountBody(list: ListState, range: SecondsRange): OrderItemCountRequest {
  return cleanFilters({
    machine_id_list: list.multi('machine').map(Number),
    payment_method_list: list.multi('method').map(Number) as NonNullable<
      OrderItemCountRequest['payment_method_list']
    >,
    status_list: list.multi('status').map(Number) as NonNullable<OrderItemCountRequest['status_list']>,
    uuid: list.text('uuid').trim(),
    set_list: list.multi('sets').map(String),
    start: range.start,
    end: range.end,
  })
}

export function orderItemFilterBody(list: ListState, range: SecondsRange): OrderItemFilterRequest {
  return {
    limit: ORDER_ITEMS_PAGE_SIZE,
    offset: (list.page - 1) * ORDER_ITEMS_PAGE_SIZE,
    ...orderItemCountBody(list, range),
  }
}
