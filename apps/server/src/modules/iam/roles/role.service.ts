import type { Role, RoleWriteRequest } from '@portal/contract'
import type { roleWriteRequest } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { fieldError, HttpError, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../audit/audit.service'
import type { IamRoleRow } from '../policies/policy.table'
import {
  countRoles,
  deleteRoleRow,
  findRole,
  findRoleOptions,
  findRolePage,
  findRolePolicies,
  insertRole,
  insertRolePolicies,
  isRoleNameTaken,
  replaceRolePolicies,
  roleUserCounts,
  updateRoleRow,
  usablePolicyIds,
} from './role.repository'

type RoleInput = z.output<typeof roleWriteRequest>

async function toRoles(db: Db, entityCode: string, rows: IamRoleRow[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id)
  if (ids.length === 0) return []
  const policies = await findRolePolicies(db, ids)
  const users = await roleUserCounts(db, entityCode, ids)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    entity_code: r.entity_code,
    policies: policies.filter((p) => p.role_id === r.id).map((p) => ({ id: p.id, name: p.name })),
    user_count: users.get(r.id) ?? 0,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }))
}

export async function getRole(db: Db, caller: Caller, id: number): Promise<Role> {
  const row = await findRole(db, caller.auth.entityCode, id)
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
    findRolePage(db, entityCode, f),
    countRoles(db, entityCode, f.search),
  ])
  return { roles: await toRoles(db, entityCode, rows), count }
}

export async function searchRoles(db: Db, caller: Caller, query: string, limit: number) {
  return findRoleOptions(db, caller.auth.entityCode, query || undefined, limit)
}

/** Every policy of a role must be one the entity can use (a preset or its own). */
async function checkPolicies(db: Db, entityCode: string, ids: readonly number[]) {
  const found = await usablePolicyIds(db, entityCode, ids)
  const missing = ids.filter((id) => !found.includes(id))
  if (missing.length > 0)
    throw fieldError('body.policy_ids', `Unknown policy: ${missing.join(', ')}`, 'unknown_reference', {
      values: missing,
    })
}

async function nameTaken(db: Db, entityCode: string, name: string, exceptId?: number) {
  if (await isRoleNameTaken(db, entityCode, name, exceptId))
    throw fieldError('body.name', 'A role with this name already exists', 'taken')
}

export async function createRole(db: Db, caller: Caller, input: RoleWriteRequest & RoleInput): Promise<Role> {
  const entityCode = caller.auth.entityCode
  await checkPolicies(db, entityCode, input.policy_ids)
  await nameTaken(db, entityCode, input.name)
  const now = Date.now()
  const id = await db.transaction().execute(async (trx) => {
    const roleId = await insertRole(trx, {
      entity_code: entityCode,
      name: input.name,
      description: input.description,
      created_at: now,
      updated_at: now,
    })
    await insertRolePolicies(trx, roleId, input.policy_ids)
    return roleId
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
    await updateRoleRow(trx, caller.auth.entityCode, id, {
      name: input.name,
      description: input.description,
      updated_at: Date.now(),
    })
    await replaceRolePolicies(trx, id, input.policy_ids)
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
  await deleteRoleRow(db, caller.auth.entityCode, id)
  await auditChange(db, caller, 'role_deleted', 'role', id, role, null)
}
