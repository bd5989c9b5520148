import type {
  ChargeConnector,
  ChargeEvse,
  ChargeEvseDetailData,
  ChargeLocation,
  ChargeLocationCountFilter,
  ChargeLocationExportFilters,
  ChargeLocationHeader,
  ChargeLocationListFilter,
  ChargeLocationMapData,
  ChargeLocationSummary,
} from '@portal/contract'
import {
  CHARGE_LOCATION_MAP_LIMIT,
  EVSE_STATUS_ORDER,
  POWER_TYPE_FILTER_ALL,
  powerTypes,
  wattsToKw,
} from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { forbidden, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import type { ConnectorRow, EvseRow, LocationFilter, LocationRow } from './location.repository'
import {
  connectorsOf,
  connectorsOfEvse,
  countLocations,
  evsesOf,
  evseStatusCounts,
  findEvse,
  findLocation,
  locationPins,
  pageLocations,
} from './location.repository'

/*
 * Charge locations (B §3, §7; docs/decisions/0021-charge-locations.md): rows → the OCPI shapes of the contract.
 * The path's entity code names the network: another entity's network is a 404 (it is not there for the caller),
 * like any object of another entity. The query's entity_code is a filter that must be the caller's own: anything
 * else is a 403, as on the session list (decision 0023).
 */

/** `{entity_code}` of the path must be the caller's entity; another entity's network does not exist for it. */
export function assertNetwork(caller: Caller, pathEntityCode: string): string {
  if (pathEntityCode !== caller.auth.entityCode) throw notFound('Charge point network')
  return caller.auth.entityCode
}

/** The query's entity_code, when sent, must be the caller's entity (B §6). */
function assertOwnEntity(caller: Caller, entityCode: string | undefined): void {
  if (entityCode !== undefined && entityCode !== caller.auth.entityCode)
    throw forbidden(`You cannot list the charge locations of entity ${entityCode}`)
}

type FilterQuery = ChargeLocationCountFilter | ChargeLocationListFilter | ChargeLocationExportFilters

/** The query in the repository's terms: both spellings of the status key together, kW → W, ALL → no filter. */
export function locationFilterOf(q: FilterQuery): LocationFilter {
  const statuses = [...new Set([...(q['evse_status[]'] ?? []), ...(q.evse_status ?? [])])]
  const watts = (kw: number | undefined) => (kw === undefined ? undefined : Math.round(kw * 1000))
  return {
    name: q.name,
    address: q.address,
    postalCode: q.postal_code,
    country: q.country,
    city: q.city,
    evseStatuses: statuses.length > 0 ? statuses : undefined,
    powerLowerW: watts(q.connector_max_power_lower),
    powerUpperW: watts(q.connector_max_power_upper),
    powerType:
      q.connector_power_type === undefined || q.connector_power_type === POWER_TYPE_FILTER_ALL
        ? undefined
        : q.connector_power_type,
  }
}

const list = (json: string) => parseJson<string[]>(json, [])

export function toHeader(r: LocationRow): ChargeLocationHeader {
  return {
    uid: r.uid,
    external_id: r.external_id,
    entity_code: r.entity_code,
    name: r.name,
    address: r.address,
    city: r.city,
    postal_code: r.postal_code,
    state: r.state,
    country: r.country,
    coordinates: { latitude: r.latitude, longitude: r.longitude },
    directions: r.directions,
    contact_number: r.contact_number,
    parking_restrictions: list(r.parking_restrictions),
    publish: r.publish === 1,
    time_zone: r.time_zone,
    created_at: r.created_at,
    last_updated: r.updated_at,
    roaming_party: r.ocpi_party === null ? null : `${r.ocpi_party.slice(0, 2)}*${r.ocpi_party.slice(2)}`,
  }
}

export function toConnector(c: ConnectorRow): ChargeConnector {
  return {
    uid: c.uid,
    id: c.connector_id,
    standard: c.standard,
    format: c.format,
    power_type: c.power_type,
    max_voltage: c.max_voltage,
    max_amperage: c.max_amperage,
    max_electric_power: c.max_electric_power,
    max_power_kw: wattsToKw(c.max_electric_power),
    tariff_ids: c.tariff_external_id === null ? [] : [c.tariff_external_id],
    tariff:
      c.tariff_uid === null
        ? null
        : {
            uid: c.tariff_uid,
            external_id: c.tariff_external_id ?? '',
            name: c.tariff_name ?? '',
            currency: c.tariff_currency ?? '',
          },
    created_at: c.created_at,
    last_updated: c.updated_at,
  }
}

export function toEvse(e: EvseRow, connectors: readonly ConnectorRow[]): ChargeEvse {
  return {
    uid: e.uid,
    evse_id: e.evse_id,
    external_id: e.external_id,
    status: e.status,
    physical_reference: e.physical_reference,
    directions: e.directions,
    instructions: e.instructions,
    protocol: e.protocol,
    capabilities: list(e.capabilities),
    parking_restrictions: list(e.parking_restrictions),
    floor_level: e.floor_level,
    charge_point:
      e.cp_uid === null
        ? null
        : {
            uid: e.cp_uid,
            serial_number: e.cp_serial_number ?? '',
            vendor: e.cp_vendor ?? '',
            model: e.cp_model ?? '',
            firmware_version: e.cp_firmware_version ?? '',
            protocol: e.cp_protocol ?? '',
            ocpp_status: e.cp_ocpp_status ?? '',
            last_heartbeat_at: e.cp_last_heartbeat_at,
          },
    connectors: connectors.map(toConnector),
    created_at: e.created_at,
    last_updated: e.updated_at,
  }
}

/** EVSEs per status, in catalogue order, statuses with none left out (unknown statuses last). */
function statusCounts(statuses: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1)
  const known = EVSE_STATUS_ORDER.filter((s) => counts.has(s))
  const rest = [...counts.keys()].filter((s) => !(EVSE_STATUS_ORDER as readonly string[]).includes(s)).sort()
  return Object.fromEntries([...known, ...rest].map((s) => [s, counts.get(s) ?? 0]))
}

