import {
  creditLogFilterRequest,
  creditModes,
  labelOf,
  minorUnitDigits,
  paymentMethods,
} from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import type { CreditLogRow } from './credit-log.repository'
import { findCreditLogsAfter } from './credit-log.repository'

/** The credit log list's filter body without paging or order: exports always run newest client time first. */
const creditLogExportFilters = creditLogFilterRequest.omit({
  limit: true,
  offset: true,
  sort_by: true,
  order_by: true,
})
type CreditLogExportFilters = z.output<typeof creditLogExportFilters>

const BATCH = 2000

const iso = (ms: number) => new Date(ms).toISOString()

/** Minor units as a plain decimal in the currency's own digits ("1.50" for 150 SGD cents), as spreadsheets read. */
export function decimalAmount(minorUnits: number, currency: string): string {
  const digits = minorUnitDigits(currency)
  const abs = Math.abs(minorUnits)
  const scale = 10 ** digits
  const fraction = digits > 0 ? `.${String(abs % scale).padStart(digits, '0')}` : ''
  return `${minorUnits < 0 ? '-' : ''}${String(Math.floor(abs / scale))}${fraction}`
}

/** B §3's credit log export columns, in order. Catalogue values are written as labels, times as ISO 8601 UTC. */
const columns: ExportColumn<CreditLogRow>[] = [
  { header: 'credits_log_id', value: (r) => r.id },
  { header: 'machine_id', value: (r) => r.machine_id },
  { header: 'machine_username', value: (r) => r.username },
  { header: 'machine_serial_number', value: (r) => r.serial_number },
  { header: 'machine_alias', value: (r) => r.alias },
  { header: 'machine_location', value: (r) => r.location },
  { header: 'amount', value: (r) => decimalAmount(r.amount, r.currency_code) },
  { header: 'credit_mode', value: (r) => labelOf(creditModes, r.mode) },
  { header: 'payment_method', value: (r) => labelOf(paymentMethods, r.payment_method) },
  { header: 'created_at', value: (r) => iso(r.created_at) },
  { header: 'client_time', value: (r) => iso(r.client_time) },
]

async function* creditLogRows(
  db: Db,
  scope: ExportScope,
  filters: CreditLogExportFilters,
): AsyncIterable<CreditLogRow> {
  const setScope = scope.setIds === null ? null : [...scope.setIds]
  let after: { client_time: number; id: number } | null = null
  for (;;) {
    const batch = await findCreditLogsAfter(db, scope.entityCode, filters, setScope, after, BATCH)
    if (batch.length === 0) return
    yield* batch
    const last = batch[batch.length - 1] as CreditLogRow
    after = { client_time: last.client_time, id: last.id }
    if (batch.length < BATCH) return
  }
}

export const creditLogExportSource: ExportSource<CreditLogExportFilters, CreditLogRow> = {
  key: 'credit-logs',
  title: 'Machine credit logs',
  permission: { app: 'iot', resource: 'credits/*', action: 'read' },
  filters: creditLogExportFilters,
  columns,
  rows: creditLogRows,
}
