import type { CreditLogFilter, CreditLogSortField } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { MachineScope } from '../machines/machine.repository'

export type CreditLogFilters = Omit<CreditLogFilter, 'limit' | 'offset' | 'sort_by' | 'order_by'>

/** The column each sortable field orders by: the log's own, or its machine's. */
const SORT_COLUMNS = {
  machine_credit_log_id: 'machine_credit_log.id',
  machine_id: 'machine_credit_log.machine_id',
  username: 'machine.username',
  serial_number: 'machine.serial_number',
  alias: 'machine.alias',
  location: 'machine.location',
  postal_code: 'machine.postal_code',
  amount: 'machine_credit_log.amount',
  mode: 'machine_credit_log.mode',
  payment_method: 'machine_credit_log.payment_method',
  client_time: 'machine_credit_log.client_time',
  payment_type: 'machine_credit_log.payment_type',
} as const satisfies Record<CreditLogSortField, string>

/** The filtered logs of one entity joined to their machine, without paging or order. */
export function filteredCreditLogs(db: Db, entityCode: string, f: CreditLogFilters, scope: MachineScope) {
  let q = db
    .selectFrom('machine_credit_log')
    .innerJoin('machine', 'machine.id', 'machine_credit_log.machine_id')
    .where('machine_credit_log.entity_code', '=', entityCode)
  if (scope !== null) {
    q = q.where('machine_credit_log.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  }
  if (f.amount_lower !== undefined) q = q.where('machine_credit_log.amount', '>=', f.amount_lower)
  if (f.amount_upper !== undefined) q = q.where('machine_credit_log.amount', '<=', f.amount_upper)
  if (f.client_time_lower !== undefined)
    q = q.where('machine_credit_log.client_time', '>=', f.client_time_lower)
  if (f.client_time_upper !== undefined)
    q = q.where('machine_credit_log.client_time', '<=', f.client_time_upper)
  if (f.machine_credit_log_ids?.length) q = q.where('machine_credit_log.id', 'in', f.machine_credit_log_ids)
  if (f.machine_ids?.length) q = q.where('machine_credit_log.machine_id', 'in', f.machine_ids)
  if (f.modes?.length) q = q.where('machine_credit_log.mode', 'in', f.modes)
  if (f.payment_methods?.length) q = q.where('machine_credit_log.payment_method', 'in', f.payment_methods)
  if (f.payment_types?.length) q = q.where('machine_credit_log.payment_type', 'in', f.payment_types)
  return q
}

const ROW_COLUMNS = [
  'machine_credit_log.id',
  'machine_credit_log.machine_id',
  'machine.username',
  'machine.serial_number',
  'machine.alias',
  'machine.location',
  'machine.postal_code',
  'machine_credit_log.amount',
  'machine_credit_log.currency_code',
  'machine_credit_log.mode',
  'machine_credit_log.payment_method',
  'machine_credit_log.client_time',
  'machine_credit_log.payment_type',
  'machine_credit_log.created_at',
] as const

/** One page in the requested order; the log id breaks ties so paging is stable. */
export function findCreditLogPage(db: Db, entityCode: string, f: CreditLogFilter, scope: MachineScope) {
  const column = SORT_COLUMNS[f.sort_by]
  return filteredCreditLogs(db, entityCode, f, scope)
    .select(ROW_COLUMNS)
    .orderBy(column, f.order_by)
    .orderBy('machine_credit_log.id', f.order_by)
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export type CreditLogRow = Awaited<ReturnType<typeof findCreditLogPage>>[number]

export async function countCreditLogs(
  db: Db,
  entityCode: string,
  f: CreditLogFilters,
  scope: MachineScope,
): Promise<number> {
  const row = await filteredCreditLogs(db, entityCode, f, scope)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Rows after a keyset position in the default order (newest client time first): the export's batches. */
export function findCreditLogsAfter(
  db: Db,
  entityCode: string,
  f: CreditLogFilters,
  scope: MachineScope,
  after: { client_time: number; id: number } | null,
  batch: number,
) {
  let q = filteredCreditLogs(db, entityCode, f, scope)
  if (after !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('machine_credit_log.client_time', '<', after.client_time),
        eb.and([
          eb('machine_credit_log.client_time', '=', after.client_time),
          eb('machine_credit_log.id', '<', after.id),
        ]),
      ]),
    )
  }
  return q
    .select(ROW_COLUMNS)
    .orderBy('machine_credit_log.client_time', 'desc')
    .orderBy('machine_credit_log.id', 'desc')
    .limit(batch)
    .execute()
}
