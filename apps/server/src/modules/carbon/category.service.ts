import type {
  EmissionsCategory,
  EmissionsCategoryFilter,
  EmissionsCategoryFilterData,
  EmissionsCategoryWrite,
} from '@portal/contract'
import { factorToGrams, fuels, kgOf, labelOf, vehicleTypes } from '@portal/contract'
import type { Db } from '../../db/database'
import { fieldError, notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { isUniqueViolation } from '../payment/payment-configs/settings-errors'
import type { CarbonEmissionsCategoryRow } from './carbon.table'
import {
  countCategories,
  findCategory,
  findCategoryPage,
  findClash,
  insertCategory,
  updateCategory,
  vehicleCounts,
} from './category.repository'

/*
 * The exchange's emissions categories (docs/decisions/0027-carbon-credits.md). They belong to the entity that made
 * them: another entity's id is a 404. A record keeps the factor and scenario name it was computed with, so changing
 * a category changes the records derived after the change, never the credits already issued.
 */

function toApi(row: CarbonEmissionsCategoryRow, vehicles: Map<string, number>): EmissionsCategory {
  return {
    id: row.id,
    name: row.name,
    vehicle_type: row.vehicle_type,
    fuel: row.fuel,
    emission_factor: kgOf(row.emission_factor_g),
    description: row.description,
    vehicles: vehicles.get(`${row.vehicle_type}|${row.fuel}`) ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export async function filterCategories(
  db: Db,
  entityCode: string,
  body: EmissionsCategoryFilter,
): Promise<EmissionsCategoryFilterData> {
  const { limit: _limit, offset: _offset, ...filters } = body
  const [rows, count, vehicles] = await Promise.all([
    findCategoryPage(db, entityCode, body),
    countCategories(db, entityCode, filters),
    vehicleCounts(db, entityCode),
  ])
  return { categories: rows.map((r) => toApi(r, vehicles)), count }
}

export async function getCategory(db: Db, entityCode: string, id: number): Promise<EmissionsCategory> {
  const row = await findCategory(db, entityCode, id)
  if (!row) throw notFound('Emissions category')
  return toApi(row, await vehicleCounts(db, entityCode))
}

/** The same name (in any case), or the same vehicle type and fuel, as another category: a 400 on that field. */
async function assertNoClash(
  db: Db,
  entityCode: string,
  body: EmissionsCategoryWrite,
  exceptId: number | null,
) {
  const clashes = await findClash(db, entityCode, body, exceptId)
  const sameName = clashes.find((c) => c.name.toLowerCase() === body.name.toLowerCase())
  if (sameName) throw fieldError('body.name', 'Another emissions category already has this name', 'taken')
  const sameKind = clashes.find((c) => c.vehicle_type === body.vehicle_type && c.fuel === body.fuel)
  if (sameKind) {
    throw fieldError(
      'body.fuel',
      `"${sameKind.name}" is already the category of ${labelOf(vehicleTypes, body.vehicle_type)} on ${labelOf(fuels, body.fuel).toLowerCase()}`,
    )
  }
}

/** A lost race with another save of the same name or kind reads like the check above. */
function clashOf(error: unknown): never {
  if (isUniqueViolation(error))
    throw fieldError('body.name', 'Another emissions category already has this name or kind', 'taken')
  throw error
}

export async function createCategory(
  db: Db,
  caller: Caller,
  body: EmissionsCategoryWrite,
  now = Date.now(),
): Promise<EmissionsCategory> {
  const entityCode = caller.auth.entityCode
  await assertNoClash(db, entityCode, body, null)
  const values = {
    entity_code: entityCode,
    name: body.name,
    vehicle_type: body.vehicle_type,
    fuel: body.fuel,
    emission_factor_g: factorToGrams(body.emission_factor),
    description: body.description,
    created_at: now,
    updated_at: now,
  }
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const newId = await insertCategory(trx, values)
      await auditChange(
        trx,
        caller,
        'carbon_category_created',
        'carbon_emissions_category',
        newId,
        null,
        values,
      )
      return newId
    })
    .catch(clashOf)
  return getCategory(db, entityCode, id)
}

export async function changeCategory(
  db: Db,
  caller: Caller,
  id: number,
  body: EmissionsCategoryWrite,
  now = Date.now(),
): Promise<EmissionsCategory> {
  const entityCode = caller.auth.entityCode
  const before = await findCategory(db, entityCode, id)
  if (!before) throw notFound('Emissions category')
  await assertNoClash(db, entityCode, body, id)
  const values = {
    name: body.name,
    vehicle_type: body.vehicle_type,
    fuel: body.fuel,
    emission_factor_g: factorToGrams(body.emission_factor),
    description: body.description,
    updated_at: now,
  }
  await db
    .transaction()
    .execute(async (trx) => {
      await updateCategory(trx, entityCode, id, values)
      await auditChange(
        trx,
        caller,
        'carbon_category_changed',
        'carbon_emissions_category',
        id,
        before,
        values,
      )
    })
    .catch(clashOf)
  return getCategory(db, entityCode, id)
}
