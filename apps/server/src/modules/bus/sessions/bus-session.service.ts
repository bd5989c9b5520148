import type {
  BusSessionListFilter,
  DashboardSession,
  DashboardSessionDetail,
  TaxPair,
} from '@portal/contract'
import { buildStageTimeline, minorUnitDigits } from '@portal/contract'
import type { Db } from '../../../db/database'
import { notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import type { SessionRecord } from '../../charging/sessions/session.repository'
import {
  driverUuidsOfSessions,
  findVisibleSession,
  loadSessions,
  pageSessionKeys,
} from '../../charging/sessions/session.repository'
import { assertOwnEntity, listFilterOf, toUnits } from '../../charging/sessions/session.service'

/*
 * The bus network's dashboard sessions (docs/decisions/0025-bus-and-voltnet-sessions.md). The list is the charging
 * network's session list (same filters, same two-side index merge of session.repository.ts, so it stays fast at a
 * million sessions) in the dashboard row shape; the voltnet v1 calls answer the same shape.
 */

const HOUR_MS = 3_600_000

/** The stored per-kWh price (hundredths of a minor unit) as currency units with 4 decimals: 5450 → 0.545. */
function perKwhUnits(hundredths: number, currency: string): number {
  return Number((hundredths / 100 / 10 ** minorUnitDigits(currency)).toFixed(4))
}

/** How long the session charged: its CHARGING stage (B §4 timeline), until `now` while running. */
export function chargingMs(r: SessionRecord, now: number): number {
  return buildStageTimeline(r, now).find((s) => s.stage === 'CHARGING')?.duration_ms ?? 0
}

/** A session row of the dashboard calls (B §3 Dashboard variant), money in currency units. */
export function toDashboardSession(
  r: SessionRecord & { driver_uuid?: string | null },
  now: number,
): DashboardSession {
  const money = (minor: number) => toUnits(minor, r.currency)
  const pair = (excl: number, incl: number): TaxPair => ({ exclVat: money(excl), inclVat: money(incl) })
  return {
    _id: r.uid,
    externalId: r.external_id,
    authorizationReference: r.authorization_reference,
    userName: r.user_name,
    userID: r.driver_uuid ?? null,
    entityCode: r.entity_code,
    emspEntityCode: r.emsp_entity_code,
    evseId: r.evse_id,
    evseExternalId: r.evse_external_id,
    location: r.location_name,
    locationAddress: r.location_address,
    chargerType: r.connector_power_type,
    maxPowerKw: Math.round(r.connector_max_electric_power / 100) / 10,
    connectorId: r.connector_id,
    connectorPhysicalReference: `${r.evse_physical_reference}-${r.connector_id}`,
    state: r.status,
    stopReason: r.stop_reason,
    protocol: r.protocol,
    connectivity: r.connectivity,
    paymentMethodCode: r.payment_method_code,
    pricePerKwh:
      r.tariff_uid === null
        ? null
        : {
            exclVat: perKwhUnits(r.price_per_kwh_excl_vat, r.currency),
            inclVat: perKwhUnits(r.price_per_kwh_incl_vat, r.currency),
          },
    kWh: Math.round(r.energy_wh) / 1000,
    costsByType: {
      energy: pair(r.cost_energy_excl_vat, r.cost_energy_incl_vat),
      time: pair(r.cost_time_excl_vat, r.cost_time_incl_vat),
      parkingTime: pair(r.cost_parking_excl_vat, r.cost_parking_incl_vat),
      flat: pair(r.cost_flat_excl_vat, r.cost_flat_incl_vat),
    },
    totalCost: money(r.total_incl_vat),
    totalCostExclTax: money(r.total_excl_vat),
    currency: r.currency,
    startDateTime: r.start_date_time,
    endDateTime: r.end_date_time,
    lastUpdated: r.last_updated,
    volumes: { total_time_charged_hr: Number((chargingMs(r, now) / HOUR_MS).toFixed(3)) },
    licensePlate: r.license_plate,
    cdrToken: { entityCode: r.emsp_entity_code, licensePlate: r.license_plate },
    invoiceReferenceId: r.invoice_reference_id,
  }
}

/** The detail: the row plus the charging periods, the full address, what was paid and refunded, the duration. */
export function toDashboardDetail(
  r: SessionRecord & { driver_uuid?: string | null },
  now: number,
): DashboardSessionDetail {
  return {
    ...toDashboardSession(r, now),
    locationCity: r.location_city,
    locationPostalCode: r.location_postal_code,
    operatorName: r.operator_name,
    tariffName: r.tariff_name,
    durationMs: Math.max(0, (r.end_date_time ?? now) - r.start_date_time),
    paid: toUnits(r.paid_amount, r.currency),
    refunded: toUnits(r.refunded_amount, r.currency),
    chargingPeriods: r.charging_periods,
  }
}

/** Records with their driver's uuid (the v1 `userID`) attached: one query for the whole page, none per row. */
export async function withDrivers(
  db: Db,
  records: readonly SessionRecord[],
): Promise<(SessionRecord & { driver_uuid: string | null })[]> {
  if (records.length === 0) return []
  const uuids = await driverUuidsOfSessions(
    db,
    records.map((r) => r.id),
  )
  return records.map((r) => ({ ...r, driver_uuid: uuids.get(r.id) ?? null }))
}

/** GET /v3/dashboard/sessions: the caller's sessions (its network's, and its customers' elsewhere), a plain array. */
export async function listBusSessions(
  db: Db,
  caller: Caller,
  q: BusSessionListFilter,
  now = Date.now(),
): Promise<DashboardSession[]> {
  assertOwnEntity(caller, q.entity_code)
  const keys = await pageSessionKeys(db, caller.auth.entityCode, listFilterOf(q), {
    limit: q.limit,
    offset: q.offset,
  })
  const records = await withDrivers(db, await loadSessions(db, keys))
  return records.map((r) => toDashboardSession(r, now))
}

/** GET /v3/dashboard/sessions/{id}: one session the caller sees, else 404 (not found and not yours look alike). */
export async function getBusSession(
  db: Db,
  caller: Caller,
  id: string,
  now = Date.now(),
): Promise<DashboardSessionDetail> {
  const record = await findVisibleSession(db, caller.auth.entityCode, id)
  if (!record) throw notFound('Charging session')
  const [withDriver] = await withDrivers(db, [record])
  return toDashboardDetail(withDriver ?? record, now)
}
