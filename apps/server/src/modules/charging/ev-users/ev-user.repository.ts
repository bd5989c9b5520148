import { COUNT_CAP } from '@portal/contract'
import { sql } from 'kysely'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'

/*
 * The EMSP's app users (ev_driver rows of the caller's entity) and their charging, for /users
 * (docs/decisions/0026-ev-home-users-devices.md). Every read takes the caller's entity code.
 */

export interface UserFilter {
  search?: string | undefined
  registered?: boolean | undefined
  createdFrom?: number | undefined
  createdTo?: number | undefined
}

function filtered(db: Db, entityCode: string, f: UserFilter) {
  let q = db.selectFrom('ev_driver').where('ev_driver.entity_code', '=', entityCode)
  if (f.registered !== undefined) q = q.where('ev_driver.is_registered', '=', f.registered ? 1 : 0)
  if (f.createdFrom !== undefined) q = q.where('ev_driver.created_at', '>=', f.createdFrom)
  if (f.createdTo !== undefined) q = q.where('ev_driver.created_at', '<=', f.createdTo)
  const search = f.search?.trim()
  if (search) {
    // A contains-search scans the entity's users (decision 0026: thousands to tens of thousands, a few ms).
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'ev_driver.name', search),
        containsInsensitive(db, 'ev_driver.mobile_number', search),
        containsInsensitive(db, 'ev_driver.email', search),
        containsInsensitive(db, 'ev_driver.license_plate', search),
      ]),
    )
  }
  return q
}

const USER_COLUMNS = [
  'ev_driver.id',
  'ev_driver.uuid',
  'ev_driver.name',
  'ev_driver.mobile_number',
  'ev_driver.email',
  'ev_driver.nationality',
  'ev_driver.license_plate',
  'ev_driver.is_registered',
  'ev_driver.subscribed_cpo_entities',
  'ev_driver.created_at',
  'ev_driver.updated_at',
] as const

/** One page, newest first, by a deferred join (ids on the entity's created index, then the page's rows). */
export function findUserPage(
  db: Db,
  entityCode: string,
  f: UserFilter,
  page: { limit: number; offset: number },
) {
  const ids = filtered(db, entityCode, f)
    .select('ev_driver.id')
    .orderBy('ev_driver.created_at', 'desc')
    .orderBy('ev_driver.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
  return db
    .selectFrom('ev_driver')
    .where('ev_driver.id', 'in', ids)
    .select([...USER_COLUMNS])
    .orderBy('ev_driver.created_at', 'desc')
    .orderBy('ev_driver.id', 'desc')
    .execute()
}

export type UserRow = Awaited<ReturnType<typeof findUserPage>>[number]

/** How many users match, counting at most COUNT_CAP + 1. */
export async function countUsers(db: Db, entityCode: string, f: UserFilter): Promise<number> {
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

/**
 * For a page of users: sessions started since `monthStart` and the last session's start, each from one grouped
 * read on (driver_id, start_date_time) — the month count is an index range, the last start the index's top entry.
 */
export async function sessionFactsOf(
  db: Db,
  entityCode: string,
  driverIds: readonly number[],
  monthStart: number,
): Promise<Map<number, { month: number; last: number | null }>> {
  const out = new Map<number, { month: number; last: number | null }>()
  if (driverIds.length === 0) return out
  const [month, last] = await Promise.all([
    db
      .selectFrom('ev_session')
      .where('driver_id', 'in', [...driverIds])
      .where('start_date_time', '>=', monthStart)
      .where('emsp_entity_code', '=', entityCode)
      .select(['driver_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('driver_id')
      .execute(),
    db
      .selectFrom('ev_session')
      .where('driver_id', 'in', [...driverIds])
      .where('emsp_entity_code', '=', entityCode)
      .select(['driver_id', (eb) => eb.fn.max('start_date_time').as('last')])
      .groupBy('driver_id')
      .execute(),
  ])
  for (const id of driverIds) out.set(id, { month: 0, last: null })
  for (const r of month) {
    const e = r.driver_id === null ? undefined : out.get(r.driver_id)
    if (e) e.month = Number(r.n)
  }
  for (const r of last) {
    const e = r.driver_id === null ? undefined : out.get(r.driver_id)
    if (e && r.last !== null) e.last = r.last
  }
  return out
}

/** One user of the entity by uuid. */
export function findUser(db: Db, entityCode: string, uuid: string) {
  return db
    .selectFrom('ev_driver')
    .where('ev_driver.entity_code', '=', entityCode)
    .where('ev_driver.uuid', '=', uuid)
    .select([...USER_COLUMNS])
    .executeTakeFirst()
}

export interface UserTotalsRow {
  currency: string
  sessions: number
  energyWh: number
  spend: number
  refunded: number
}

/** A user's sessions summed per currency since `from` (all time when null): the user's rows of the driver index. */
export async function userTotals(
  db: Db,
  entityCode: string,
  driverId: number,
  from: number | null,
): Promise<UserTotalsRow[]> {
  let q = db
    .selectFrom('ev_session')
    .where('driver_id', '=', driverId)
    .where('emsp_entity_code', '=', entityCode)
  if (from !== null) q = q.where('start_date_time', '>=', from)
  const rows = await q
    .select((eb) => [
      'currency',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('energy_wh').as('energy'),
      eb.fn.sum<number | string>('total_incl_vat').as('spend'),
      eb.fn.sum<number | string>('refunded_amount').as('refunded'),
    ])
    .groupBy('currency')
    .execute()
  return rows.map((r) => ({
    currency: r.currency,
    sessions: Number(r.n),
    energyWh: Number(r.energy),
    spend: Number(r.spend),
    refunded: Number(r.refunded),
  }))
}
