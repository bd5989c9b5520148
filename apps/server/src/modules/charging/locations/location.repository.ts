import type { InferResult, RawBuilder, SelectQueryBuilder } from 'kysely'
import { sql } from 'kysely'
import type { Database, Db } from '../../../db/database'
import type { EvLocationRow, EvLocationTable } from '../ev.table'
import { containsInsensitive, isPostgres } from '../../../lib/sql'

/*
 * Reads of the charge location screens (docs/decisions/0021-charge-locations.md). A page of locations is read on
 * (entity_code, [country,] name, id) (migrations 0012 and 0013), then the page's EVSEs (with their charge points) and
 * connectors (with their tariffs) in one query each: three queries per page whatever its size, never one per row.
 * The EVSE-status and connector filters are EXISTS subqueries on the (location_id, status) and (location_id,
 * power_type, max_electric_power) indexes of migration 0012.
 */

/** The list's filters as the repository applies them (query keys normalised by the service). */
export interface LocationFilter {
  name?: string | undefined
  address?: string | undefined
  postalCode?: string | undefined
  country?: string | undefined
  city?: string | undefined
  evseStatuses?: readonly string[] | undefined
  /** Watts, inclusive. */
  powerLowerW?: number | undefined
  powerUpperW?: number | undefined
  powerType?: string | undefined
}

type LocationDb = Database & { l: EvLocationTable }
type LocationQuery = SelectQueryBuilder<LocationDb, 'l', object>

/**
 * The list's order: the name regardless of case ("delta tower" between "Charlie Hub" and "Echo Plaza"), the same on
 * both engines: SQLite's lower() folds ASCII and compares bytes; PostgreSQL compares lower() in the "C" collation
 * (its default collation would also skip spaces and punctuation). Migration 0013 indexes exactly these expressions.
 */
function sortName(db: Db): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`lower(l.name) collate "C"` : sql<string>`lower(l.name)`
}

function applyFilter(db: Db, q: LocationQuery, entityCode: string, f: LocationFilter): LocationQuery {
  let out = q.where('l.entity_code', '=', entityCode)
  if (f.country !== undefined) out = out.where('l.country', '=', f.country)
  if (f.name !== undefined) out = out.where(containsInsensitive(db, 'l.name', f.name))
  if (f.address !== undefined) out = out.where(containsInsensitive(db, 'l.address', f.address))
  if (f.postalCode !== undefined) out = out.where(containsInsensitive(db, 'l.postal_code', f.postalCode))
  if (f.city !== undefined) out = out.where(containsInsensitive(db, 'l.city', f.city))
  const statuses = f.evseStatuses ?? []
  if (statuses.length > 0)
    out = out.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ev_evse as fe')
          .select('fe.id')
          .whereRef('fe.location_id', '=', 'l.id')
          .where('fe.status', 'in', [...statuses]),
      ),
    )
  if (f.powerType !== undefined || f.powerLowerW !== undefined || f.powerUpperW !== undefined) {
    // One connector must satisfy the power type and both ends of the range ("a DC connector of 50–150 kW").
    out = out.where((eb) => {
      let sub = eb.selectFrom('ev_connector as fc').select('fc.id').whereRef('fc.location_id', '=', 'l.id')
      if (f.powerType !== undefined) sub = sub.where('fc.power_type', '=', f.powerType)
      if (f.powerLowerW !== undefined) sub = sub.where('fc.max_electric_power', '>=', f.powerLowerW)
      if (f.powerUpperW !== undefined) sub = sub.where('fc.max_electric_power', '<=', f.powerUpperW)
      return eb.exists(sub)
    })
  }
  return out
}

const LOCATION_COLUMNS = [
  'l.id',
  'l.entity_code',
  'l.uid',
  'l.external_id',
  'l.name',
  'l.address',
  'l.city',
  'l.postal_code',
  'l.state',
  'l.country',
  'l.latitude',
  'l.longitude',
  'l.directions',
  'l.contact_number',
  'l.parking_restrictions',
  'l.publish',
  'l.time_zone',
  'l.created_at',
  'l.updated_at',
  'l.ocpi_partner_id',
  'l.ocpi_party',
] as const

/** A location as its screens read it: every column of the table (LOCATION_COLUMNS). */
export type LocationRow = EvLocationRow

