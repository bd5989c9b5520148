import type { Policy, PolicyStatement, PolicyWriteRequest, policyWriteRequest } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { forbidden, HttpError, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../audit/audit.service'
import {
  countPolicies,
  deletePolicyRow,
  findPolicyPage,
  findVisiblePolicy,
  insertPolicy,
  policyUsage,
  updatePolicyRow,
} from './policy.repository'
import type { IamPolicyRow } from './policy.table'

type PolicyInput = z.output<typeof policyWriteRequest>

function toPolicy(
  row: IamPolicyRow,
  usage: { roles: Map<number, number>; users: Map<number, number> },
): Policy {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    entity_code: row.entity_code,
    statements: parseJson<PolicyStatement[]>(row.statements, []),
    role_count: usage.roles.get(row.id) ?? 0,
    user_count: usage.users.get(row.id) ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

async function withUsage(db: Db, entityCode: string, rows: IamPolicyRow[]): Promise<Policy[]> {
  const usage = await policyUsage(
    db,
    entityCode,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toPolicy(r, usage))
}

export async function getPolicy(db: Db, caller: Caller, id: number): Promise<Policy> {
  const row = await findVisiblePolicy(db, caller.auth.entityCode, id)
  if (!row) throw notFound('Policy')
  const [policy] = await withUsage(db, caller.auth.entityCode, [row])
  if (!policy) throw notFound('Policy')
  return policy
}

export async function filterPolicies(
  db: Db,
  caller: Caller,
  f: { limit: number; offset: number; search?: string | undefined; type?: string | undefined },
) {
  const [rows, count] = await Promise.all([
    findPolicyPage(db, caller.auth.entityCode, f),
    countPolicies(db, caller.auth.entityCode, f),
  ])
  return { policies: await withUsage(db, caller.auth.entityCode, rows), count }
}

export async function searchPolicies(db: Db, caller: Caller, query: string, limit: number) {
  const rows = await findPolicyPage(db, caller.auth.entityCode, {
    limit,
    offset: 0,
    search: query || undefined,
  })
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type }))
}

/** A custom policy of the caller's entity; presets and other entities' policies cannot be changed. */
async function ownCustom(db: Db, caller: Caller, id: number): Promise<IamPolicyRow> {
  const row = await findVisiblePolicy(db, caller.auth.entityCode, id)
  if (!row) throw notFound('Policy')
  if (row.type === 'preset')
    throw forbidden('Preset policies cannot be changed; copy one into a custom policy instead')
  return row
}

export async function createPolicy(
  db: Db,
  caller: Caller,
  input: PolicyWriteRequest & PolicyInput,
): Promise<Policy> {
  const now = Date.now()
  const row = await insertPolicy(db, {
    entity_code: caller.auth.entityCode,
    name: input.name,
    description: input.description,
    type: 'custom',
    statements: JSON.stringify(input.statements),
    created_at: now,
    updated_at: now,
  })
  const policy = toPolicy(row, { roles: new Map(), users: new Map() })
  await auditChange(db, caller, 'policy_created', 'policy', row.id, null, policy)
  return policy
}

export async function updatePolicy(db: Db, caller: Caller, id: number, input: PolicyInput): Promise<Policy> {
  const before = await ownCustom(db, caller, id)
  await updatePolicyRow(db, caller.auth.entityCode, id, {
    name: input.name,
    description: input.description,
    statements: JSON.stringify(input.statements),
    updated_at: Date.now(),
  })
  const after = await getPolicy(db, caller, id)
  await auditChange(
    db,
    caller,
    'policy_updated',
    'policy',
    id,
    toPolicy(before, { roles: new Map(), users: new Map() }),
    after,
  )
  return after
}

/** A policy still bundled in roles or held by users is not deleted: access must not vanish silently. */
export async function deletePolicy(db: Db, caller: Caller, id: number): Promise<void> {
  const row = await ownCustom(db, caller, id)
  const policy = await getPolicy(db, caller, id)
  if (policy.role_count > 0 || policy.user_count > 0) {
    throw new HttpError(
      409,
      'CONFLICT',
      `This policy is in use by ${String(policy.role_count)} role(s) and ${String(policy.user_count)} user(s); remove it from them first`,
    )
  }
  await deletePolicyRow(db, caller.auth.entityCode, row.id)
  await auditChange(db, caller, 'policy_deleted', 'policy', id, policy, null)
}
