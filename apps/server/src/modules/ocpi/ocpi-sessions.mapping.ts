import type {
  ChargingPeriod,
  OcpiCdr,
  OcpiCdrLocation,
  OcpiCdrToken,
  OcpiChargingPeriod,
  OcpiLocation,
  OcpiSession,
  OcpiTariff,
} from '@portal/contract'
import { minorUnitDigits, ocpiDateTimeOf } from '@portal/contract'
import type { Selectable } from 'kysely'
import { parseJson } from '../../lib/json'
import type { EvSessionTable } from '../charging/ev.table'
import type { PartyRef } from './ocpi-partner-locations.service'

/*
 * A roaming session on our charger as OCPI's Session and CDR (mod_sessions, mod_cdrs; decision 0113). Our session
 * model follows OCPI (decision 0020): what differs is units and shape. Money is kept in minor units (OCPI: the
 * currency's major unit), energy in Wh (kWh), times as epoch ms (DateTime with whole seconds), and a period's stage
 * says parking where OCPI has a PARKING_TIME dimension. The session's id is our uid; its location, EVSE and connector
 * are named as our Locations sender names them.
 */

export type SessionRow = Selectable<EvSessionTable>

const OCPI_SESSION_STATUS: Record<string, OcpiSession['status']> = {
  ACTIVE: 'ACTIVE',
  HOGGING: 'ACTIVE',
  STOPPED: 'ACTIVE',
  PENDING: 'PENDING',
  PENDING_PAYMENT: 'PENDING',
  RESERVATION: 'RESERVATION',
  COMPLETED: 'COMPLETED',
}
export const ocpiSessionStatusOf = (status: string): OcpiSession['status'] =>
  OCPI_SESSION_STATUS[status] ?? 'INVALID'

const major = (minor: number, currency: string) => {
  const digits = minorUnitDigits(currency)
  return Number((minor / 10 ** digits).toFixed(digits))
}
const pair = (excl: number, incl: number, currency: string) => ({
  excl_vat: major(excl, currency),
  incl_vat: major(incl, currency),
})
const round = (value: number, places = 4) => Number(value.toFixed(places))

/** Our periods as OCPI's: parking stages carry PARKING_TIME; a period with nothing measured is left out. */
export function toOcpiPeriods(periods: readonly ChargingPeriod[]): OcpiChargingPeriod[] {
  return periods.flatMap((p) => {
    const parking = p.session_stage !== 'CHARGING'
    const dimensions = p.dimensions.map((d) => ({
      type: parking && d.type === 'TIME' ? ('PARKING_TIME' as const) : d.type,
      volume: round(d.volume),
    }))
    return dimensions.length === 0 ? [] : [{ start_date_time: ocpiDateTimeOf(p.start_date_time), dimensions }]
  })
}

export interface SessionPlace {
  location_id: string
  evse_uid: string
  connector_id: string
}

/** Where a session of ours ran, as our Locations sender names it. */
export const placeOf = (row: {
  location_uid: string
  evse_uid: string
  connector_id: string
}): SessionPlace => ({
  location_id: row.location_uid,
  evse_uid: row.evse_uid,
  connector_id: row.connector_id,
})

export function toOcpiSession(
  party: PartyRef,
  row: SessionRow,
  token: OcpiCdrToken,
  place: SessionPlace,
): OcpiSession {
  const periods = toOcpiPeriods(parseJson<ChargingPeriod[]>(row.charging_periods, []))
  return {
    country_code: party.country_code,
    party_id: party.party_id,
    id: row.uid,
    start_date_time: ocpiDateTimeOf(row.start_date_time),
    ...(row.end_date_time === null ? {} : { end_date_time: ocpiDateTimeOf(row.end_date_time) }),
    kwh: round(row.energy_wh / 1000, 3),
    cdr_token: token,
    auth_method: (row.ocpi_auth_method ?? 'AUTH_REQUEST') as OcpiSession['auth_method'],
    ...(row.authorization_reference === '' ? {} : { authorization_reference: row.authorization_reference }),
    location_id: place.location_id,
    evse_uid: place.evse_uid,
    connector_id: place.connector_id,
    currency: row.currency,
    ...(periods.length === 0 ? {} : { charging_periods: periods }),
    total_cost: pair(row.total_excl_vat, row.total_incl_vat, row.currency),
    status: ocpiSessionStatusOf(row.status),
    last_updated: ocpiDateTimeOf(row.last_updated),
  }
}

