import type { PaymentTransaction } from '@portal/contract'
import { formatDateTime, formatMoney, paymentMethods, paymentTypes, transactionTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataColumn } from '@/components/data-table/types'
import { TransactionStatusBadge } from '@/components/orders/status-badges'

const mono = (v: string) => <span className="font-mono text-xs">{v}</span>

/** The Transactions columns of B §3, all on by default. */
export function transactionColumns(t: TFunction): DataColumn<PaymentTransaction>[] {
  return [
    { id: 'uuid', exportHeader: 'uuid', header: t('transactions.col.uuid'), cell: (x) => mono(x.uuid) },
    {
      id: 'order_uuid',
      exportHeader: 'order_uuid',
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
    {
      id: 'username',
      exportHeader: 'username',
      header: t('transactions.col.username'),
      cell: (x) => x.username,
      card: 'meta',
    },
    {
      id: 'amount',
      exportHeader: 'amount',
      header: t('transactions.col.amount'),
      cell: (x) => (
        <span className="whitespace-nowrap tabular-nums">{formatMoney(x.amount, x.currency_code)}</span>
      ),
      align: 'right',
      card: 'title',
    },
    {
      id: 'transaction_type',
      exportHeader: 'transaction_type',
      header: t('transactions.col.transaction_type'),
      cell: (x) => labelOf(transactionTypes, x.transaction_type),
      card: 'meta',
    },
    {
      id: 'transaction_status',
      exportHeader: 'transaction_status',
      header: t('transactions.col.transaction_status'),
      cell: (x) => <TransactionStatusBadge value={x.transaction_status} />,
      card: 'status',
    },
    {
      id: 'payment_method_display',
      exportHeader: 'payment_method_code',
      header: t('transactions.col.payment_method'),
      // The server's display text is the catalogue's English label of the code; the code says it in any language.
      cell: (x) => labelOf(paymentMethods, x.payment_method_code),
      card: 'meta',
    },
    {
      id: 'payment_type_code',
      exportHeader: 'payment_type_code',
      header: t('transactions.col.payment_type'),
      cell: (x) => labelOf(paymentTypes, x.payment_type_code),
    },
    {
      id: 'date',
      exportHeader: 'created_at',
      header: t('transactions.col.date'),
      cell: (x) => <span className="whitespace-nowrap">{formatDateTime(x.date)}</span>,
      card: 'subtitle',
    },
    {
      id: 'entity_refer_no',
      exportHeader: 'entity_refer_no',
      header: t('transactions.col.entity_refer_no'),
      cell: (x) => mono(x.entity_refer_no),
    },
    {
      id: 'payment_refer_no',
      exportHeader: 'payment_refer_no',
      header: t('transactions.col.payment_refer_no'),
      cell: (x) => mono(x.payment_refer_no),
    },
  ]
}
