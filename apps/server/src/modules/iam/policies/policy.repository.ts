import type { Insertable } from 'kysely'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { IamPolicyRow, IamPolicyTable } from './policy.table'

/** Policies an entity can see and use: the presets (no entity) and its own. */
function visible(db: Db, entityCode: string) {
  return db
    .selectFrom('iam_policy')
    .where((eb) =>
      eb.or([eb('iam_policy.entity_code', '=', entityCode), eb('iam_policy.entity_code', 'is', null)]),
    )
}

export function findVisiblePolicy(db: Db, entityCode: string, id: number): Promise<IamPolicyRow | undefined> {
  return visible(db, entityCode).where('iam_policy.id', '=', id).selectAll().executeTakeFirst()
}

function filtered(db: Db, entityCode: string, f: { search?: string | undefined; type?: string | undefined }) {
  let q = visible(db, entityCode)
  if (f.type) q = q.where('iam_policy.type', '=', f.type as 'preset' | 'custom')
  const search = f.search
  if (search) q = q.where(() => containsInsensitive(db, 'iam_policy.name', search))
  return q
}

export function findPolicyPage(
  db: Db,
  entityCode: string,
  f: { limit: number; offset: number; search?: string | undefined; type?: string | undefined },
): Promise<IamPolicyRow[]> {
  return filtered(db, entityCode, f)
    .selectAll('iam_policy')
    .orderBy('iam_policy.type', 'desc')
    .orderBy('iam_policy.name')
    .orderBy('iam_policy.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countPolicies(
  db: Db,
  entityCode: string,
  f: { search?: string | undefined; type?: string | undefined },
) {
  const row = await filtered(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** How many roles of the entity bundle each policy, and how many users hold it directly. */
export async function policyUsage(db: Db, entityCode: string, ids: readonly number[]) {
  const roles = new Map<number, number>()
  const users = new Map<number, number>()
  if (ids.length === 0) return { roles, users }
  const roleRows = await db
    .selectFrom('iam_role_policy as rp')
    .innerJoin('iam_role as r', 'r.id', 'rp.role_id')
    .where('r.entity_code', '=', entityCode)
    .where('rp.policy_id', 'in', ids)
    .select(['rp.policy_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('rp.policy_id')
    .execute()
  for (const r of roleRows) roles.set(r.policy_id, Number(r.n))
  const userRows = await db
    .selectFrom('iam_grant')
    .where('entity_code', '=', entityCode)
    .where('policy_id', 'in', ids)
    .select(['policy_id', (eb) => eb.fn.count<number | string>('user_id').distinct().as('n')])
    .groupBy('policy_id')
    .execute()
  for (const u of userRows) if (u.policy_id !== null) users.set(u.policy_id, Number(u.n))
  return { roles, users }
}

export function insertPolicy(db: Db, row: Insertable<IamPolicyTable>): Promise<IamPolicyRow> {
  return db.insertInto('iam_policy').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Changes one of the entity's own policies; presets (no entity) are never matched. */
export async function updatePolicyRow(
  db: Db,
  entityCode: string,
  id: number,
  values: Pick<IamPolicyRow, 'name' | 'description' | 'statements' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('iam_policy')
    .set(values)
    .where('id', '=', id)
    .where('entity_code', '=', entityCode)
    .execute()
}

export async function deletePolicyRow(db: Db, entityCode: string, id: number): Promise<void> {
  await db.deleteFrom('iam_policy').where('id', '=', id).where('entity_code', '=', entityCode).execute()
}

/** The policies a user holds in an entity, directly or through roles, each with the set it was given on. */
export async function grantedStatements(db: Db, userId: number, entityCode: string) {
  const direct = db
    .selectFrom('iam_grant as g')
    .innerJoin('iam_policy as p', 'p.id', 'g.policy_id')
    .leftJoin('resource_set as s', 's.id', 'g.set_id')
    .where('g.user_id', '=', userId)
    .where('g.entity_code', '=', entityCode)
    .select(['p.statements', 's.code as set_code'])
  const viaRoles = db
    .selectFrom('iam_grant as g')
    .innerJoin('iam_role_policy as rp', 'rp.role_id', 'g.role_id')
    .innerJoin('iam_policy as p', 'p.id', 'rp.policy_id')
    .leftJoin('resource_set as s', 's.id', 'g.set_id')
    .where('g.user_id', '=', userId)
    .where('g.entity_code', '=', entityCode)
    .select(['p.statements', 's.code as set_code'])
  return direct.unionAll(viaRoles).execute()
}
