import type { Insertable } from 'kysely'
import type { Db } from '../../../db/database'
import type { IntegrationOptionRow, IntegrationOptionTable } from './integration-option.table'

function optionsOf(db: Db, entityCode: string, typeCode: string | undefined) {
  let q = db.selectFrom('integration_option').where('entity_code', '=', entityCode)
  if (typeCode !== undefined) q = q.where('type_code', '=', typeCode)
  return q
}

export function findIntegrationOptionPage(
  db: Db,
  entityCode: string,
  f: { limit: number; offset: number; type_code?: string | undefined },
): Promise<IntegrationOptionRow[]> {
  return optionsOf(db, entityCode, f.type_code)
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countIntegrationOptions(
  db: Db,
  entityCode: string,
  typeCode: string | undefined,
): Promise<number> {
  const row = await optionsOf(db, entityCode, typeCode)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findIntegrationOption(
  db: Db,
  entityCode: string,
  id: number,
): Promise<IntegrationOptionRow | undefined> {
  return db
    .selectFrom('integration_option')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

/** Whether another option of the entity (not `exceptId`) already has this name. */
export async function isIntegrationOptionNameTaken(
  db: Db,
  entityCode: string,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db.selectFrom('integration_option').where('entity_code', '=', entityCode).where('name', '=', name)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  return (await q.select('id').executeTakeFirst()) !== undefined
}

export function insertIntegrationOption(
  db: Db,
  row: Insertable<IntegrationOptionTable>,
): Promise<IntegrationOptionRow> {
  return db.insertInto('integration_option').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Changes the entity's option and answers the stored row; throws when there is no such option. */
export function updateIntegrationOptionRow(
  db: Db,
  entityCode: string,
  id: number,
  values: Pick<
    IntegrationOptionRow,
    'type_code' | 'gateway_name' | 'name' | 'is_enabled' | 'config' | 'secrets' | 'updated_at'
  >,
): Promise<IntegrationOptionRow> {
  return db
    .updateTable('integration_option')
    .set(values)
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteIntegrationOptionRow(db: Db, entityCode: string, id: number): Promise<void> {
  await db
    .deleteFrom('integration_option')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .execute()
}