export function summaryOf(evses: readonly ChargeEvse[]): ChargeLocationSummary {
  const connectors = evses.flatMap((e) => e.connectors)
  const present = new Set(connectors.map((c) => c.power_type))
  return {
    evse_count: evses.length,
    evse_status_counts: statusCounts(evses.map((e) => e.status)),
    connector_count: connectors.length,
    max_power_kw: connectors.length === 0 ? null : Math.max(...connectors.map((c) => c.max_power_kw)),
    power_types: [
      ...powerTypes.values.filter((p) => present.has(p)),
      ...[...present].filter((p) => !(powerTypes.values as readonly string[]).includes(p)).sort(),
    ],
  }
}

/** Locations with their EVSEs and connectors: two more queries for the whole set, whatever its size. */
export async function withEvses(
  db: Db,
  entityCode: string,
  rows: readonly LocationRow[],
): Promise<ChargeLocation[]> {
  const ids = rows.map((r) => r.id)
  const [evses, connectors] = await Promise.all([
    evsesOf(db, entityCode, ids),
    connectorsOf(db, entityCode, ids),
  ])
  const connectorsByEvse = new Map<number, ConnectorRow[]>()
  for (const c of connectors) {
    const l = connectorsByEvse.get(c.evse_ref) ?? []
    l.push(c)
    connectorsByEvse.set(c.evse_ref, l)
  }
  const evsesByLocation = new Map<number, ChargeEvse[]>()
  for (const e of evses) {
    const l = evsesByLocation.get(e.location_id) ?? []
    l.push(toEvse(e, connectorsByEvse.get(e.id) ?? []))
    evsesByLocation.set(e.location_id, l)
  }
  return rows.map((r) => {
    const locationEvses = evsesByLocation.get(r.id) ?? []
    return { ...toHeader(r), evses: locationEvses, summary: summaryOf(locationEvses) }
  })
}

export async function listLocations(
  db: Db,
  caller: Caller,
  pathEntityCode: string,
  q: ChargeLocationListFilter,
): Promise<ChargeLocation[]> {
  const entityCode = assertNetwork(caller, pathEntityCode)
  assertOwnEntity(caller, q.entity_code)
  const rows = await pageLocations(db, entityCode, locationFilterOf(q), { limit: q.limit, offset: q.offset })
  return withEvses(db, entityCode, rows)
}

/** The count of the list's filter, cached a few seconds per entity and filter (decision 0009). */
export async function countMatchingLocations(
  db: Db,
  counts: CountCache,
  caller: Caller,
  pathEntityCode: string,
  q: ChargeLocationCountFilter,
): Promise<number> {
  const entityCode = assertNetwork(caller, pathEntityCode)
  assertOwnEntity(caller, q.entity_code)
  const filter = locationFilterOf(q)
  return counts.get(entityCode, { list: 'ev-locations', ...filter }, () =>
    countLocations(db, entityCode, filter),
  )
}

/** The filtered locations as map pins (at most CHARGE_LOCATION_MAP_LIMIT), with their EVSEs per status. */
export async function mapLocations(
  db: Db,
  caller: Caller,
  pathEntityCode: string,
  q: ChargeLocationCountFilter,
): Promise<ChargeLocationMapData> {
  const entityCode = assertNetwork(caller, pathEntityCode)
  assertOwnEntity(caller, q.entity_code)
  const rows = await locationPins(db, entityCode, locationFilterOf(q), CHARGE_LOCATION_MAP_LIMIT + 1)
  const pins = rows.slice(0, CHARGE_LOCATION_MAP_LIMIT)
  const statuses = new Map<number, string[]>()
  for (const c of await evseStatusCounts(
    db,
    entityCode,
    pins.map((p) => p.id),
  )) {
    const l = statuses.get(c.location_id) ?? []
    for (let i = 0; i < c.n; i++) l.push(c.status)
    statuses.set(c.location_id, l)
  }
  return {
    pins: pins.map((p) => ({
      uid: p.uid,
      name: p.name,
      latitude: p.latitude,
      longitude: p.longitude,
      evse_status_counts: statusCounts(statuses.get(p.id) ?? []),
    })),
    truncated: rows.length > CHARGE_LOCATION_MAP_LIMIT,
  }
}

async function locationOf(db: Db, entityCode: string, uid: string): Promise<LocationRow> {
  const row = await findLocation(db, entityCode, uid)
  if (!row) throw notFound('Charge location')
  return row
}

export async function getLocation(
  db: Db,
  caller: Caller,
  pathEntityCode: string,
  uid: string,
): Promise<ChargeLocation> {
  const entityCode = assertNetwork(caller, pathEntityCode)
  const [location] = await withEvses(db, entityCode, [await locationOf(db, entityCode, uid)])
  if (!location) throw notFound('Charge location')
  return location
}

export async function getEvse(
  db: Db,
  caller: Caller,
  pathEntityCode: string,
  locationUid: string,
  evseUid: string,
): Promise<ChargeEvseDetailData> {
  const entityCode = assertNetwork(caller, pathEntityCode)
  const location = await locationOf(db, entityCode, locationUid)
  const evse = await findEvse(db, entityCode, location.id, evseUid)
  if (!evse) throw notFound('EVSE')
  return { location: toHeader(location), evse: toEvse(evse, await connectorsOfEvse(db, entityCode, evse.id)) }
}
