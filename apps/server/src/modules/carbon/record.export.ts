import type { CarbonRecordFilters } from '@portal/contract'
import { carbonRecordFilters, kgOf, kwhOf } from '@portal/contract'
import type { Db } from '../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../exports/export-source'
import { decimalAmount } from '../iot/credit-logs/credit-log.export'
import { carbonScopeOf } from './carbon-scope'
import type { RecordRow } from './record.repository'
import { findRecordsAfter } from './record.repository'

const BATCH = 2000
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The columns of B §3's carbon-credit record, in order, then the ones the screen shows beside them. Money in
 * currency units, energy kWh, emissions kg CO2e, times ISO 8601 UTC.
 */
const columns: ExportColumn<RecordRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'cpo_entity_code', value: (r) => r.cpo_entity_code },
  { header: 'fo_entity_code', value: (r) => r.fo_entity_code },
  { header: 'kWh', value: (r) => kwhOf(r.energy_wh) },
  { header: 'date_time', value: (r) => iso(r.date_time) },
  { header: 'emissions_reduced', value: (r) => kgOf(r.emissions_reduced_g) },
  { header: 'total_earnings', value: (r) => decimalAmount(r.total_earnings, r.currency) },
  { header: 'cpo_earnings', value: (r) => decimalAmount(r.cpo_earnings, r.currency) },
  { header: 'fo_earnings', value: (r) => decimalAmount(r.fo_earnings, r.currency) },
  { header: 'scenario', value: (r) => r.scenario },
  { header: 'cdr', value: (r) => r.cdr },
  { header: 'vc_url', value: (r) => r.vc_url },
  { header: 'currency', value: (r) => r.currency },
  { header: 'license_plate', value: (r) => r.license_plate },
  { header: 'location_name', value: (r) => r.location_name },
  { header: 'emission_factor', value: (r) => kgOf(r.emission_factor_g) },
]

async function* recordRows(
  db: Db,
  scope: ExportScope,
  filters: CarbonRecordFilters,
): AsyncIterable<RecordRow> {
  const carbon = await carbonScopeOf(db, scope.entityCode)
  let after: { date_time: number; id: number } | null = null
  for (;;) {
    const batch = await findRecordsAfter(db, carbon, filters, after, BATCH)
    if (batch.length === 0) return
    yield* batch
    const last = batch[batch.length - 1] as RecordRow
    after = { date_time: last.date_time, id: last.id }
    if (batch.length < BATCH) return
  }
}

/** The carbon data list as an export job: the list's filters, its order (newest first). */
export const carbonRecordExportSource: ExportSource<CarbonRecordFilters, RecordRow> = {
  key: 'carbon-records',
  title: 'Carbon-credit records',
  permission: { app: 'carbon', resource: 'records/*', action: 'read' },
  filters: carbonRecordFilters,
  columns,
  rows: recordRows,
}
