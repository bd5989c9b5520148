import type { OcpiConnector, OcpiEvse, OcpiLocation } from '@portal/contract'
import { ocpiDateTimeOf } from '@portal/contract'
import { parseJson } from '../../lib/json'
import type { ConnectorRow, EvseRow, LocationRow } from './ocpi-locations.repository'

/*
 * Our EV model to OCPI 2.2.1 Locations (mod_locations.asciidoc). The model follows OCPI already (decision 0020):
 * statuses, connector standards, formats and power types are OCPI's values. What differs: OCPI's `country` is ISO
 * 3166-1 alpha-3, coordinates are decimal strings of 5 to 7 places, directions are DisplayText, and a location's
 * last_updated is the latest of its own and its EVSEs' and connectors'.
 */

/** The countries the networks and their likely partners are in, alpha-2 → alpha-3. */
const ALPHA3: Record<string, string> = {
  SG: 'SGP',
  MY: 'MYS',
  ID: 'IDN',
  TH: 'THA',
  PH: 'PHL',
  VN: 'VNM',
  BN: 'BRN',
  KH: 'KHM',
  HK: 'HKG',
  TW: 'TWN',
  CN: 'CHN',
  JP: 'JPN',
  KR: 'KOR',
  IN: 'IND',
  AU: 'AUS',
  NZ: 'NZL',
  US: 'USA',
  CA: 'CAN',
  GB: 'GBR',
  IE: 'IRL',
  NL: 'NLD',
  BE: 'BEL',
  LU: 'LUX',
  DE: 'DEU',
  FR: 'FRA',
  AT: 'AUT',
  CH: 'CHE',
  DK: 'DNK',
  NO: 'NOR',
  SE: 'SWE',
  FI: 'FIN',
  ES: 'ESP',
  PT: 'PRT',
  IT: 'ITA',
  PL: 'POL',
  CZ: 'CZE',
}
const ALPHA2 = Object.fromEntries(Object.entries(ALPHA3).map(([two, three]) => [three, two]))

/** A partner's alpha-3 country as we store it (alpha-2); one we do not know falls back to the party's country. */
export const alpha2Of = (alpha3: string, fallback: string) => ALPHA2[alpha3.toUpperCase()] ?? fallback

const text = (value: string, max: number) => value.slice(0, max)
const displayText = (value: string) =>
  value.trim() === '' ? undefined : [{ language: 'en', text: text(value.trim(), 512) }]
const coordinate = (value: number) => value.toFixed(6)

export function toOcpiConnector(row: ConnectorRow): OcpiConnector {
  return {
    id: row.connector_id,
    standard: row.standard as OcpiConnector['standard'],
    format: row.format as OcpiConnector['format'],
    power_type: row.power_type as OcpiConnector['power_type'],
    max_voltage: row.max_voltage,
    max_amperage: row.max_amperage,
    max_electric_power: row.max_electric_power,
    ...(row.tariff_uid === null ? {} : { tariff_ids: [row.tariff_uid] }),
    last_updated: ocpiDateTimeOf(row.updated_at),
  }
}

/** A partner's EVSE (or location) is known by the partner's id; ours by our uid. */
export function toOcpiEvse(row: EvseRow, connectors: readonly ConnectorRow[], partners = false): OcpiEvse {
  const latest = Math.max(row.updated_at, ...connectors.map((c) => c.updated_at))
  const restrictions = parseJson<string[]>(row.parking_restrictions, [])
  const capabilities = parseJson<string[]>(row.capabilities, [])
  return {
    uid: partners ? row.external_id : row.uid,
    evse_id: row.evse_id,
    status: row.status as OcpiEvse['status'],
    ...(capabilities.length === 0
      ? {}
      : { capabilities: capabilities as NonNullable<OcpiEvse['capabilities']> }),
    connectors: connectors.map(toOcpiConnector),
    ...(row.floor_level === '' ? {} : { floor_level: text(row.floor_level, 4) }),
    ...(row.physical_reference === '' ? {} : { physical_reference: text(row.physical_reference, 16) }),
    ...(displayText(row.directions) ? { directions: displayText(row.directions) } : {}),
    ...(restrictions.length === 0
      ? {}
      : { parking_restrictions: restrictions as NonNullable<OcpiEvse['parking_restrictions']> }),
    last_updated: ocpiDateTimeOf(latest),
  }
}

export function toOcpiLocation(
  party: { country_code: string; party_id: string },
  row: LocationRow,
  evses: readonly EvseRow[],
  connectors: readonly ConnectorRow[],
): OcpiLocation {
  const byEvse = new Map<number, ConnectorRow[]>()
  for (const c of connectors) byEvse.set(c.evse_ref, [...(byEvse.get(c.evse_ref) ?? []), c])
  // An EVSE without a connector is not an OCPI EVSE (connectors: +): it is left out until it has one.
  const partners = row.ocpi_partner_id !== null
  const mapped = evses
    .filter((e) => byEvse.has(e.id))
    .map((e) => toOcpiEvse(e, byEvse.get(e.id) ?? [], partners))
  const latest = Math.max(
    row.updated_at,
    ...evses.map((e) => e.updated_at),
    ...connectors.map((c) => c.updated_at),
  )
  return {
    country_code: party.country_code,
    party_id: party.party_id,
    id: partners ? row.external_id : row.uid,
    publish: row.publish === 1,
    name: text(row.name, 255),
    address: text(row.address, 255),
    city: text(row.city, 45),
    ...(row.postal_code === '' ? {} : { postal_code: text(row.postal_code, 10) }),
    ...(row.state === '' ? {} : { state: text(row.state, 45) }),
    country: ALPHA3[row.country] ?? row.country,
    coordinates: { latitude: coordinate(row.latitude), longitude: coordinate(row.longitude) },
    evses: mapped,
    ...(displayText(row.directions) ? { directions: displayText(row.directions) } : {}),
    time_zone: row.time_zone,
    last_updated: ocpiDateTimeOf(latest),
  }
}
