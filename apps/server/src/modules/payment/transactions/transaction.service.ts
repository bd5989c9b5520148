import type { PaymentTransaction, TransactionFilter, TransactionFilterData } from '@portal/contract'
import { COUNT_CAP, labelOf, paymentMethods } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import type { MachineScope } from '../../iot/machines/machine.repository'
import { countTransactions, findTransactionPage } from './transaction.repository'
import type { PaymentTransactionRow } from './transaction.table'

/** The cache scope of transaction counts: invalidate it after writing an entity's transactions. */
export const transactionCountScope = (entityCode: string) => `transactions:${entityCode}`

export function toTransaction(row: PaymentTransactionRow): PaymentTransaction {
  return {
    uuid: row.uuid,
    order_uuid: row.order_uuid,
    username: row.username,
    amount: row.amount,
    currency_code: row.currency_code,
    transaction_type: row.transaction_type,
    transaction_status: row.transaction_status,
    payment_method_code: row.payment_method_code,
    // The catalogue's label ('Unknown (value)' for a value it does not know).
    payment_method_display: labelOf(paymentMethods, row.payment_method_code),
    payment_type_code: row.payment_type_code,
    date: row.created_at,
    entity_refer_no: row.entity_refer_no,
    payment_refer_no: row.payment_refer_no,
  }
}

export async function filterTransactions(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: TransactionFilter,
  scope: MachineScope,
): Promise<TransactionFilterData> {
  const { limit: _limit, offset: _offset, ...countFilter } = filter
  const [rows, n] = await Promise.all([
    findTransactionPage(db, entityCode, filter, scope),
    counts.get(transactionCountScope(entityCode), { ...countFilter, scope }, () =>
      countTransactions(db, entityCode, countFilter, scope),
    ),
  ])
  return { transactions: rows.map(toTransaction), count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP }
}
