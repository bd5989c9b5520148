import type { Insertable } from 'kysely'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { IamRoleRow, IamRoleTable } from '../policies/policy.table'

function filtered(db: Db, entityCode: string, search: string | undefined) {
  let q = db.selectFrom('iam_role').where('iam_role.entity_code', '=', entityCode)
  if (search) q = q.where(() => containsInsensitive(db, 'iam_role.name', search))
  return q
}

export function findRolePage(
  db: Db,
  entityCode: string,
  f: { limit: number; offset: number; search?: string | undefined },
): Promise<IamRoleRow[]> {
  return filtered(db, entityCode, f.search)
    .selectAll('iam_role')
    .orderBy('iam_role.name')
    .orderBy('iam_role.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countRoles(db: Db, entityCode: string, search: string | undefined): Promise<number> {
  const row = await filtered(db, entityCode, search)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Id and name of the first `limit` roles by name, for a picker. */
export function findRoleOptions(
  db: Db,
  entityCode: string,
  search: string | undefined,
  limit: number,
): Promise<Pick<IamRoleRow, 'id' | 'name'>[]> {
  return filtered(db, entityCode, search)
    .select(['iam_role.id', 'iam_role.name'])
    .orderBy('iam_role.name')
    .limit(limit)
    .execute()
}

export function findRole(db: Db, entityCode: string, id: number): Promise<IamRoleRow | undefined> {
  return db
    .selectFrom('iam_role')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

/** The policies bundled in these roles, by policy name. */
export function findRolePolicies(
  db: Db,
  roleIds: readonly number[],
): Promise<{ role_id: number; id: number; name: string }[]> {
  return db
    .selectFrom('iam_role_policy as rp')
    .innerJoin('iam_policy as p', 'p.id', 'rp.policy_id')
    .where('rp.role_id', 'in', roleIds)
    .select(['rp.role_id', 'p.id', 'p.name'])
    .orderBy('p.name')
    .execute()
}

/** How many distinct users of the entity hold each of these roles; roles nobody holds are left out. */
export async function roleUserCounts(
  db: Db,
  entityCode: string,
  roleIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('iam_grant')
    .where('entity_code', '=', entityCode)
    .where('role_id', 'in', roleIds)
    .select(['role_id', (eb) => eb.fn.count<number | string>('user_id').distinct().as('n')])
    .groupBy('role_id')
    .execute()
  const counts = new Map<number, number>()
  for (const r of rows) if (r.role_id !== null) counts.set(r.role_id, Number(r.n))
  return counts
}

/** Which of these policies the entity can use: the presets (no entity) and its own. */
export async function usablePolicyIds(db: Db, entityCode: string, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('iam_policy')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('entity_code', '=', entityCode), eb('entity_code', 'is', null)]))
    .select('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Whether another role of the entity (not `exceptId`) already has this name. */
export async function isRoleNameTaken(
  db: Db,
  entityCode: string,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db.selectFrom('iam_role').where('entity_code', '=', entityCode).where('name', '=', name)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  return (await q.select('id').executeTakeFirst()) !== undefined
}

/** Inserts a role and answers its id. */
export async function insertRole(db: Db, row: Insertable<IamRoleTable>): Promise<number> {
  const inserted = await db.insertInto('iam_role').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

export async function updateRoleRow(
  db: Db,
  entityCode: string,
  id: number,
  values: Pick<IamRoleRow, 'name' | 'description' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('iam_role')
    .set(values)
    .where('id', '=', id)
    .where('entity_code', '=', entityCode)
    .execute()
}

/** Bundles the policies in the role; a policy listed twice is bundled once. */
export async function insertRolePolicies(
  db: Db,
  roleId: number,
  policyIds: readonly number[],
): Promise<void> {
  await db
    .insertInto('iam_role_policy')
    .values([...new Set(policyIds)].map((policy_id) => ({ role_id: roleId, policy_id })))
    .execute()
}

/** Replaces the policies bundled in the role with these. */
export async function replaceRolePolicies(
  db: Db,
  roleId: number,
  policyIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('iam_role_policy').where('role_id', '=', roleId).execute()
  await insertRolePolicies(db, roleId, policyIds)
}

export async function deleteRoleRow(db: Db, entityCode: string, id: number): Promise<void> {
  await db.deleteFrom('iam_role').where('id', '=', id).where('entity_code', '=', entityCode).execute()
}
