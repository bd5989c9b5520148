import type { PaymentTransaction } from '@portal/contract'
import { formatDateTime, formatMoney, labelOf, paymentTypes, transactionTypes } from '@portal/contract'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataColumn } from '@/components/data-table/types'
import { TransactionStatusBadge } from '@/components/orders/status-badges'

const mono = (v: string) => <span className="font-mono text-xs">{v}</span>

/** The Transactions columns of B §3, all on by default. */
export function transactionColumns(t: TFunction): DataColumn<PaymentTransaction>[] {
  return [
    { id: 'uuid', header: t('transactions.col.uuid'), cell: (x) => mono(x.uuid) },
    {
      id: 'order_uuid',
      header: t('transactions.col.order_uuid'),
      cell: (x) =>
        x.order_uuid === null ? (
          '—'
        ) : (
          <Link
            to={`/machine-orders/${x.order_uuid}`}
            className="font-mono text-xs text-brand-700 hover:underline"
          >
            {x.order_uuid}
          </Link>
        ),
    },
    { id: 'username', header: t('transactions.col.username'), cell: (x) => x.username },
    {
      id: 'amount',
      header: t('transactions.col.amount'),
      cell: (x) => (
        <span className="whitespace-nowrap tabular-nums">{formatMoney(x.amount, x.currency_code)}</span>
      ),
      align: 'right',
    },
    {
      id: 'transaction_type',
      header: t('transactions.col.transaction_type'),
      cell: (x) => labelOf(transactionTypes, x.transaction_type),
    },
    {
      id: 'transaction_status',
      header: t('transactions.col.transaction_status'),
      cell: (x) => <TransactionStatusBadge value={x.transaction_status} />,
    },
    {
      id: 'payment_method_display',
      header: t('transactions.col.payment_method'),
      cell: (x) => x.payment_method_display,
    },
    {
      id: 'payment_type_code',
      header: t('transactions.col.payment_type'),
      cell: (x) => labelOf(paymentTypes, x.payment_type_code),
    },
    {
      id: 'date',
      header: t('transactions.col.date'),
      cell: (x) => <span className="whitespace-nowrap">{formatDateTime(x.date)}</span>,
    },
    {
      id: 'entity_refer_no',
      header: t('transactions.col.entity_refer_no'),
      cell: (x) => mono(x.entity_refer_no),
    },
    {
      id: 'payment_refer_no',
      header: t('transactions.col.payment_refer_no'),
      cell: (x) => mono(x.payment_refer_no),
    },
  ]
}
