import type { EmissionsCategoryFilter } from '@portal/contract'
import type { Db } from '../../db/database'
import { containsInsensitive } from '../../lib/sql'
import type { CarbonEmissionsCategoryTable } from './carbon.table'
import { carbonDb } from './carbon.table'

type CategoryFilters = Omit<EmissionsCategoryFilter, 'limit' | 'offset'>

function filteredCategories(db: Db, entityCode: string, f: CategoryFilters) {
  let q = carbonDb(db).selectFrom('carbon_emissions_category').where('entity_code', '=', entityCode)
  if (f.search) q = q.where(containsInsensitive(db, 'name', f.search))
  if (f.vehicle_type_list?.length) q = q.where('vehicle_type', 'in', f.vehicle_type_list)
  if (f.fuel_list?.length) q = q.where('fuel', 'in', f.fuel_list)
  return q
}

export function findCategoryPage(db: Db, entityCode: string, f: EmissionsCategoryFilter) {
  return filteredCategories(db, entityCode, f)
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countCategories(db: Db, entityCode: string, f: CategoryFilters): Promise<number> {
  const row = await filteredCategories(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findCategory(db: Db, entityCode: string, id: number) {
  return carbonDb(db)
    .selectFrom('carbon_emissions_category')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

/** Another category of the entity with this name (any case) or this vehicle type and fuel. */
export function findClash(
  db: Db,
  entityCode: string,
  values: { name: string; vehicle_type: string; fuel: string },
  exceptId: number | null,
) {
  let q = carbonDb(db)
    .selectFrom('carbon_emissions_category')
    .where('entity_code', '=', entityCode)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), '=', values.name.toLowerCase()),
        eb.and([eb('vehicle_type', '=', values.vehicle_type), eb('fuel', '=', values.fuel)]),
      ]),
    )
  if (exceptId !== null) q = q.where('id', '!=', exceptId)
  return q.select(['id', 'name', 'vehicle_type', 'fuel']).execute()
}

/** Enrolled vehicles per vehicle type and fuel in the exchange's programme. */
export async function vehicleCounts(db: Db, crxEntityCode: string): Promise<Map<string, number>> {
  const rows = await carbonDb(db)
    .selectFrom('carbon_vehicle')
    .where('crx_entity_code', '=', crxEntityCode)
    .select((eb) => ['vehicle_type', 'fuel', eb.fn.countAll<number | string>().as('count')])
    .groupBy(['vehicle_type', 'fuel'])
    .execute()
  return new Map(rows.map((r) => [`${r.vehicle_type}|${r.fuel}`, Number(r.count)]))
}

export async function insertCategory(
  db: Db,
  values: Omit<CarbonEmissionsCategoryTable, 'id'>,
): Promise<number> {
  const row = await carbonDb(db)
    .insertInto('carbon_emissions_category')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function updateCategory(
  db: Db,
  entityCode: string,
  id: number,
  values: Partial<Omit<CarbonEmissionsCategoryTable, 'id' | 'entity_code' | 'created_at'>>,
): Promise<void> {
  await carbonDb(db)
    .updateTable('carbon_emissions_category')
    .set(values)
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .execute()
}
