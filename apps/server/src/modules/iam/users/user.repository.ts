import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { AppUserRow, NewAppUserRow } from './user.table'

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

/**
 * Records that the user's authenticator code of time step `step` was used, only if no code of that step or a later
 * one was: true for the one request that moved it forward, so a code is good once.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The entity's people: service accounts are members too, managed on their own page (docs/decisions/0114). */
function members(db: Db, entityCode: string) {
  return db
    .selectFrom('app_user')
    .innerJoin('membership', 'membership.user_id', 'app_user.id')
    .where('membership.entity_code', '=', entityCode)
    .where('app_user.kind', '=', 'person')
}

/** A member of the entity with their relation to it. */
export function findMember(
  db: Db,
  entityCode: string,
  userUuid: string,
): Promise<(AppUserRow & { relation: number }) | undefined> {
  return members(db, entityCode)
    .where('app_user.user_uuid', '=', userUuid)
    .selectAll('app_user')
    .select('membership.relation')
    .executeTakeFirst()
}

export interface MemberFilter {
  status_list?: number[] | undefined
  role_id?: number | undefined
  search?: string | undefined
}

function filteredMembers(db: Db, entityCode: string, f: MemberFilter) {
  let q = members(db, entityCode)
  if (f.status_list?.length) q = q.where('app_user.status', 'in', f.status_list)
  const roleId = f.role_id
  if (roleId !== undefined) {
    q = q.where('app_user.id', 'in', (eb) =>
      eb
        .selectFrom('iam_grant')
        .where('iam_grant.entity_code', '=', entityCode)
        .where('iam_grant.role_id', '=', roleId)
        .select('iam_grant.user_id'),
    )
  }
  const search = f.search
  if (search) {
    q = q.where((eb) =>
      eb.or(
        ['app_user.name', 'app_user.username', 'app_user.email', 'app_user.phone_number'].map((c) =>
          containsInsensitive(db, c, search),
        ),
      ),
    )
  }
  return q
}

/** One page of the entity's members by name, and the count of all that match. */
export async function findMemberPage(
  db: Db,
  entityCode: string,
  f: MemberFilter & { limit: number; offset: number },
): Promise<{ rows: (AppUserRow & { relation: number })[]; count: number }> {
  const [rows, count] = await Promise.all([
    filteredMembers(db, entityCode, f)
      .selectAll('app_user')
      .select('membership.relation')
      .orderBy('app_user.name')
      .orderBy('app_user.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    filteredMembers(db, entityCode, f)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(count.count) }
}

/** The names of the entity's members that match `query`, for pickers. */
export function searchMembers(db: Db, entityCode: string, query: string, limit: number) {
  return filteredMembers(db, entityCode, { search: query || undefined })
    .select(['app_user.user_uuid', 'app_user.name', 'app_user.username'])
    .orderBy('app_user.name')
    .limit(limit)
    .execute()
}

/** Inserts a user and answers its id. */
export async function insertUser(db: Db, values: NewAppUserRow): Promise<number> {
  const row = await db.insertInto('app_user').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function insertMembership(
  db: Db,
  m: { userId: number; entityCode: string; relation: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('membership')
    .values({ user_id: m.userId, entity_code: m.entityCode, relation: m.relation, created_at: now })
    .execute()
}

/** Changes the user's profile columns given in `fields`. */
export async function updateUserProfile(
  db: Db,
  userId: number,
  fields: { name?: string; email?: string | null; phone_number?: string | null; image_url?: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ ...fields, updated_at: now })
    .where('id', '=', userId)
    .execute()
}

export async function updateMembershipRelation(
  db: Db,
  userId: number,
  entityCode: string,
  relation: number,
): Promise<void> {
  await db
    .updateTable('membership')
    .set({ relation })
    .where('user_id', '=', userId)
    .where('entity_code', '=', entityCode)
    .execute()
}

/** One page of the entities below those the user owns (0) or administers (1), by name, and their count. */
export async function findChildEntityPage(db: Db, userId: number, limit: number, offset: number) {
  const parents = db
    .selectFrom('membership')
    .where('user_id', '=', userId)
    .where('relation', 'in', [0, 1])
    .select('entity_code')
  const q = db.selectFrom('entity').where('parent_code', 'in', parents)
  const [rows, count] = await Promise.all([
    q.select(['code', 'name', 'parent_code']).orderBy('name').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(count.count) }
}
