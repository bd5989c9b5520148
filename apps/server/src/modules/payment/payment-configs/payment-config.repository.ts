import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { PaymentOptionRow, PaymentOptionTable, UserPaymentConfigTable } from './payment-config.table'

/** Every query of entity payment options and user payment configs; each takes the entity scope. */

export interface PaymentOptionFilter {
  limit: number
  offset: number
  method_code?: number | undefined
  is_enabled?: boolean | undefined
}

function optionsOf(db: Db, entityCode: string, f: Omit<PaymentOptionFilter, 'limit' | 'offset'>) {
  let q = db.selectFrom('payment_option').where('payment_option.entity_code', '=', entityCode)
  if (f.method_code !== undefined) q = q.where('payment_option.method_code', '=', f.method_code)
  if (f.is_enabled !== undefined) q = q.where('payment_option.is_enabled', '=', f.is_enabled ? 1 : 0)
  return q
}

export function findOptions(db: Db, entityCode: string, f: PaymentOptionFilter) {
  return optionsOf(db, entityCode, f)
    .selectAll('payment_option')
    .orderBy('payment_option.method_code')
    .orderBy('payment_option.gateway_code')
    .orderBy('payment_option.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countOptions(db: Db, entityCode: string, f: PaymentOptionFilter): Promise<number> {
  const row = await optionsOf(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findOption(db: Db, entityCode: string, id: number) {
  return db
    .selectFrom('payment_option')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

/** The option of the entity for a method and gateway, other than `exceptId` (the uniqueness rule). */
export function findOptionFor(
  db: Db,
  entityCode: string,
  methodCode: number,
  gatewayCode: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('payment_option')
    .where('entity_code', '=', entityCode)
    .where('method_code', '=', methodCode)
    .where('gateway_code', '=', gatewayCode)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  return q.select('id').executeTakeFirst()
}

/** How many user configs use each of the options. */
export async function userConfigCounts(
  db: Db,
  entityCode: string,
  optionIds: readonly number[],
): Promise<Map<number, number>> {
  if (optionIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('user_payment_config')
    .where('entity_code', '=', entityCode)
    .where('option_id', 'in', optionIds)
    .select(['option_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('option_id')
    .execute()
  return new Map(rows.map((r) => [r.option_id, Number(r.n)]))
}

export interface UserConfigFilter {
  limit: number
  offset: number
  user_uuid?: string | undefined
  option_id?: number | undefined
  is_enabled?: boolean | undefined
}

function userConfigsOf(db: Db, entityCode: string, f: Omit<UserConfigFilter, 'limit' | 'offset'> = {}) {
  let q = db
    .selectFrom('user_payment_config as c')
    .innerJoin('app_user as u', 'u.id', 'c.user_id')
    .innerJoin('payment_option as o', 'o.id', 'c.option_id')
    .where('c.entity_code', '=', entityCode)
    .where('o.entity_code', '=', entityCode)
  if (f.user_uuid !== undefined) q = q.where('u.user_uuid', '=', f.user_uuid)
  if (f.option_id !== undefined) q = q.where('c.option_id', '=', f.option_id)
  if (f.is_enabled !== undefined) q = q.where('c.is_enabled', '=', f.is_enabled ? 1 : 0)
  return q
}

const userConfigColumns = [
  'c.id',
  'c.option_id',
  'c.daily_limit',
  'c.is_enabled',
  'c.created_at',
  'c.updated_at',
  'u.user_uuid',
  'u.username',
  'u.name as user_name',
  'o.display_name as option_display_name',
  'o.method_code',
  'o.gateway_code',
  'o.currency_code',
] as const

export function findUserConfigs(db: Db, entityCode: string, f: UserConfigFilter) {
  return userConfigsOf(db, entityCode, f)
    .select(userConfigColumns)
    .orderBy('u.username')
    .orderBy('c.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countUserConfigs(db: Db, entityCode: string, f: UserConfigFilter): Promise<number> {
  const row = await userConfigsOf(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findUserConfigsById(db: Db, entityCode: string, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return userConfigsOf(db, entityCode).where('c.id', 'in', ids).select(userConfigColumns).execute()
}

export type UserConfigView = Awaited<ReturnType<typeof findUserConfigs>>[number]

/** A member of the entity (any relation) by uuid: only they can be given a user payment config. */
export function findMember(db: Db, entityCode: string, userUuid: string) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('membership as m', 'm.user_id', 'u.id')
    .where('m.entity_code', '=', entityCode)
    .where('u.kind', '=', 'person')
    .where('u.user_uuid', '=', userUuid)
    .select(['u.id', 'u.user_uuid', 'u.name', 'u.username'])
    .executeTakeFirst()
}

export function searchMembers(db: Db, entityCode: string, query: string, limit: number) {
  let q = db
    .selectFrom('app_user as u')
    .innerJoin('membership as m', 'm.user_id', 'u.id')
    .where('m.entity_code', '=', entityCode)
    .where('u.kind', '=', 'person')
  if (query !== '')
    q = q.where((eb) =>
      eb.or([containsInsensitive(db, 'u.name', query), containsInsensitive(db, 'u.username', query)]),
    )
  return q
    .select(['u.user_uuid', 'u.name', 'u.username'])
    .orderBy('u.name')
    .orderBy('u.id')
    .limit(limit)
    .execute()
}

export async function insertOption(db: Db, row: Insertable<PaymentOptionTable>): Promise<PaymentOptionRow> {
  return db.insertInto('payment_option').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Replaces an option's columns; returns the row as stored. */
export async function updateOption(
  db: Db,
  entityCode: string,
  id: number,
  changes: Updateable<PaymentOptionTable>,
): Promise<PaymentOptionRow> {
  return db
    .updateTable('payment_option')
    .set(changes)
    .where('id', '=', id)
    .where('entity_code', '=', entityCode)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Ids of the user configs that use an option. */
export async function findUserConfigIdsOfOption(
  db: Db,
  entityCode: string,
  optionId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('user_payment_config')
    .where('entity_code', '=', entityCode)
    .where('option_id', '=', optionId)
    .select('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Deletes an option and the user configs that use it. */
export async function deleteOptionAndConfigs(db: Db, entityCode: string, id: number): Promise<void> {
  await db
    .deleteFrom('user_payment_config')
    .where('entity_code', '=', entityCode)
    .where('option_id', '=', id)
    .execute()
  await db.deleteFrom('payment_option').where('entity_code', '=', entityCode).where('id', '=', id).execute()
}

/** The id of a member's config for an option, if there is one. */
export async function findUserConfigIdFor(
  db: Db,
  optionId: number,
  userId: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('user_payment_config')
    .where('option_id', '=', optionId)
    .where('user_id', '=', userId)
    .select('id')
    .executeTakeFirst()
}

/** Inserts a user config; returns its id. */
export async function insertUserConfig(db: Db, row: Insertable<UserPaymentConfigTable>): Promise<number> {
  const inserted = await db
    .insertInto('user_payment_config')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export async function updateUserConfig(
  db: Db,
  entityCode: string,
  id: number,
  changes: Updateable<UserPaymentConfigTable>,
): Promise<void> {
  await db
    .updateTable('user_payment_config')
    .set(changes)
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .execute()
}

export async function deleteUserConfigRow(db: Db, entityCode: string, id: number): Promise<void> {
  await db
    .deleteFrom('user_payment_config')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .execute()
}
