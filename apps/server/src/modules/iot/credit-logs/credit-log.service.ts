import type { CreditLogFilter, CreditLogFilterData, MachineCreditLog } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import type { MachineScope } from '../machines/machine.repository'
import type { CreditLogRow } from './credit-log.repository'
import { countCreditLogs, findCreditLogPage } from './credit-log.repository'

export function toCreditLog(row: CreditLogRow): MachineCreditLog {
  return {
    machine_credit_log_id: row.id,
    machine_id: row.machine_id,
    username: row.username,
    serial_number: row.serial_number,
    alias: row.alias,
    location: row.location,
    postal_code: row.postal_code,
    amount: row.amount,
    currency_code: row.currency_code,
    mode: row.mode,
    payment_method: row.payment_method,
    client_time: row.client_time,
    payment_type: row.payment_type,
    created_at: row.created_at,
  }
}

/** The cache scope of credit log counts: invalidate it after writing an entity's logs. */
export const creditLogCountScope = (entityCode: string) => `credit-logs:${entityCode}`

export async function filterCreditLogs(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: CreditLogFilter,
  scope: MachineScope,
): Promise<CreditLogFilterData> {
  // Order and paging do not change the count: leave them out of the cache key.
  const { limit: _limit, offset: _offset, sort_by: _sort, order_by: _order, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findCreditLogPage(db, entityCode, filter, scope),
    counts.get(creditLogCountScope(entityCode), { ...countFilter, scope }, () =>
      countCreditLogs(db, entityCode, countFilter, scope),
    ),
  ])
  return { machine_credit_logs: rows.map(toCreditLog), count }
}