/** The CDR's location: the location as it is now, with only the EVSE and connector the session used. */
export function toCdrLocation(location: OcpiLocation, place: SessionPlace): OcpiCdrLocation | undefined {
  const evse = location.evses?.find((e) => e.uid === place.evse_uid)
  const connector = evse?.connectors.find((c) => c.id === place.connector_id)
  if (!evse || !connector) return undefined
  return {
    id: location.id,
    ...(location.name === undefined ? {} : { name: location.name }),
    address: location.address,
    city: location.city,
    ...(location.postal_code === undefined ? {} : { postal_code: location.postal_code }),
    ...(location.state === undefined ? {} : { state: location.state }),
    country: location.country,
    coordinates: location.coordinates,
    evse_uid: evse.uid,
    evse_id: evse.evse_id ?? evse.uid,
    connector_id: connector.id,
    connector_standard: connector.standard,
    connector_format: connector.format,
    connector_power_type: connector.power_type,
  }
}

/**
 * The CDR of a completed session, priced by the same engine that priced the session (its totals are the session's).
 * A CDR needs a charging period: a session that metered nothing gets one, of no energy, at its start.
 */
export function toOcpiCdr(
  party: PartyRef,
  row: SessionRow,
  token: OcpiCdrToken,
  location: OcpiCdrLocation,
  tariff: OcpiTariff | undefined,
  now: number,
): OcpiCdr {
  const end = row.end_date_time ?? row.last_updated
  const periods = toOcpiPeriods(parseJson<ChargingPeriod[]>(row.charging_periods, []))
  const parkingHours = periods
    .flatMap((p) => p.dimensions)
    .filter((d) => d.type === 'PARKING_TIME')
    .reduce((sum, d) => sum + d.volume, 0)
  const c = row.currency
  return {
    country_code: party.country_code,
    party_id: party.party_id,
    id: row.uid,
    start_date_time: ocpiDateTimeOf(row.start_date_time),
    end_date_time: ocpiDateTimeOf(end),
    session_id: row.uid,
    cdr_token: token,
    auth_method: (row.ocpi_auth_method ?? 'AUTH_REQUEST') as OcpiCdr['auth_method'],
    ...(row.authorization_reference === '' ? {} : { authorization_reference: row.authorization_reference }),
    cdr_location: location,
    currency: c,
    ...(tariff === undefined ? {} : { tariffs: [tariff] }),
    charging_periods:
      periods.length > 0
        ? periods
        : [
            {
              start_date_time: ocpiDateTimeOf(row.start_date_time),
              dimensions: [{ type: 'ENERGY', volume: 0 }],
            },
          ],
    total_cost: pair(row.total_excl_vat, row.total_incl_vat, c),
    total_fixed_cost: pair(row.cost_flat_excl_vat, row.cost_flat_incl_vat, c),
    total_energy: round(row.energy_wh / 1000, 3),
    total_energy_cost: pair(row.cost_energy_excl_vat, row.cost_energy_incl_vat, c),
    total_time: round(Math.max(0, end - row.start_date_time) / 3_600_000),
    total_time_cost: pair(row.cost_time_excl_vat, row.cost_time_incl_vat, c),
    ...(parkingHours > 0 ? { total_parking_time: round(parkingHours) } : {}),
    total_parking_cost: pair(row.cost_parking_excl_vat, row.cost_parking_incl_vat, c),
    ...(row.invoice_reference_id === null
      ? {}
      : { invoice_reference_id: row.invoice_reference_id.slice(0, 39) }),
    last_updated: ocpiDateTimeOf(now),
  }
}
