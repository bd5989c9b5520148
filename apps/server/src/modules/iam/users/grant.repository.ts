import type { GrantInput, UserGrant } from '@portal/contract'
import type { Db } from '../../../db/database'
import { fieldError } from '../../../lib/errors'

/** The grants of users in an entity, with the names of their role, policy and set. */
export async function grantsOf(
  db: Db,
  entityCode: string,
  userIds: readonly number[],
): Promise<Map<number, UserGrant[]>> {
  const out = new Map<number, UserGrant[]>()
  if (userIds.length === 0) return out
  const rows = await db
    .selectFrom('iam_grant as g')
    .leftJoin('iam_role as r', 'r.id', 'g.role_id')
    .leftJoin('iam_policy as p', 'p.id', 'g.policy_id')
    .leftJoin('resource_set as s', 's.id', 'g.set_id')
    .where('g.entity_code', '=', entityCode)
    .where('g.user_id', 'in', userIds)
    .select([
      'g.id',
      'g.user_id',
      'r.id as role_id',
      'r.name as role_name',
      'p.id as policy_id',
      'p.name as policy_name',
      's.id as set_id',
      's.code as set_code',
      's.name as set_name',
    ])
    .orderBy('g.id')
    .execute()
  for (const r of rows) {
    const list = out.get(r.user_id) ?? []
    list.push({
      id: r.id,
      role: r.role_id !== null && r.role_name !== null ? { id: r.role_id, name: r.role_name } : null,
      policy:
        r.policy_id !== null && r.policy_name !== null ? { id: r.policy_id, name: r.policy_name } : null,
      set:
        r.set_id !== null && r.set_code !== null && r.set_name !== null
          ? { id: r.set_id, code: r.set_code, name: r.set_name }
          : null,
    })
    out.set(r.user_id, list)
  }
  return out
}

/** Every role, policy and set named must belong to the entity (policies may also be presets). */
export async function validateGrants(
  db: Db,
  entityCode: string,
  grants: readonly { role_id: number | null; policy_id: number | null; set_id: number | null }[],
) {
  for (const [i, g] of grants.entries()) {
    if (g.role_id !== null) {
      const role = await db
        .selectFrom('iam_role')
        .where('entity_code', '=', entityCode)
        .where('id', '=', g.role_id)
        .select('id')
        .executeTakeFirst()
      if (!role) throw fieldError(`body.grants.${String(i)}.role_id`, 'Unknown role', 'unknown_reference')
    }
    if (g.policy_id !== null) {
      const policyId = g.policy_id
      const policy = await db
        .selectFrom('iam_policy')
        .where('id', '=', policyId)
        .where((eb) => eb.or([eb('entity_code', '=', entityCode), eb('entity_code', 'is', null)]))
        .select('id')
        .executeTakeFirst()
      if (!policy)
        throw fieldError(`body.grants.${String(i)}.policy_id`, 'Unknown policy', 'unknown_reference')
    }
    if (g.set_id !== null) {
      const set = await db
        .selectFrom('resource_set')
        .where('entity_code', '=', entityCode)
        .where('id', '=', g.set_id)
        .select('id')
        .executeTakeFirst()
      if (!set) throw fieldError(`body.grants.${String(i)}.set_id`, 'Unknown set', 'unknown_reference')
    }
  }
}

export async function replaceGrants(
  db: Db,
  entityCode: string,
  userId: number,
  grants: readonly Required<{ [K in keyof GrantInput]: number | null }>[],
  now: number,
) {
  await db
    .deleteFrom('iam_grant')
    .where('entity_code', '=', entityCode)
    .where('user_id', '=', userId)
    .execute()
  if (grants.length === 0) return
  await db
    .insertInto('iam_grant')
    .values(
      grants.map((g) => ({
        entity_code: entityCode,
        user_id: userId,
        role_id: g.role_id,
        policy_id: g.policy_id,
        set_id: g.set_id,
        created_at: now,
      })),
    )
    .execute()
}
