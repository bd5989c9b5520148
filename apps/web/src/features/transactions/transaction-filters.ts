import type { TransactionFilterRequest } from '@portal/contract'
import { cleanFilters, PAGE_SIZES, paymentMethods, transactionStatuses } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { SecondsRange } from '@/components/orders/date-range'

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
      options: paymentMethods.entries.map((e) => ({ value: e.value, label: e.label })),
    },
    {
      kind: 'multi',
      key: 'status',
      label: t('transactions.filter.statuses'),
      options: transactionStatuses.entries
        .filter((e) => e.value !== 0)
        .map((e) => ({ value: e.value, label: e.label })),
    },
  ]
}

export function transactionFilterBody(list: ListState, range: SecondsRange): TransactionFilterRequest {
  const filters = cleanFilters({
    payment_method_list: list.multi('method').map(Number) as NonNullable<
      TransactionFilterRequest['payment_method_list']
    >,
    status_list: list.multi('status').map(Number) as NonNullable<TransactionFilterRequest['status_list']>,
    order_uuid: list.text('order_uuid').trim(),
    entity_refer_no: list.text('entity_refer_no').trim(),
    payment_refer_no: list.text('payment_refer_no').trim(),
    uuid: list.text('uuid').trim(),
    start: range.start,
    end: range.end,
  })
  return { limit: TRANSACTIONS_PAGE_SIZE, offset: (list.page - 1) * TRANSACTIONS_PAGE_SIZE, ...filters }
}
