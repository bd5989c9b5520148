import { DEVICE_OFFLINE_AFTER_MS, EvSessionStatus } from '@portal/contract'
import type { ExpressionBuilder } from 'kysely'
import { sql } from 'kysely'
import type { Database, Db } from '../../../db/database'

/*
 * Reads of the CPO and EMSP homes (docs/decisions/0026-ev-home-users-devices.md). Sums, money per currency, the trend
 * and the top lists come from ev_session_daily alone (keyed by entity, side, UTC+8 day, currency and counterpart:
 * grouped in SQL on its primary key, a few thousand rows at most whatever the number of sessions); counts of the
 * network, of running sessions and of app users from entity-leading indexes; refunds issued from ev_session_refund.
 */

/** Which side of a session an entity is on: the charger's owner (CPO) or the customer's provider (EMSP). */
export type Side = 'CPO' | 'EMSP'

const sideColumn = (side: Side) => (side === 'CPO' ? 'entity_code' : 'emsp_entity_code')

/** Rollup sums of one group (a day, or a counterpart) in one currency. */
export interface RollupSums {
  currency: string
  sessions: number
  energyWh: number
  incl: number
  excl: number
}

/** The rollup rows of one side of the entity for the UTC+8 days in [fromDay, toDay]. */
function rollupOf(db: Db, entityCode: string, side: Side, fromDay: number, toDay: number) {
  return (
    db
      .selectFrom('ev_session_daily')
      .where('entity_code', '=', entityCode)
      .where('side', '=', side)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      // A row only a refund wrote (its session's own row missing) holds no session: it would list a currency at 0.
      .where('sessions', '>', 0)
  )
}

/** The measures summed, in minor units and Wh, beside the currency they are in. */
const sums = (eb: ExpressionBuilder<Database, 'ev_session_daily'>) =>
  [
    eb.ref('currency').as('currency'),
    eb.fn.sum<number | string>('sessions').as('sessions'),
    eb.fn.sum<number | string>('energy_wh').as('energy'),
    eb.fn.sum<number | string>('revenue_incl_vat').as('incl'),
    eb.fn.sum<number | string>('revenue_excl_vat').as('excl'),
  ] as const

interface RawSums {
  currency: string
  sessions: number | string
  energy: number | string
  incl: number | string
  excl: number | string
}

// PostgreSQL sums bigint columns as numeric, which node-postgres hands over as a string: Number() on both engines.
const sumsOf = (r: RawSums): RollupSums => ({
  currency: r.currency,
  sessions: Number(r.sessions),
  energyWh: Number(r.energy),
  incl: Number(r.incl),
  excl: Number(r.excl),
})

/** The side's sums per UTC+8 day and currency over [fromDay, toDay] (in the primary key's order: no sort). */
export async function dailySums(
  db: Db,
  entityCode: string,
  side: Side,
  fromDay: number,
  toDay: number,
): Promise<(RollupSums & { day: number })[]> {
  const rows = await rollupOf(db, entityCode, side, fromDay, toDay)
    .select((eb) => [eb.ref('day').as('day'), ...sums(eb)])
    .groupBy(['day', 'currency'])
    .execute()
  return rows.map((r) => ({ day: r.day, ...sumsOf(r) }))
}

/** The side's sums per counterpart (location id or CPO entity code) and currency over [fromDay, toDay]. */
export async function counterpartSums(
  db: Db,
  entityCode: string,
  side: Side,
  fromDay: number,
  toDay: number,
): Promise<(RollupSums & { counterpart: string })[]> {
  const rows = await rollupOf(db, entityCode, side, fromDay, toDay)
    .select((eb) => [eb.ref('counterpart').as('counterpart'), ...sums(eb)])
    .groupBy(['counterpart', 'currency'])
    .execute()
  return rows.map((r) => ({ counterpart: r.counterpart, ...sumsOf(r) }))
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

/**
 * Refunds issued since `from` per currency, and of them those since `today`: the CPO's by its own entity code, the
 * EMSP's by the EMSP each refund names (copied from its session). Refunds are rare; both reads are short index ranges.
 */
export async function refundsSince(
  db: Db,
  entityCode: string,
  side: Side,
  from: number,
  today: number,
): Promise<{ currency: string; total: number; today: number }[]> {
  const rows = await db
    .selectFrom('ev_session_refund as r')
    .where(side === 'CPO' ? 'r.entity_code' : 'r.emsp_entity_code', '=', entityCode)
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

/** The entity's own currency: its money figures list it first. */
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
