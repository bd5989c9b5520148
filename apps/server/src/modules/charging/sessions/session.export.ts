import type { EvSessionExportFilters } from '@portal/contract'
import { buildStageTimeline, evSessionExportFilters } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import { entityNames } from '../../iam/entities/entity.repository'
import type { SessionKey, SessionRecord } from './session.repository'
import { exportFilter, loadSessions, pageSessionKeys } from './session.repository'
import { toUnits } from './session.service'

const BATCH = 2000
const UNKNOWN_ENTITY = 'Unknown Entity'

/** A session with its entities' names, as the export writes it. */
export interface SessionExportRow extends SessionRecord {
  cpo_name: string
  emsp_name: string
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const money = (minor: number, r: SessionExportRow) => toUnits(minor, r.currency)

/** Charging Duration: the CHARGING stage (session start until parking began), in minutes. */
function chargingMinutes(r: SessionExportRow, now: number): number {
  const span = buildStageTimeline(r, now).find((s) => s.stage === 'CHARGING')
  return Math.round((span?.duration_ms ?? 0) / 60_000)
}

/**
 * The list's columns on by default (B §3), with their labels, in the list's order. Money in currency units, times
 * ISO 8601 UTC, the charging duration in minutes.
 */
export function sessionExportColumns(): ExportColumn<SessionExportRow>[] {
  return [
    { header: 'Charging Session ID', value: (r) => r.uid },
    { header: 'CPO Entity Name', value: (r) => r.cpo_name },
    { header: 'EMSP Entity Name', value: (r) => r.emsp_name },
    { header: 'EVSE ID', value: (r) => r.evse_id },
    { header: 'Location Name', value: (r) => r.location_name },
    { header: 'Charger Type', value: (r) => r.connector_power_type },
    { header: 'Max Power (kW)', value: (r) => Math.round(r.connector_max_electric_power / 100) / 10 },
    { header: 'Location Address', value: (r) => r.location_address },
    {
      header: 'Connector Physical Reference',
      value: (r) => `${r.evse_physical_reference}-${r.connector_id}`,
    },
    { header: 'Charging Status', value: (r) => r.status },
    { header: 'Stop Reason', value: (r) => r.stop_reason },
    { header: 'Protocol', value: (r) => r.protocol },
    { header: 'Payment Method', value: (r) => r.payment_method_code },
    { header: 'Tariff ($/kWh)', value: (r) => Number((r.price_per_kwh_incl_vat / 10_000).toFixed(4)) },
    { header: 'Total Energy (kWh)', value: (r) => r.energy_wh / 1000 },
    { header: 'Total Energy Cost', value: (r) => money(r.cost_energy_incl_vat, r) },
    { header: 'Total Idle Cost', value: (r) => money(r.cost_time_incl_vat, r) },
    { header: 'Total Hogging Cost', value: (r) => money(r.cost_parking_incl_vat, r) },
    { header: 'Total Flat Cost', value: (r) => money(r.cost_flat_incl_vat, r) },
    { header: 'Total Cost (incl. tax)', value: (r) => money(r.total_incl_vat, r) },
    { header: 'Total Cost (excl. tax)', value: (r) => money(r.total_excl_vat, r) },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Start Time', value: (r) => iso(r.start_date_time) },
    { header: 'End Time', value: (r) => iso(r.end_date_time) },
    { header: 'Charging Duration (min)', value: (r) => chargingMinutes(r, Date.now()) },
    { header: 'Vehicle License Plate', value: (r) => r.license_plate },
    { header: 'Invoice Reference ID', value: (r) => r.invoice_reference_id },
  ]
}

/**
 * The sessions an export writes, with their entities' names: the list's own order and scope (the caller's sessions
 * on either side), in keyset batches, so memory stays flat however many sessions match. Shared by the charging
 * sessions' and the busways history's exports.
 */
export async function* sessionExportRows(
  db: Db,
  scope: ExportScope,
  filters: EvSessionExportFilters,
): AsyncIterable<SessionExportRow> {
  if (filters.entity_code !== undefined && filters.entity_code !== scope.entityCode)
    throw new Error(`entity_code ${filters.entity_code} is not the entity the export was requested in`)
  const names = await entityNames(db)
  const filter = exportFilter(filters)
  let after: SessionKey | null = null
  for (;;) {
    const keys = await pageSessionKeys(db, scope.entityCode, filter, { limit: BATCH, after })
    if (keys.length === 0) return
    for (const r of await loadSessions(db, keys)) {
      yield {
        ...r,
        cpo_name: names.get(r.entity_code) ?? UNKNOWN_ENTITY,
        emsp_name: names.get(r.emsp_entity_code) ?? UNKNOWN_ENTITY,
      }
    }
    after = keys[keys.length - 1] ?? null
    if (keys.length < BATCH) return
  }
}

/** The CPO/EMSP session list as an export job: the list's filters, the caller's sessions on either side. */
export const evSessionExportSource: ExportSource<EvSessionExportFilters, SessionExportRow> = {
  key: 'ev-sessions',
  title: 'Charging sessions',
  permission: { app: 'ev', resource: 'sessions/*', action: 'read' },
  filters: evSessionExportFilters,
  columns: sessionExportColumns(),
  rows: sessionExportRows,
}
