import type { EvDeviceOrder, EvDeviceSort } from '@portal/contract'
import { COUNT_CAP, DEVICE_OFFLINE_AFTER_MS, EvSessionStatus } from '@portal/contract'
import { sql } from 'kysely'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'

/*
 * The CPO's chargers (ev_charge_point) for /ev-devices (docs/decisions/0026-ev-home-users-devices.md). Every read
 * takes the caller's entity code; a charger of another entity is simply not found.
 */

export interface DeviceFilter {
  search?: string | undefined
  ocppStatuses?: string[] | undefined
  protocols?: string[] | undefined
  connectivity?: 'ONLINE' | 'OFFLINE' | undefined
  locationUid?: string | undefined
  /** The moment connectivity is judged at. */
  now: number
}

function filtered(db: Db, entityCode: string, f: DeviceFilter) {
  let q = db
    .selectFrom('ev_charge_point as cp')
    .innerJoin('ev_location as l', 'l.id', 'cp.location_id')
    .where('cp.entity_code', '=', entityCode)
  if (f.ocppStatuses?.length) q = q.where('cp.ocpp_status', 'in', f.ocppStatuses)
  if (f.protocols?.length) q = q.where('cp.protocol', 'in', f.protocols)
  const onlineSince = f.now - DEVICE_OFFLINE_AFTER_MS
  if (f.connectivity === 'ONLINE') q = q.where('cp.last_heartbeat_at', '>=', onlineSince)
  if (f.connectivity === 'OFFLINE')
    q = q.where((eb) =>
      eb.or([eb('cp.last_heartbeat_at', 'is', null), eb('cp.last_heartbeat_at', '<', onlineSince)]),
    )
  if (f.locationUid !== undefined) q = q.where('l.uid', '=', f.locationUid)
  const search = f.search?.trim()
  if (search) {
    // A CPO has hundreds to thousands of chargers: a contains-search over them is a short scan of the entity's rows.
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'cp.serial_number', search),
        containsInsensitive(db, 'cp.vendor', search),
        containsInsensitive(db, 'cp.model', search),
        containsInsensitive(db, 'l.name', search),
      ]),
    )
  }
  return q
}

const DEVICE_COLUMNS = [
  'cp.id',
  'cp.uid',
  'cp.serial_number',
  'cp.vendor',
  'cp.model',
  'cp.firmware_version',
  'cp.protocol',
  'cp.ocpp_status',
  'cp.last_heartbeat_at',
  'cp.created_at',
  'cp.updated_at',
  'l.uid as location_uid',
  'l.name as location_name',
  'l.address as location_address',
  'l.city as location_city',
  'l.postal_code as location_postal_code',
] as const

export type DeviceRow = Awaited<ReturnType<typeof findDevicePage>>[number]

/**
 * One page in the chosen order and direction, id breaking ties the same way (newest first, oldest heartbeat first or
 * serial A–Z by default). By heartbeat, ascending puts the chargers never heard from first; descending, last.
 */
export function findDevicePage(
  db: Db,
  entityCode: string,
  f: DeviceFilter,
  sort: EvDeviceSort,
  order: EvDeviceOrder,
  page: { limit: number; offset: number },
) {
  let q = filtered(db, entityCode, f).select([...DEVICE_COLUMNS])
  if (sort === 'last_heartbeat_at') {
    q = q
      .orderBy(sql`case when cp.last_heartbeat_at is null then 0 else 1 end`, order)
      .orderBy('cp.last_heartbeat_at', order)
      .orderBy('cp.id', order)
  } else if (sort === 'serial_number') {
    q = q.orderBy('cp.serial_number', order).orderBy('cp.id', order)
  } else {
    q = q.orderBy('cp.created_at', order).orderBy('cp.id', order)
  }
  return q.limit(page.limit).offset(page.offset).execute()
}

/** How many chargers match, counting at most COUNT_CAP + 1. */
export async function countDevices(db: Db, entityCode: string, f: DeviceFilter): Promise<number> {
  const limited = filtered(db, entityCode, f)
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_CAP + 1)
    .as('limited')
  const row = await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** EVSE and connector counts of the chargers, in two grouped reads (never one query per row). */
