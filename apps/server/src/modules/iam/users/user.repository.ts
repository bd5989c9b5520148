import type { Db } from '../../../db/database'
import type { AppUserRow } from './user.table'

export function findUserByUsername(db: Db, username: string): Promise<AppUserRow | undefined> {
  return db.selectFrom('app_user').where('username', '=', username).selectAll().executeTakeFirst()
}

export function findUserByUuid(db: Db, userUuid: string): Promise<AppUserRow | undefined> {
  return db.selectFrom('app_user').where('user_uuid', '=', userUuid).selectAll().executeTakeFirst()
}

export function findUserById(db: Db, id: number): Promise<AppUserRow | undefined> {
  return db.selectFrom('app_user').where('id', '=', id).selectAll().executeTakeFirst()
}

export function membershipsOf(db: Db, userId: number) {
  return db
    .selectFrom('membership')
    .where('user_id', '=', userId)
    .select(['entity_code', 'relation'])
    .orderBy('relation')
    .orderBy('entity_code')
    .execute()
}

export async function membershipOf(db: Db, userId: number, entityCode: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('membership')
    .where('user_id', '=', userId)
    .where('entity_code', '=', entityCode)
    .select('relation')
    .executeTakeFirst()
  return row?.relation
}

/** True when the user owns (0) or administers (1) one of the entities. */
export async function administersAny(
  db: Db,
  userId: number,
  entityCodes: readonly string[],
): Promise<boolean> {
  if (entityCodes.length === 0) return false
  const row = await db
    .selectFrom('membership')
    .where('user_id', '=', userId)
    .where('entity_code', 'in', entityCodes)
    .where('relation', 'in', [0, 1])
    .select('entity_code')
    .executeTakeFirst()
  return row !== undefined
}

/** True when the user is a member of the entity (any relation); scoping for user lookups. */
export async function isMemberOf(db: Db, userId: number, entityCode: string): Promise<boolean> {
  return (await membershipOf(db, userId, entityCode)) !== undefined
}
