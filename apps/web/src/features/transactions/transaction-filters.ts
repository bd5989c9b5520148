import type { TransactionFilterRequest } from '@portal/contract'
import {
  cleanFilters,
  isInCatalogue,
  PAGE_SIZES,
  paymentMethods,
  transactionStatuses,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import type { SecondsRange } from '@/components/orders/date-range'
import { catalogueOptions } from '@/lib/labels'

export const TRANSACTIONS_PAGE_SIZE = PAGE_SIZES.transactions

/** Every filter of POST /payment/transaction/filter (B §7); the date range is beside them. */
export function transactionFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'uuid', label: t('transactions.filter.uuid') },
    { kind: 'search', key: 'order_uuid', label: t('transactions.filter.order_uuid') },
    { kind: 'search', key: 'entity_refer_no', label: t('transactions.filter.entity_refer_no') },
    { kind: 'search', key: 'payment_refer_no', label: t('transactions.filter.payment_refer_no') },
    {
      kind: 'multi',
      key: 'method',
      label: t('transactions.filter.methods'),
      options: catalogueOptions(paymentMethods),
    },
    {
      kind: 'multi',
      key: 'status',
      label: t('transactions.filter.statuses'),
      options: catalogueOptions(transactionStatuses, (v) => v !== 0),
    },
  ]
}

/** The request body of POST /payment/transaction/filter; unset filters are left out (A §5). */
export function transactionFilterBody(
  list: ListState,
  range: SecondsRange,
  page: PageWindow = { limit: TRANSACTIONS_PAGE_SIZE, offset: (list.page - 1) * TRANSACTIONS_PAGE_SIZE },
): TransactionFilterRequest {
  const filters = cleanFilters({
    payment_method_list: list.multi('method').filter((v) => isInCatalogue(paymentMethods, v)),
    status_list: list.multi('status').filter((v) => isInCatalogue(transactionStatuses, v)),
    order_uuid: list.text('order_uuid').trim(),
    entity_refer_no: list.text('entity_refer_no').trim(),
    payment_refer_no: list.text('payment_refer_no').trim(),
    uuid: list.text('uuid').trim(),
    start: range.start,
    end: range.end,
  })
  return { limit: page.limit, offset: page.offset, ...filters }
}