export async function evseCounts(
  db: Db,
  entityCode: string,
  chargerIds: readonly number[],
): Promise<Map<number, { evses: number; connectors: number }>> {
  const out = new Map<number, { evses: number; connectors: number }>()
  if (chargerIds.length === 0) return out
  const [evses, connectors] = await Promise.all([
    db
      .selectFrom('ev_evse')
      .where('entity_code', '=', entityCode)
      .where('charge_point_id', 'in', [...chargerIds])
      .select(['charge_point_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('charge_point_id')
      .execute(),
    db
      .selectFrom('ev_connector as c')
      .innerJoin('ev_evse as e', 'e.id', 'c.evse_ref')
      .where('e.entity_code', '=', entityCode)
      .where('e.charge_point_id', 'in', [...chargerIds])
      .select(['e.charge_point_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('e.charge_point_id')
      .execute(),
  ])
  for (const id of chargerIds) out.set(id, { evses: 0, connectors: 0 })
  for (const r of evses) {
    const entry = r.charge_point_id === null ? undefined : out.get(r.charge_point_id)
    if (entry) entry.evses = Number(r.n)
  }
  for (const r of connectors) {
    const entry = r.charge_point_id === null ? undefined : out.get(r.charge_point_id)
    if (entry) entry.connectors = Number(r.n)
  }
  return out
}

/** One charger of the entity by uid, with its location. */
export function findDevice(db: Db, entityCode: string, uid: string) {
  return db
    .selectFrom('ev_charge_point as cp')
    .innerJoin('ev_location as l', 'l.id', 'cp.location_id')
    .where('cp.entity_code', '=', entityCode)
    .where('cp.uid', '=', uid)
    .select([
      ...DEVICE_COLUMNS,
      'cp.ocpp_identity',
      'cp.ocpp_password_hash',
      'cp.ocpp_password_set_at',
      'cp.ocpp_version',
      'cp.commissioned',
      'cp.boot_at',
      'cp.ocpp_error_code',
    ])
    .executeTakeFirst()
}

/** The charger's EVSEs with their connectors and the connectors' tariffs. */
export async function deviceEvses(db: Db, entityCode: string, chargerId: number) {
  const evses = await db
    .selectFrom('ev_evse')
    .where('entity_code', '=', entityCode)
    .where('charge_point_id', '=', chargerId)
    .select([
      'id',
      'uid',
      'evse_id',
      'external_id',
      'status',
      'physical_reference',
      'floor_level',
      'capabilities',
    ])
    .orderBy('physical_reference')
    .orderBy('id')
    .execute()
  const connectors =
    evses.length === 0
      ? []
      : await db
          .selectFrom('ev_connector as c')
          .leftJoin('ev_tariff as t', 't.id', 'c.tariff_id')
          .where('c.entity_code', '=', entityCode)
          .where(
            'c.evse_ref',
            'in',
            evses.map((e) => e.id),
          )
          .select([
            'c.id',
            'c.evse_ref',
            'c.uid',
            'c.connector_id',
            'c.standard',
            'c.format',
            'c.power_type',
            'c.max_voltage',
            'c.max_amperage',
            'c.max_electric_power',
            't.uid as tariff_uid',
            't.name as tariff_name',
            'c.status',
            'c.error_code',
          ])
          .orderBy('c.evse_ref')
          .orderBy('c.connector_id')
          .execute()
  return { evses, connectors }
}

/**
 * The sessions plugged in right now (ACTIVE or HOGGING) on the EVSEs, newest first. Driven by the entity's
 * (entity_code, status, last_updated) index: running sessions are few (at most one per connector), while each EVSE
 * holds thousands of finished ones. The unary plus keeps SQLite, which has no statistics of how rare a status is,
 * from reading the EVSEs' whole history instead (measured at 1,000,000 sessions: 180 ms → under 1 ms); PostgreSQL
 * plans it the same either way.
 */
export async function runningSessionsOn(db: Db, entityCode: string, evseIds: readonly number[]) {
  if (evseIds.length === 0) return []
  const rows = await db
    .selectFrom('ev_session')
    .where('entity_code', '=', entityCode)
    .where('status', 'in', [EvSessionStatus.ACTIVE, EvSessionStatus.HOGGING])
    .where(sql<number>`+evse_ref`, 'in', [...evseIds])
    .select(['uid', 'status', 'connector_ref', 'start_date_time', 'energy_wh'])
    .execute()
  // Sorted here: an ORDER BY start would tempt the planner into the (entity_code, start_date_time) index, a scan of
  // every session of the entity.
  return rows.sort((a, b) => b.start_date_time - a.start_date_time)
}
