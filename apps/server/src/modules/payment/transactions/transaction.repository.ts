import type { TransactionExportFilter, TransactionFilter } from '@portal/contract'
import { COUNT_CAP } from '@portal/contract'
import { sql } from 'kysely'
import type { Db } from '../../../db/database'
import type { MachineScope } from '../../iot/machines/machine.repository'
import type { PaymentTransactionRow } from './transaction.table'

/** The filtered transactions of one entity, without paging: shared by the page, the count and the export. */
export function filteredTransactions(
  db: Db,
  entityCode: string,
  f: TransactionExportFilter,
  scope: MachineScope,
) {
  let q = db.selectFrom('payment_transaction').where('payment_transaction.entity_code', '=', entityCode)
  if (scope !== null) {
    // Set-scoped callers see the payments taken at machines of their sets.
    q = q.where('payment_transaction.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  }
  if (f.payment_method_list?.length)
    q = q.where('payment_transaction.payment_method_code', 'in', f.payment_method_list)
  if (f.status_list?.length) q = q.where('payment_transaction.transaction_status', 'in', f.status_list)
  const exact = [
    ['order_uuid', f.order_uuid],
    ['entity_refer_no', f.entity_refer_no],
    ['payment_refer_no', f.payment_refer_no],
    ['uuid', f.uuid],
  ] as const
  for (const [column, value] of exact) {
    if (value !== undefined && value !== '') q = q.where(`payment_transaction.${column}`, '=', value)
  }
  if (f.start !== undefined) q = q.where('payment_transaction.created_at', '>=', f.start * 1000)
  if (f.end !== undefined) q = q.where('payment_transaction.created_at', '<=', f.end * 1000 + 999)
  return q
}

/** One page, newest first, by a deferred join (ids from the index, then the page's rows). */
export function findTransactionPage(
  db: Db,
  entityCode: string,
  f: TransactionFilter,
  scope: MachineScope,
): Promise<PaymentTransactionRow[]> {
  const pageIds = filteredTransactions(db, entityCode, f, scope)
    .select('payment_transaction.id')
    .orderBy('payment_transaction.created_at', 'desc')
    .orderBy('payment_transaction.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
  return db
    .selectFrom('payment_transaction')
    .where('payment_transaction.id', 'in', pageIds)
    .selectAll('payment_transaction')
    .orderBy('payment_transaction.created_at', 'desc')
    .orderBy('payment_transaction.id', 'desc')
    .execute()
}

/** How many transactions match, counting at most COUNT_CAP + 1 rows. */
export async function countTransactions(
  db: Db,
  entityCode: string,
  f: TransactionExportFilter,
  scope: MachineScope,
): Promise<number> {
  const limited = filteredTransactions(db, entityCode, f, scope)
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_CAP + 1)
    .as('limited')
  const row = await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
