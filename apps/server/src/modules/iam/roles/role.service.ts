import type { Role, RoleWriteRequest } from '@portal/contract'
import type { roleWriteRequest } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { fieldError, HttpError, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { containsInsensitive } from '../../../lib/sql'
import { auditChange } from '../audit/audit.service'
import type { IamRoleRow } from '../policies/policy.table'

type RoleInput = z.output<typeof roleWriteRequest>

function filtered(db: Db, entityCode: string, search: string | undefined) {
  let q = db.selectFrom('iam_role').where('iam_role.entity_code', '=', entityCode)
  if (search) q = q.where(() => containsInsensitive(db, 'iam_role.name', search))
  return q
}

async function toRoles(db: Db, entityCode: string, rows: IamRoleRow[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id)
  if (ids.length === 0) return []
  const policies = await db
    .selectFrom('iam_role_policy as rp')
    .innerJoin('iam_policy as p', 'p.id', 'rp.policy_id')
    .where('rp.role_id', 'in', ids)
    .select(['rp.role_id', 'p.id', 'p.name'])
    .orderBy('p.name')
    .execute()
  const users = await db
    .selectFrom('iam_grant')
    .where('entity_code', '=', entityCode)
    .where('role_id', 'in', ids)
    .select(['role_id', (eb) => eb.fn.count<number | string>('user_id').distinct().as('n')])
    .groupBy('role_id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    entity_code: r.entity_code,
    policies: policies.filter((p) => p.role_id === r.id).map((p) => ({ id: p.id, name: p.name })),
    user_count: Number(users.find((u) => u.role_id === r.id)?.n ?? 0),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }))
}

export async function getRole(db: Db, caller: Caller, id: number): Promise<Role> {
  const row = await db
    .selectFrom('iam_role')
    .where('entity_code', '=', caller.auth.entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
  if (!row) throw notFound('Role')
  const [role] = await toRoles(db, caller.auth.entityCode, [row])
  if (!role) throw notFound('Role')
  return role
}

export async function filterRoles(
  db: Db,
  caller: Caller,
  f: { limit: number; offset: number; search?: string | undefined },
) {
  const entityCode = caller.auth.entityCode
  const [rows, count] = await Promise.all([
    filtered(db, entityCode, f.search)
      .selectAll('iam_role')
      .orderBy('iam_role.name')
      .orderBy('iam_role.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    filtered(db, entityCode, f.search)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  return { roles: await toRoles(db, entityCode, rows), count: Number(count.count) }
}

export async function searchRoles(db: Db, caller: Caller, query: string, limit: number) {
  return filtered(db, caller.auth.entityCode, query || undefined)
    .select(['iam_role.id', 'iam_role.name'])
    .orderBy('iam_role.name')
    .limit(limit)
    .execute()
}

/** Every policy of a role must be one the entity can use (a preset or its own). */
async function checkPolicies(db: Db, entityCode: string, ids: readonly number[]) {
  const found = await db
    .selectFrom('iam_policy')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('entity_code', '=', entityCode), eb('entity_code', 'is', null)]))
    .select('id')
    .execute()
  const missing = ids.filter((id) => !found.some((f) => f.id === id))
  if (missing.length > 0)
    throw fieldError('body.policy_ids', `Unknown policy: ${missing.join(', ')}`, 'unknown_reference', {
      values: missing,
    })
}

async function nameTaken(db: Db, entityCode: string, name: string, exceptId?: number) {
  let q = db.selectFrom('iam_role').where('entity_code', '=', entityCode).where('name', '=', name)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  if (await q.select('id').executeTakeFirst())
    throw fieldError('body.name', 'A role with this name already exists', 'taken')
}

export async function createRole(db: Db, caller: Caller, input: RoleWriteRequest & RoleInput): Promise<Role> {
  const entityCode = caller.auth.entityCode
  await checkPolicies(db, entityCode, input.policy_ids)
  await nameTaken(db, entityCode, input.name)
  const now = Date.now()
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('iam_role')
      .values({
        entity_code: entityCode,
        name: input.name,
        description: input.description,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('iam_role_policy')
      .values([...new Set(input.policy_ids)].map((policy_id) => ({ role_id: row.id, policy_id })))
      .execute()
    return row.id
  })
  const role = await getRole(db, caller, id)
  await auditChange(db, caller, 'role_created', 'role', id, null, role)
  return role
}

export async function updateRole(db: Db, caller: Caller, id: number, input: RoleInput): Promise<Role> {
  const before = await getRole(db, caller, id)
  await checkPolicies(db, caller.auth.entityCode, input.policy_ids)
  await nameTaken(db, caller.auth.entityCode, input.name, id)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('iam_role')
      .set({ name: input.name, description: input.description, updated_at: Date.now() })
      .where('id', '=', id)
      .where('entity_code', '=', caller.auth.entityCode)
      .execute()
    await trx.deleteFrom('iam_role_policy').where('role_id', '=', id).execute()
    await trx
      .insertInto('iam_role_policy')
      .values([...new Set(input.policy_ids)].map((policy_id) => ({ role_id: id, policy_id })))
      .execute()
  })
  const after = await getRole(db, caller, id)
  await auditChange(db, caller, 'role_updated', 'role', id, before, after)
  return after
}

export async function deleteRole(db: Db, caller: Caller, id: number): Promise<void> {
  const role = await getRole(db, caller, id)
  if (role.user_count > 0) {
    throw new HttpError(
      409,
      'CONFLICT',
      `This role is given to ${String(role.user_count)} user(s); take it from them first`,
    )
  }
  await db
    .deleteFrom('iam_role')
    .where('id', '=', id)
    .where('entity_code', '=', caller.auth.entityCode)
    .execute()
  await auditChange(db, caller, 'role_deleted', 'role', id, role, null)
}
