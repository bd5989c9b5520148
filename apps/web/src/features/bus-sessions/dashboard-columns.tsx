import type { DashboardSession } from '@portal/contract'
import { chargeProtocols, formatDateTime, minorUnitDigits, powerTypes, stopReasons } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { formatShortDuration } from '@/components/charging-session/session-format'
import { SessionStatusBadge } from '@/components/charging-session/session-status-badge'
import type { DataColumn } from '@/components/data-table/types'
import { SESSION_EXPORT_HEADERS } from '@/components/charging-session/session-export-headers'

const DASH = '—'
const HOUR_MS = 3_600_000

/** An amount in currency units with the currency's digits (the Currency column names the currency). */
export function amount(value: number, currency: string): string {
  const digits = minorUnitDigits(currency)
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/** Charging Duration from the session's usage volumes (B §3: volumes.total_time_charged_hr), in hours. */
export function chargingDurationMs(s: Pick<DashboardSession, 'volumes'>): number {
  return Math.round(s.volumes.total_time_charged_hr * HOUR_MS)
}

/** This list's export headers: its id column, then the session columns every sessions list shares. */
const LIST_EXPORT_HEADERS: Readonly<Record<string, string>> = {
  id: 'Charging Session ID',
  user: 'User',
  ...SESSION_EXPORT_HEADERS,
}

/** Columns the list hides until asked for (B §3): the entity codes and the CDR token. */
export const HIDDEN_BY_DEFAULT = ['cpo_entity_code', 'emsp_entity_code', 'cdr_token'] as const
/** Reset of the column picker turns every column on except the (CPO) entity code and the CDR token (B §3). */
export const OFF_AFTER_RESET = ['cpo_entity_code', 'cdr_token'] as const

/**
 * The dashboard session list's columns (B §3 "Columns on by default", the Dashboard variant with User after the
 * session id; labels exactly as written there), then the codes the list hides by default. Entity names come from
 * the charging entity directory; unknown codes read "Unknown Entity".
 */
export function dashboardColumns(
  t: TFunction,
  nameOf: (code: string) => string,
): DataColumn<DashboardSession>[] {
  const money = (pick: (s: DashboardSession) => number) => (s: DashboardSession) =>
    amount(pick(s), s.currency)
  const col = (
    id: string,
    cell: (s: DashboardSession) => ReactNode,
    extra: Partial<DataColumn<DashboardSession>> = {},
  ): DataColumn<DashboardSession> => ({
    id,
    header: t(`busSessions.column.${id}`),
    cell,
    exportHeader: LIST_EXPORT_HEADERS[id],
    ...extra,
  })
  const right = { align: 'right' as const }
  return [
    col('id', (s) => <span className="font-mono text-xs">{s._id}</span>),
    col('user', (s) => s.userName || DASH, { card: 'meta' }),
    col('cpo_entity_name', (s) => nameOf(s.entityCode)),
    col('emsp_entity_name', (s) => nameOf(s.emspEntityCode)),
    col('evse_id', (s) => s.evseId, { card: 'meta' }),
    col('location_name', (s) => s.location, { card: 'title' }),
    col('charger_type', (s) => labelOf(powerTypes, s.chargerType)),
    col('max_power', (s) => s.maxPowerKw.toLocaleString('en-US', { maximumFractionDigits: 1 }), right),
    col('location_address', (s) => s.locationAddress),
    col('connector_physical_reference', (s) => s.connectorPhysicalReference),
    col('status', (s) => <SessionStatusBadge status={s.state} />, { card: 'status' }),
    col('stop_reason', (s) => (s.stopReason ? labelOf(stopReasons, s.stopReason) : DASH)),
    col('protocol', (s) => labelOf(chargeProtocols, s.protocol)),
    col('payment_method', (s) => s.paymentMethodCode),
    col('tariff', (s) => (s.pricePerKwh ? s.pricePerKwh.inclVat.toFixed(4) : DASH), right),
    col('kwh', (s) => s.kWh.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 }), {
      ...right,
      card: 'meta',
    }),
    col(
      'energy_cost',
      money((s) => s.costsByType.energy.inclVat),
      right,
    ),
    col(
      'idle_cost',
      money((s) => s.costsByType.time.inclVat),
      right,
    ),
    col(
      'hogging_cost',
      money((s) => s.costsByType.parkingTime.inclVat),
      right,
    ),
    col(
      'flat_cost',
      money((s) => s.costsByType.flat.inclVat),
      right,
    ),
    col(
      'total_incl',
      money((s) => s.totalCost),
      { ...right, card: 'meta' },
    ),
    col(
      'total_excl',
      money((s) => s.totalCostExclTax),
      right,
    ),
    col('currency', (s) => s.currency),
    col('start', (s) => formatDateTime(s.startDateTime), { card: 'subtitle' }),
    col('end', (s) =>
      s.endDateTime === null ? t('chargingSession.running') : formatDateTime(s.endDateTime),
    ),
    col('duration', (s) => formatShortDuration(chargingDurationMs(s)), right),
    col('license_plate', (s) => s.licensePlate ?? DASH),
    col('invoice', (s) => s.invoiceReferenceId ?? DASH),
    col('cpo_entity_code', (s) => s.entityCode, { defaultVisible: false }),
    col('emsp_entity_code', (s) => s.emspEntityCode, { defaultVisible: false }),
    col('cdr_token', (s) => [s.cdrToken.entityCode, s.cdrToken.licensePlate].filter(Boolean).join(' · '), {
      defaultVisible: false,
    }),
  ]
}

/** The column ids Reset shows (every column but those OFF_AFTER_RESET names). */
export function resetColumnIds(columns: readonly { id: string }[]): string[] {
  return columns.map((c) => c.id).filter((id) => !(OFF_AFTER_RESET as readonly string[]).includes(id))
}
