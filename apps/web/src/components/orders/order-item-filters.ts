import type { OrderItemCountRequest, OrderItemFilterRequest } from '@portal/contract'
import {
  cleanFilters,
  isInCatalogue,
  machineOrderItemStatuses,
  PAGE_SIZES,
  paymentMethods,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { catalogueOptions } from '@/lib/labels'
import type { SecondsRange } from './date-range'

export const ORDER_ITEMS_PAGE_SIZE = PAGE_SIZES.machineOrderItems

/** The filters of the order items list; statuses without Unknown (0), as B §9 lists them. */
export function orderItemFilterDefs(
  t: TFunction,
  machines: readonly FilterOption[],
  sets: readonly FilterOption[],
): FilterDef[] {
  return [
    { kind: 'search', key: 'uuid', label: t('orders.filter.uuid') },
    { kind: 'multi', key: 'machine', label: t('orders.filter.machines'), options: machines },
    {
      kind: 'multi',
      key: 'method',
      label: t('orders.filter.methods'),
      options: catalogueOptions(paymentMethods),
    },
    {
      kind: 'multi',
      key: 'status',
      label: t('orders.filter.statuses'),
      options: catalogueOptions(machineOrderItemStatuses, (v) => v !== 0),
    },
    {
      kind: 'multi',
      key: 'sets',
      label: t('orders.filter.sets'),
      options: sets,
    },
  ]
}

/** The count body: the filters without paging; unset filters left out (B §5). */
export function orderItemCountBody(list: ListState, range: SecondsRange): OrderItemCountRequest {
  return cleanFilters({
    machine_id_list: list.multi('machine').map(Number),
    payment_method_list: list.multi('method').filter((v) => isInCatalogue(paymentMethods, v)),
    status_list: list.multi('status').filter((v) => isInCatalogue(machineOrderItemStatuses, v)),
    uuid: list.text('uuid').trim(),
    set_list: list.multi('sets').map(String),
    start: range.start,
    end: range.end,
  })
}

/** The list body: the page window, then the same filters as the count (B §7). */
export function orderItemFilterBody(
  list: ListState,
  range: SecondsRange,
  page: PageWindow = {
    limit: ORDER_ITEMS_PAGE_SIZE,
    offset: (list.page - 1) * ORDER_ITEMS_PAGE_SIZE,
  },
): OrderItemFilterRequest {
  return { limit: page.limit, offset: page.offset, ...orderItemCountBody(list, range) }
}

/** The count call's body from the list's: the same filters without the page (the export takes it too). */
export function countBodyOf({ limit: _limit, offset: _offset, ...filters }: OrderItemFilterRequest) {
  return filters
}
