import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { ApiKeyRow } from './service-account.table'

/** The entity's service accounts that are not deleted, with their user row's name and uuid. */
function accounts(db: Db, entityCode: string) {
  return db
    .selectFrom('service_account as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .where('s.entity_code', '=', entityCode)
    .where('s.deleted_at', 'is', null)
    .where('u.kind', '=', 'service')
}

const ACCOUNT_COLUMNS = ['u.id', 'u.user_uuid', 'u.name', 's.description', 's.created_at'] as const

export type ServiceAccountRecord = NonNullable<Awaited<ReturnType<typeof findServiceAccount>>>

export function findServiceAccount(db: Db, entityCode: string, userUuid: string) {
  return accounts(db, entityCode)
    .where('u.user_uuid', '=', userUuid)
    .select(ACCOUNT_COLUMNS)
    .executeTakeFirst()
}

export async function findServiceAccountPage(
  db: Db,
  entityCode: string,
  f: { limit: number; offset: number; search?: string | undefined },
) {
  const search = f.search
  const filtered = () => {
    const q = accounts(db, entityCode)
    return search
      ? q.where((eb) => eb.or(['u.name', 's.description'].map((c) => containsInsensitive(db, c, search))))
      : q
  }
  const [rows, count] = await Promise.all([
    filtered()
      .select(ACCOUNT_COLUMNS)
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    filtered()
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(count.count) }
}

export async function insertServiceAccount(
  db: Db,
  a: { userId: number; entityCode: string; description: string | null; createdBy: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('service_account')
    .values({
      user_id: a.userId,
      entity_code: a.entityCode,
      description: a.description,
      created_by: a.createdBy,
      created_at: now,
      deleted_at: null,
    })
    .execute()
}

export async function updateServiceAccount(
  db: Db,
  entityCode: string,
  userId: number,
  fields: { name?: string | undefined; description?: string | null | undefined },
  now: number,
): Promise<void> {
  if (fields.name !== undefined)
    await db
      .updateTable('app_user')
      .set({ name: fields.name, updated_at: now })
      .where('id', '=', userId)
      .execute()
  if (fields.description !== undefined)
    await db
      .updateTable('service_account')
      .set({ description: fields.description })
      .where('entity_code', '=', entityCode)
      .where('user_id', '=', userId)
      .execute()
}

/** Deleting keeps the rows (the audit trail names the account) and ends its keys, grants and membership. */
export async function markServiceAccountDeleted(db: Db, entityCode: string, userId: number, now: number) {
  await db
    .updateTable('service_account')
    .set({ deleted_at: now })
    .where('entity_code', '=', entityCode)
    .where('user_id', '=', userId)
    .execute()
  await db
    .updateTable('app_user')
    .set({ status: 4, updated_at: now })
    .where('id', '=', userId)
    .where('kind', '=', 'service')
    .execute()
  await revokeKeysOf(db, entityCode, userId, now)
  await db
    .deleteFrom('iam_grant')
    .where('entity_code', '=', entityCode)
    .where('user_id', '=', userId)
    .execute()
  await db
    .deleteFrom('membership')
    .where('entity_code', '=', entityCode)
    .where('user_id', '=', userId)
    .execute()
}

/** Keys neither revoked nor expired, by account. */
export async function countActiveKeys(
  db: Db,
  entityCode: string,
  userIds: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (userIds.length === 0) return out
  const rows = await db
    .selectFrom('api_key')
    .where('entity_code', '=', entityCode)
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('user_id')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .execute()
  for (const r of rows) out.set(r.user_id, Number(r.count))
  return out
}

export async function insertApiKey(
  db: Db,
  k: Omit<ApiKeyRow, 'id' | 'last_used_at' | 'last_used_ip' | 'revoked_at'>,
): Promise<void> {
  await db
    .insertInto('api_key')
    .values({ ...k, last_used_at: null, last_used_ip: null, revoked_at: null })
    .execute()
}

function keysWithCreator(db: Db, entityCode: string, userId: number) {
  return db
    .selectFrom('api_key as k')
    .leftJoin('app_user as c', 'c.id', 'k.created_by')
    .where('k.entity_code', '=', entityCode)
    .where('k.user_id', '=', userId)
    .selectAll('k')
    .select('c.name as created_by_name')
}

/** Every key of the account, newest first (revoked ones too: the list shows when each was revoked). */
export function listApiKeys(db: Db, entityCode: string, userId: number) {
  return keysWithCreator(db, entityCode, userId).orderBy('k.id', 'desc').execute()
}

export function findApiKey(db: Db, entityCode: string, userId: number, uuid: string) {
  return keysWithCreator(db, entityCode, userId).where('k.uuid', '=', uuid).executeTakeFirst()
}

export async function revokeApiKey(db: Db, entityCode: string, id: number, now: number): Promise<void> {
  await db
    .updateTable('api_key')
    .set({ revoked_at: now })
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function revokeKeysOf(db: Db, entityCode: string, userId: number, now: number): Promise<void> {
  await db
    .updateTable('api_key')
    .set({ revoked_at: now })
    .where('entity_code', '=', entityCode)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * A key by its digest with what authenticating it needs: its account's standing and membership. Read on every
 * request with the key (no cache), so a revocation holds on every instance from the next request.
 */
export function findKeyForAuth(db: Db, digest: string) {
  return db
    .selectFrom('api_key as k')
    .innerJoin('app_user as u', 'u.id', 'k.user_id')
    .innerJoin('service_account as s', (j) =>
      j.onRef('s.user_id', '=', 'k.user_id').onRef('s.entity_code', '=', 'k.entity_code'),
    )
    .leftJoin('membership as m', (j) =>
      j.onRef('m.user_id', '=', 'k.user_id').onRef('m.entity_code', '=', 'k.entity_code'),
    )
    .where('k.digest', '=', digest)
    .where('u.kind', '=', 'service')
    .select([
      'k.id',
      'k.uuid',
      'k.name',
      'k.entity_code',
      'k.expires_at',
      'k.revoked_at',
      'u.id as user_id',
      'u.user_uuid',
      'u.username',
      'u.status',
      's.deleted_at',
      'm.relation',
    ])
    .executeTakeFirst()
}

export async function recordKeyUse(db: Db, id: number, at: number, ip: string | null): Promise<void> {
  await db.updateTable('api_key').set({ last_used_at: at, last_used_ip: ip }).where('id', '=', id).execute()
}
