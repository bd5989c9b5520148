import type { CarbonVehicleFilter } from '@portal/contract'
import type { SqlBool } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { containsInsensitive } from '../../lib/sql'
import type { CarbonScope } from './carbon-scope'
import { carbonDb } from './carbon.table'

/** The partners of the exchange's programme, with their names and how many partnerships each has. */
export async function programmePartners(db: Db, crxEntityCode: string) {
  return carbonDb(db)
    .selectFrom('carbon_partner as p')
    .leftJoin('entity as e', 'e.code', 'p.entity_code')
    .where('p.crx_entity_code', '=', crxEntityCode)
    .select(['p.entity_code', 'p.role', 'p.payment_bank', 'p.joined_at', 'e.name'])
    .orderBy('p.id')
    .execute()
}

export async function programmePartner(db: Db, crxEntityCode: string, entityCode: string) {
  return carbonDb(db)
    .selectFrom('carbon_partner as p')
    .leftJoin('entity as e', 'e.code', 'p.entity_code')
    .where('p.crx_entity_code', '=', crxEntityCode)
    .where('p.entity_code', '=', entityCode)
    .select(['p.entity_code', 'p.role', 'p.payment_bank', 'p.joined_at', 'e.name'])
    .orderBy('p.role')
    .execute()
}

/**
 * Partnerships on a side: where the entity is the CPO (its partners are fleet owners) or the fleet owner (its
 * partners are CPOs), optionally only in one programme; with the partner's name.
 */
export async function partnershipsOf(db: Db, side: 'CPO' | 'FO', entityCode: string, crxEntityCode?: string) {
  const own = side === 'CPO' ? 'ps.cpo_entity_code' : 'ps.fo_entity_code'
  const other = side === 'CPO' ? 'ps.fo_entity_code' : 'ps.cpo_entity_code'
  let q = carbonDb(db)
    .selectFrom('carbon_partnership as ps')
    .leftJoin('entity as e', 'e.code', other)
    .where(own, '=', entityCode)
  if (crxEntityCode !== undefined) q = q.where('ps.crx_entity_code', '=', crxEntityCode)
  return q
    .select([
      'ps.crx_entity_code',
      'ps.cpo_entity_code',
      'ps.fo_entity_code',
      'ps.cpo_share_bps',
      'ps.since',
      'e.name as partner_name',
    ])
    .orderBy('ps.id')
    .execute()
}

/** How many partnerships each partner of a programme has. */
export async function partnershipCounts(db: Db, crxEntityCode: string) {
  const rows = await carbonDb(db)
    .selectFrom('carbon_partnership')
    .where('crx_entity_code', '=', crxEntityCode)
    .select(['cpo_entity_code', 'fo_entity_code'])
    .execute()
  const counts = new Map<string, number>()
  for (const r of rows) {
    counts.set(`CPO|${r.cpo_entity_code}`, (counts.get(`CPO|${r.cpo_entity_code}`) ?? 0) + 1)
    counts.set(`FO|${r.fo_entity_code}`, (counts.get(`FO|${r.fo_entity_code}`) ?? 0) + 1)
  }
  return counts
}

/** Vehicles the caller may see: the exchange every one of its programme, a fleet owner its own. */
function visibleVehicles(scope: CarbonScope) {
  const each: ReturnType<typeof sql<SqlBool>>[] = []
  if (scope.sides.includes('CRX')) each.push(sql<SqlBool>`v.crx_entity_code = ${scope.entityCode}`)
  if (scope.sides.includes('FO')) each.push(sql<SqlBool>`v.fo_entity_code = ${scope.entityCode}`)
  return each.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(each, sql` or `)})`
}

function filteredVehicles(db: Db, scope: CarbonScope, f: Omit<CarbonVehicleFilter, 'limit' | 'offset'>) {
  let q = carbonDb(db).selectFrom('carbon_vehicle as v').where(visibleVehicles(scope))
  if (f.fo_entity_code !== undefined) q = q.where('v.fo_entity_code', '=', f.fo_entity_code)
  if (f.search) q = q.where(containsInsensitive(db, 'v.license_plate', f.search))
  if (f.vehicle_type_list?.length) q = q.where('v.vehicle_type', 'in', f.vehicle_type_list)
  return q
}

export async function findVehiclePage(db: Db, scope: CarbonScope, f: CarbonVehicleFilter) {
  return filteredVehicles(db, scope, f)
    .leftJoin('entity as e', 'e.code', 'v.fo_entity_code')
    .leftJoin('carbon_emissions_category as c', (join) =>
      join
        .onRef('c.entity_code', '=', 'v.crx_entity_code')
        .onRef('c.vehicle_type', '=', 'v.vehicle_type')
        .onRef('c.fuel', '=', 'v.fuel'),
    )
    .select([
      'v.id',
      'v.license_plate',
      'v.vehicle_type',
      'v.fuel',
      'v.fo_entity_code',
      'v.enrolled_at',
      'e.name as fo_name',
      'c.name as scenario',
    ])
    .orderBy('v.license_plate')
    .orderBy('v.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countVehicles(
  db: Db,
  scope: CarbonScope,
  f: Omit<CarbonVehicleFilter, 'limit' | 'offset'>,
): Promise<number> {
  const row = await filteredVehicles(db, scope, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
