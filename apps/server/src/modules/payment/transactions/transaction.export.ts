import type { TransactionExportFilter } from '@portal/contract'
import { labelOf, transactionExportFilters, transactionStatuses, transactionTypes } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import { filteredTransactions } from './transaction.repository'
import type { PaymentTransactionRow } from './transaction.table'

const BATCH = 2000

/** Minor units as a decimal amount ("1.50"). */
const money = (minor: number) => (minor / 100).toFixed(2)

/** B §3 payment transaction export columns, in order. Type and status as labels; created_at ISO 8601 UTC. */
export const transactionExportColumns: ExportColumn<PaymentTransactionRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'uuid', value: (r) => r.uuid },
  { header: 'order_uuid', value: (r) => r.order_uuid },
  { header: 'username', value: (r) => r.username },
  { header: 'currency_code', value: (r) => r.currency_code },
  { header: 'amount', value: (r) => money(r.amount) },
  { header: 'refundable_amount', value: (r) => money(r.refundable_amount) },
  { header: 'refunded_amount', value: (r) => money(r.refunded_amount) },
  { header: 'transaction_type', value: (r) => labelOf(transactionTypes, r.transaction_type) },
  { header: 'transaction_status', value: (r) => labelOf(transactionStatuses, r.transaction_status) },
  { header: 'payment_type_code', value: (r) => r.payment_type_code },
  { header: 'payment_method_code', value: (r) => r.payment_method_code },
  { header: 'payment_gateway_code', value: (r) => r.payment_gateway_code },
  { header: 'created_at', value: (r) => new Date(r.created_at).toISOString() },
  { header: 'payment_refer_no', value: (r) => r.payment_refer_no },
  { header: 'entity_refer_no', value: (r) => r.entity_refer_no },
]

/** Every matching transaction, newest first like the list, by keyset batches on (created_at, id). */
async function* transactionRows(
  db: Db,
  scope: ExportScope,
  filters: TransactionExportFilter,
): AsyncIterable<PaymentTransactionRow> {
  const setScope = scope.setIds === null ? null : [...scope.setIds]
  let after: { at: number; id: number } | null = null
  for (;;) {
    let q = filteredTransactions(db, scope.entityCode, filters, setScope)
    if (after !== null) {
      const { at, id } = after
      q = q.where((eb) =>
        eb.or([
          eb('payment_transaction.created_at', '<', at),
          eb.and([eb('payment_transaction.created_at', '=', at), eb('payment_transaction.id', '<', id)]),
        ]),
      )
    }
    const batch = await q
      .selectAll('payment_transaction')
      .orderBy('payment_transaction.created_at', 'desc')
      .orderBy('payment_transaction.id', 'desc')
      .limit(BATCH)
      .execute()
    if (batch.length === 0) return
    yield* batch
    const last = batch[batch.length - 1] as PaymentTransactionRow
    after = { at: last.created_at, id: last.id }
    if (batch.length < BATCH) return
  }
}

export const transactionExportSource: ExportSource<TransactionExportFilter, PaymentTransactionRow> = {
  key: 'transactions',
  title: 'Transactions',
  permission: { app: 'payment', resource: 'transactions/*', action: 'read' },
  filters: transactionExportFilters,
  columns: transactionExportColumns,
  rows: transactionRows,
}
