import { DEVICE_OFFLINE_AFTER_MS, EvSessionStatus, SGT_OFFSET_MS } from '@portal/contract'
import { sql } from 'kysely'
import type { Db } from '../../../db/database'

/*
 * Reads of the CPO and EMSP homes (docs/decisions/0026-ev-home-users-devices.md). Sums come from ev_session_daily
 * (at most ~90 rows per call); counts of the network and of running sessions from entity-leading indexes; the
 * per-location and per-partner groupings of a day range from the side's (code, start_date_time) index.
 */

/** Which side of a session an entity is on: the charger's owner (CPO) or the customer's provider (EMSP). */
export type Side = 'CPO' | 'EMSP'

const sideColumn = (side: Side) => (side === 'CPO' ? 'entity_code' : 'emsp_entity_code')

export interface DailyRow {
  day: number
  sessions: number
  energy_wh: number
  revenue_incl_vat: number
  revenue_excl_vat: number
  refunded: number
}

/** The entity's rollup rows of one side for the UTC+8 days in [fromDay, toDay]. */
export async function dailyRows(
  db: Db,
  entityCode: string,
  side: Side,
  fromDay: number,
  toDay: number,
): Promise<DailyRow[]> {
  const rows = await db
    .selectFrom('ev_session_daily')
    .where('entity_code', '=', entityCode)
    .where('side', '=', side)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .select(['day', 'sessions', 'energy_wh', 'revenue_incl_vat', 'revenue_excl_vat', 'refunded'])
    .orderBy('day')
    .execute()
  // PostgreSQL's bigint columns arrive as numbers through the int8 parser (db/database.ts), as SQLite's do.
  return rows
}

