import type { DriverSortField, SortOrder } from '@portal/contract'
import { mobileSearchText } from '@portal/contract'
import type { Expression, SqlBool } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../../db/database'
import { parseJson } from '../../../lib/json'
import { containsInsensitive, isPostgres } from '../../../lib/sql'
import type { NewEvDriverRow } from '../../charging/ev.table'

/** The filters of both driver lists, in the repository's terms. Every function also takes the caller's entity. */
export interface DriverFilter {
  mobileNumber?: string | undefined
  name?: string | undefined
  email?: string | undefined
  nationality?: string | undefined
  isRegistered?: boolean | undefined
  /** Drivers subscribed to any of these. */
  subscribedCpoEntities?: readonly string[] | undefined
  createdAtFrom?: number | undefined
  createdAtTo?: number | undefined
}

/**
 * The A to Z key: lower(name) in byte order on both engines, exactly the expression of the index of migration 0015
 * (so the order is read off the index, and a page is the same on SQLite and PostgreSQL).
 */
function nameKey(db: Db): Expression<string> {
  return isPostgres(db) ? sql<string>`lower(name) collate "C"` : sql<string>`lower(name)`
}

function filteredDrivers(db: Db, entityCode: string, f: DriverFilter) {
  let q = db.selectFrom('ev_driver').where('entity_code', '=', entityCode)
  if (f.name) q = q.where(containsInsensitive(db, 'name', f.name))
  if (f.email) q = q.where(containsInsensitive(db, 'email', f.email))
  if (f.mobileNumber) {
    const text = mobileSearchText(f.mobileNumber)
    if (text !== '') q = q.where(containsInsensitive(db, 'mobile_number', text))
  }
  if (f.nationality) q = q.where('nationality', '=', f.nationality)
  if (f.isRegistered !== undefined) q = q.where('is_registered', '=', f.isRegistered ? 1 : 0)
  const codes = f.subscribedCpoEntities ?? []
  if (codes.length > 0) {
    // A JSON list of codes stored as text: each code is looked for with its quotes, so CPO does not match CPO2.
    q = q.where((eb) =>
      eb.or(
        codes.map((code): Expression<SqlBool> =>
          containsInsensitive(db, 'subscribed_cpo_entities', `"${code}"`),
        ),
      ),
    )
  }
  if (f.createdAtFrom !== undefined) q = q.where('created_at', '>=', f.createdAtFrom)
  if (f.createdAtTo !== undefined) q = q.where('created_at', '<=', f.createdAtTo)
  return q
}

/** One page in the requested order; the id breaks ties so paging is stable. */
export function findDriverPage(
  db: Db,
  entityCode: string,
  f: DriverFilter,
  sort: { by: DriverSortField; order: SortOrder },
  page: { limit: number; offset: number },
) {
  const q = filteredDrivers(db, entityCode, f).selectAll()
  const ordered =
    sort.by === 'name'
      ? q.orderBy(nameKey(db), sort.order).orderBy('id', sort.order)
      : q.orderBy('created_at', sort.order).orderBy('id', sort.order)
  return ordered.limit(page.limit).offset(page.offset).execute()
}

/** Every matching driver, newest first, at most `max`. */
export function findDrivers(db: Db, entityCode: string, f: DriverFilter, max: number) {
  return filteredDrivers(db, entityCode, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max)
    .execute()
}

export type DriverRow = Awaited<ReturnType<typeof findDrivers>>[number]

export function findDriver(db: Db, entityCode: string, uuid: string) {
  return db
    .selectFrom('ev_driver')
    .where('entity_code', '=', entityCode)
    .where('uuid', '=', uuid)
    .selectAll()
    .executeTakeFirst()
}

/** The entity's drivers among these mobile numbers (E.164): the duplicates of an add or an import. */
export async function findExistingMobiles(db: Db, entityCode: string, mobiles: readonly string[]) {
  const found = new Map<string, string>()
  for (let i = 0; i < mobiles.length; i += 500) {
    const chunk = mobiles.slice(i, i + 500)
    const rows = await db
      .selectFrom('ev_driver')
      .where('entity_code', '=', entityCode)
      .where('mobile_number', 'in', chunk)
      .select(['mobile_number', 'name'])
      .execute()
    for (const r of rows) found.set(r.mobile_number, r.name)
  }
  return found
}

/** Of these entity codes, those of entities that are CPOs (roles include CPO). */
export async function findCpoEntityCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set()
  const rows = await db.selectFrom('entity').where('code', 'in', codes).select(['code', 'roles']).execute()
  return new Set(rows.filter((r) => parseJson<string[]>(r.roles, []).includes('CPO')).map((r) => r.code))
}

export async function insertDrivers(db: Db, rows: readonly NewEvDriverRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('ev_driver')
      .values(rows.slice(i, i + 200))
      .execute()
  }
}

/** A driver's newest sessions on the caller's network (as CPO or EMSP), with where they charged. */
export function findDriverSessions(db: Db, entityCode: string, driverId: number, limit: number) {
  return db
    .selectFrom('ev_session as s')
    .innerJoin('ev_location as l', 'l.id', 's.location_id')
    .innerJoin('ev_evse as e', 'e.id', 's.evse_ref')
    .where('s.driver_id', '=', driverId)
    .where((eb) => eb.or([eb('s.entity_code', '=', entityCode), eb('s.emsp_entity_code', '=', entityCode)]))
    .select([
      's.uid',
      's.status',
      'l.name as location_name',
      'e.evse_id',
      's.license_plate',
      's.energy_wh',
      's.total_incl_vat',
      's.currency',
      's.start_date_time',
      's.end_date_time',
    ])
    .orderBy('s.start_date_time', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute()
}

/** A driver's totals per currency: sessions, energy (Wh), cost incl. VAT (minor units), the last start. */
export async function summarizeDriverSessions(db: Db, entityCode: string, driverId: number) {
  const rows = await db
    .selectFrom('ev_session')
    .where('driver_id', '=', driverId)
    .where((eb) => eb.or([eb('entity_code', '=', entityCode), eb('emsp_entity_code', '=', entityCode)]))
    .select((eb) => [
      'currency',
      eb.fn.countAll<number | string>().as('sessions'),
      eb.fn.sum<number | string>('energy_wh').as('energy_wh'),
      eb.fn.sum<number | string>('total_incl_vat').as('total'),
      eb.fn.max<number | string>('start_date_time').as('last_start'),
    ])
    .groupBy('currency')
    .orderBy('currency')
    .execute()
  return rows.map((r) => ({
    currency: r.currency,
    sessions: Number(r.sessions),
    energyWh: Number(r.energy_wh),
    total: Number(r.total),
    lastStart: Number(r.last_start),
  }))
}