/** A page of the entity's locations matching the filter, by name then id. */
export function pageLocations(
  db: Db,
  entityCode: string,
  filter: LocationFilter,
  page: { limit: number; offset: number },
): Promise<LocationRow[]> {
  return applyFilter(db, db.selectFrom('ev_location as l'), entityCode, filter)
    .select([...LOCATION_COLUMNS])
    .orderBy(sortName(db))
    .orderBy('l.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** Where the export's keyset paging continues: the sort key of the last row read, as the database computed it. */
export interface LocationCursor {
  sort_name: string
  id: number
}

/** The next `limit` locations after `after` in list order (keyset paging, for the export). */
export function locationsAfter(
  db: Db,
  entityCode: string,
  filter: LocationFilter,
  after: LocationCursor | null,
  limit: number,
): Promise<(LocationRow & LocationCursor)[]> {
  const key = sortName(db)
  let q = applyFilter(db, db.selectFrom('ev_location as l'), entityCode, filter)
  if (after !== null)
    q = q.where((eb) =>
      eb.or([
        eb(key, '>', after.sort_name),
        eb.and([eb(key, '=', after.sort_name), eb('l.id', '>', after.id)]),
      ]),
    )
  return q
    .select([...LOCATION_COLUMNS, key.as('sort_name')])
    .orderBy(key)
    .orderBy('l.id')
    .limit(limit)
    .execute()
}

/** How many of the entity's locations match. */
export async function countLocations(db: Db, entityCode: string, filter: LocationFilter): Promise<number> {
  const row = await applyFilter(db, db.selectFrom('ev_location as l'), entityCode, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A location's pin on the map. */
export type PinRow = Pick<EvLocationRow, 'id' | 'uid' | 'name' | 'latitude' | 'longitude'>

/** Up to `limit` matching locations' positions, by name (the map asks one more to know it was cut). */
export function locationPins(
  db: Db,
  entityCode: string,
  filter: LocationFilter,
  limit: number,
): Promise<PinRow[]> {
  return applyFilter(db, db.selectFrom('ev_location as l'), entityCode, filter)
    .select(['l.id', 'l.uid', 'l.name', 'l.latitude', 'l.longitude'])
    .orderBy(sortName(db))
    .orderBy('l.id')
    .limit(limit)
    .execute()
}

/** EVSEs per status of the given locations, in one grouped query. */
export async function evseStatusCounts(
  db: Db,
  entityCode: string,
  locationIds: readonly number[],
): Promise<{ location_id: number; status: string; n: number }[]> {
  if (locationIds.length === 0) return []
  const rows = await db
    .selectFrom('ev_evse')
    .where('entity_code', '=', entityCode)
    .where('location_id', 'in', [...locationIds])
    .groupBy(['location_id', 'status'])
    .select(['location_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .execute()
  return rows.map((r) => ({ location_id: r.location_id, status: r.status, n: Number(r.n) }))
}

/** One location of the entity by its uid. */
export function findLocation(db: Db, entityCode: string, uid: string): Promise<LocationRow | undefined> {
  return db
    .selectFrom('ev_location as l')
    .where('l.entity_code', '=', entityCode)
    .where('l.uid', '=', uid)
    .select([...LOCATION_COLUMNS])
    .executeTakeFirst()
}

function evseQuery(db: Db, entityCode: string) {
  return db
    .selectFrom('ev_evse as e')
    .leftJoin('ev_charge_point as cp', 'cp.id', 'e.charge_point_id')
    .where('e.entity_code', '=', entityCode)
    .select([
      'e.id',
      'e.location_id',
      'e.uid',
      'e.evse_id',
      'e.external_id',
      'e.status',
      'e.physical_reference',
      'e.directions',
      'e.instructions',
      'e.protocol',
      'e.capabilities',
      'e.parking_restrictions',
      'e.floor_level',
      'e.created_at',
      'e.updated_at',
      'cp.uid as cp_uid',
      'cp.serial_number as cp_serial_number',
      'cp.vendor as cp_vendor',
      'cp.model as cp_model',
      'cp.firmware_version as cp_firmware_version',
      'cp.protocol as cp_protocol',
      'cp.ocpp_status as cp_ocpp_status',
      'cp.last_heartbeat_at as cp_last_heartbeat_at',
    ])
}

/** An EVSE with its charge point's columns (cp_…), as evseQuery reads it. */
export type EvseRow = InferResult<ReturnType<typeof evseQuery>>[number]

/** Every EVSE of the given locations with its charge point, in one query (by location, then id). */
export function evsesOf(db: Db, entityCode: string, locationIds: readonly number[]): Promise<EvseRow[]> {
  if (locationIds.length === 0) return Promise.resolve([])
  return evseQuery(db, entityCode)
    .where('e.location_id', 'in', [...locationIds])
    .orderBy('e.location_id')
    .orderBy('e.id')
    .execute()
}

/** One EVSE of one location of the entity. */
export function findEvse(
  db: Db,
  entityCode: string,
  locationId: number,
  uid: string,
): Promise<EvseRow | undefined> {
  return evseQuery(db, entityCode)
    .where('e.location_id', '=', locationId)
    .where('e.uid', '=', uid)
    .executeTakeFirst()
}

function connectorQuery(db: Db, entityCode: string) {
  return db
    .selectFrom('ev_connector as c')
    .leftJoin('ev_tariff as t', 't.id', 'c.tariff_id')
    .where('c.entity_code', '=', entityCode)
    .select([
      'c.id',
      'c.location_id',
      'c.evse_ref',
      'c.uid',
      'c.connector_id',
      'c.standard',
      'c.format',
      'c.power_type',
      'c.max_voltage',
      'c.max_amperage',
      'c.max_electric_power',
      'c.created_at',
      'c.updated_at',
      't.uid as tariff_uid',
      't.external_id as tariff_external_id',
      't.name as tariff_name',
      't.currency as tariff_currency',
    ])
    .orderBy('c.evse_ref')
    .orderBy('c.connector_id')
    .orderBy('c.id')
}

/** A connector with its tariff's columns (tariff_…), as connectorQuery reads it. */
export type ConnectorRow = InferResult<ReturnType<typeof connectorQuery>>[number]

/** Every connector of the given locations with its tariff, in one query. */
export function connectorsOf(
  db: Db,
  entityCode: string,
  locationIds: readonly number[],
): Promise<ConnectorRow[]> {
  if (locationIds.length === 0) return Promise.resolve([])
  return connectorQuery(db, entityCode)
    .where('c.location_id', 'in', [...locationIds])
    .execute()
}

/** The connectors of one EVSE. */
export function connectorsOfEvse(db: Db, entityCode: string, evseId: number): Promise<ConnectorRow[]> {
  return connectorQuery(db, entityCode).where('c.evse_ref', '=', evseId).execute()
}