/** Sessions plugged in right now on one side, by status, each counted on the (code, status, last_updated) index. */
export async function countRunning(
  db: Db,
  entityCode: string,
  side: Side,
): Promise<{ charging: number; hogging: number }> {
  const count = async (status: string) => {
    const row = await db
      .selectFrom('ev_session')
      .where(sideColumn(side), '=', entityCode)
      .where('status', '=', status)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  const [charging, hogging] = await Promise.all([
    count(EvSessionStatus.ACTIVE),
    count(EvSessionStatus.HOGGING),
  ])
  return { charging, hogging }
}

export interface NetworkCounts {
  locations: number
  chargers: number
  chargersOnline: number
  evses: number
  connectors: number
  evsesByStatus: { status: string; count: number }[]
}

/** The CPO's network: locations, chargers (online by heartbeat), EVSEs by status, connectors. */
export async function networkCounts(db: Db, entityCode: string, now: number): Promise<NetworkCounts> {
  const countOf = async (table: 'ev_location' | 'ev_charge_point' | 'ev_connector') => {
    const row = await db
      .selectFrom(table)
      .where('entity_code', '=', entityCode)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  const [locations, chargers, connectors, online, byStatus] = await Promise.all([
    countOf('ev_location'),
    countOf('ev_charge_point'),
    countOf('ev_connector'),
    db
      .selectFrom('ev_charge_point')
      .where('entity_code', '=', entityCode)
      .where('last_heartbeat_at', '>=', now - DEVICE_OFFLINE_AFTER_MS)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ev_evse')
      .where('entity_code', '=', entityCode)
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('status')
      .execute(),
  ])
  const evsesByStatus = byStatus.map((r) => ({ status: r.status, count: Number(r.n) }))
  return {
    locations,
    chargers,
    chargersOnline: Number(online.n),
    evses: evsesByStatus.reduce((sum, r) => sum + r.count, 0),
    connectors,
    evsesByStatus,
  }
}

/** One day's sessions of one group (a location or a partner) in one currency. */
export interface DayGroup {
  key: string
  currency: string
  sessions: number
  energyWh: number
  incl: number
  excl: number
}

const DAY_MS = 86_400_000
/**
 * The UTC+8 day number of a start time, in SQL: integer division works alike on both engines (DESIGN.md), and the
 * constants are written into the statement so SQLite divides integers rather than bound floats.
 */
const dayNumber = sql<number | string>`(start_date_time + ${sql.lit(SGT_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`

/**
 * Sessions started in [from, to) on one side, grouped by UTC+8 day, group key and currency: the key is the location
 * (CPO side) or the CPO partner (EMSP side). Served by the side's (code, start_date_time) index. Returns day start →
 * its groups.
 */
export async function groupedByDay(
  db: Db,
  entityCode: string,
  side: Side,
  from: number,
  to: number | null,
): Promise<Map<number, DayGroup[]>> {
  let q = db
    .selectFrom('ev_session')
    .where(sideColumn(side), '=', entityCode)
    .where('start_date_time', '>=', from)
  if (to !== null) q = q.where('start_date_time', '<', to)
  // The location id (a number) or the partner's entity code: a string either way for the maps above.
  const key = side === 'CPO' ? sql<number | string>`location_id` : sql<number | string>`entity_code`
  const rows = await q
    .select([
      dayNumber.as('d'),
      key.as('k'),
      'currency',
      (eb) => eb.fn.countAll<number | string>().as('sessions'),
      (eb) => eb.fn.sum<number | string>('energy_wh').as('energy'),
      (eb) => eb.fn.sum<number | string>('total_incl_vat').as('incl'),
      (eb) => eb.fn.sum<number | string>('total_excl_vat').as('excl'),
    ])
    .groupBy([dayNumber, key, 'currency'])
    .execute()
  const out = new Map<number, DayGroup[]>()
  for (const r of rows) {
    const day = Number(r.d) * DAY_MS - SGT_OFFSET_MS
    const groups = out.get(day) ?? []
    groups.push({
      key: String(r.k),
      currency: r.currency,
      sessions: Number(r.sessions),
      energyWh: Number(r.energy),
      incl: Number(r.incl),
      excl: Number(r.excl),
    })
    out.set(day, groups)
  }
  return out
}

/**
 * Refunds issued since `from` per currency, and of them those since `today`: the CPO's by its own entity code, the
 * EMSP's through the sessions of its customers. Refunds are rare; both reads are short index ranges.
 */
export async function refundsSince(
  db: Db,
  entityCode: string,
  side: Side,
  from: number,
  today: number,
): Promise<{ currency: string; total: number; today: number }[]> {
  const base =
    side === 'CPO'
      ? db.selectFrom('ev_session_refund as r').where('r.entity_code', '=', entityCode)
      : db
          .selectFrom('ev_session_refund as r')
          .innerJoin('ev_session as s', 's.id', 'r.session_id')
          .where('s.emsp_entity_code', '=', entityCode)
  const rows = await base
    .where('r.created_at', '>=', from)
    .select([
      'r.currency',
      (eb) => eb.fn.sum<number | string>('r.amount').as('total'),
      (eb) =>
        eb.fn
          .sum<number | string>(
            eb.case().when('r.created_at', '>=', today).then(eb.ref('r.amount')).else(0).end(),
          )
          .as('today'),
    ])
    .groupBy('r.currency')
    .execute()
  return rows.map((r) => ({ currency: r.currency, total: Number(r.total), today: Number(r.today) }))
}

/** The entity's locations of the ids (names for the top list); other entities' ids are ignored. */
export function locationsByIds(db: Db, entityCode: string, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('ev_location')
    .where('entity_code', '=', entityCode)
    .where('id', 'in', [...ids])
    .select(['id', 'uid', 'name', 'address'])
    .execute()
}

export function entityNames(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([])
  return db
    .selectFrom('entity')
    .where('code', 'in', [...codes])
    .select(['code', 'name'])
    .execute()
}

/** The entity's currency (the rollups hold one currency per entity). */
export async function entityCurrency(db: Db, entityCode: string): Promise<string> {
  const row = await db
    .selectFrom('entity')
    .where('code', '=', entityCode)
    .select('currency_code')
    .executeTakeFirst()
  return row?.currency_code ?? 'SGD'
}

/**
 * The EMSP's app users: all, registered, and those with a session started since `monthStart`. The last is one seek
 * per user on (driver_id, start_date_time): it grows with the users, never with the sessions.
 */
export async function userCounts(
  db: Db,
  entityCode: string,
  monthStart: number,
): Promise<{ total: number; registered: number; activeThisMonth: number }> {
  const count = (q: Promise<{ n: number | string }>) => q.then((r) => Number(r.n))
  const base = () => db.selectFrom('ev_driver as d').where('d.entity_code', '=', entityCode)
  const [total, registered, activeThisMonth] = await Promise.all([
    count(
      base()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
    count(
      base()
        .where('d.is_registered', '=', 1)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
    count(
      base()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('ev_session as s')
              .whereRef('s.driver_id', '=', 'd.id')
              .where('s.start_date_time', '>=', monthStart)
              .where('s.emsp_entity_code', '=', entityCode)
              .select(sql`1`.as('one')),
          ),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  ])
  return { total, registered, activeThisMonth }
}
