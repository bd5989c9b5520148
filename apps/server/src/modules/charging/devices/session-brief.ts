import type { EvSessionBrief } from '@portal/contract'
import { minorUnitDigits } from '@portal/contract'
import type { Db } from '../../../db/database'

/*
 * The short session rows the device and user details list (docs/decisions/0026-ev-home-users-devices.md): keys
 * first, each on an index that ends in the order shown, then at most RECENT_SESSIONS_LIMIT rows read by id.
 */

interface Key {
  id: number
  at: number
}

const newestFirst = (a: Key, b: Key) => b.at - a.at || b.id - a.id

/**
 * The newest sessions (by last update) on the EVSEs of a charger of the entity (the CPO side): read per EVSE on the
 * (evse_ref, last_updated desc) index with the limit in each, then merged.
 */
export async function recentSessionsOnEvses(
  db: Db,
  entityCode: string,
  evseIds: readonly number[],
  limit: number,
): Promise<EvSessionBrief[]> {
  const lists = await Promise.all(
    evseIds.map((evse) =>
      db
        .selectFrom('ev_session')
        .where('evse_ref', '=', evse)
        .where('entity_code', '=', entityCode)
        .select(['id', 'last_updated as at'])
        .orderBy('last_updated', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    ),
  )
  const keys = lists.flat().sort(newestFirst).slice(0, limit)
  return briefsOf(db, keys)
}

/** The newest sessions (by start) of one user of the EMSP entity, on the (driver_id, start_date_time desc) index. */
export async function recentSessionsOfDriver(
  db: Db,
  entityCode: string,
  driverId: number,
  limit: number,
): Promise<EvSessionBrief[]> {
  const keys = await db
    .selectFrom('ev_session')
    .where('driver_id', '=', driverId)
    .where('emsp_entity_code', '=', entityCode)
    .select(['id', 'start_date_time as at'])
    .orderBy('start_date_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return briefsOf(db, keys)
}

async function briefsOf(db: Db, keys: readonly Key[]): Promise<EvSessionBrief[]> {
  if (keys.length === 0) return []
  const rows = await db
    .selectFrom('ev_session as s')
    .innerJoin('ev_location as l', 'l.id', 's.location_id')
    .innerJoin('ev_evse as e', 'e.id', 's.evse_ref')
    .innerJoin('ev_connector as c', 'c.id', 's.connector_ref')
    .where(
      's.id',
      'in',
      keys.map((k) => k.id),
    )
    .select([
      's.id',
      's.uid',
      's.external_id',
      's.status',
      's.stop_reason',
      's.entity_code',
      's.emsp_entity_code',
      's.user_name',
      's.license_plate',
      's.start_date_time',
      's.end_date_time',
      's.energy_wh',
      's.total_incl_vat',
      's.refunded_amount',
      's.currency',
      'l.name as location_name',
      'e.evse_id',
      'c.connector_id',
    ])
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return keys.flatMap((k) => {
    const r = byId.get(k.id)
    if (!r) return []
    const money = (minor: number) => {
      const digits = minorUnitDigits(r.currency)
      return Number((minor / 10 ** digits).toFixed(digits))
    }
    return [
      {
        uid: r.uid,
        external_id: r.external_id,
        status: r.status,
        stop_reason: r.stop_reason,
        entity_code: r.entity_code,
        emsp_entity_code: r.emsp_entity_code,
        location_name: r.location_name,
        evse_id: r.evse_id,
        connector_id: r.connector_id,
        user_name: r.user_name,
        license_plate: r.license_plate,
        start_date_time: r.start_date_time,
        end_date_time: r.end_date_time,
        kwh: Math.round(r.energy_wh) / 1000,
        total_incl_vat: money(r.total_incl_vat),
        refunded: money(r.refunded_amount),
        currency: r.currency,
      },
    ]
  })
}
