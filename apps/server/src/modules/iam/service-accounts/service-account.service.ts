import type {
  GrantInput,
  ServiceAccount,
  serviceAccountCreateRequest,
  serviceAccountUpdateRequest,
} from '@portal/contract'
import { EntityRelation, UserStatus } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { fieldError, HttpError, notFound } from '../../../lib/errors'
import { hashPassword } from '../../../lib/passwords'
import type { Caller } from '../../../lib/request-meta'
import { newUuid } from '../../../lib/tokens'
import { auditChange } from '../audit/audit.service'
import { grantsOf, replaceGrants, validateGrants } from '../users/grant.repository'
import { insertMembership, insertUser } from '../users/user.repository'
import type { ServiceAccountRecord } from './service-account.repository'
import {
  countActiveKeys,
  findServiceAccount,
  findServiceAccountPage,
  insertServiceAccount,
  markServiceAccountDeleted,
  updateServiceAccount,
} from './service-account.repository'

type CreateInput = z.output<typeof serviceAccountCreateRequest>
type UpdateInput = z.output<typeof serviceAccountUpdateRequest>
type Grant = Required<{ [K in keyof GrantInput]: number | null }>

async function toItems(db: Db, entityCode: string, rows: ServiceAccountRecord[]): Promise<ServiceAccount[]> {
  const ids = rows.map((r) => r.id)
  const [grants, keys] = await Promise.all([
    grantsOf(db, entityCode, ids),
    countActiveKeys(db, entityCode, ids, Date.now()),
  ])
  return rows.map((r) => ({
    uuid: r.user_uuid,
    name: r.name,
    description: r.description,
    grants: grants.get(r.id) ?? [],
    active_keys: keys.get(r.id) ?? 0,
    created_at: r.created_at,
  }))
}

async function itemOf(db: Db, entityCode: string, uuid: string): Promise<ServiceAccount> {
  const row = await findServiceAccount(db, entityCode, uuid)
  if (!row) throw notFound('Service account')
  const [item] = await toItems(db, entityCode, [row])
  if (!item) throw notFound('Service account')
  return item
}

/**
 * `policy_ids` (each on everything) and `grants` (as for users) as one list of grants, every reference checked to
 * be the entity's; a bad one is a 400 naming the field it came from.
 */
async function grantsFrom(
  db: Db,
  entityCode: string,
  policyIds: readonly number[],
  grants: readonly Grant[],
): Promise<Grant[]> {
  const fromPolicies = policyIds.map((id) => ({ role_id: null, policy_id: id, set_id: null }))
  for (const [i, g] of fromPolicies.entries()) {
    try {
      await validateGrants(db, entityCode, [g])
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400)
        throw fieldError(`body.policy_ids.${String(i)}`, 'Unknown policy', 'unknown_reference')
      throw err
    }
  }
  await validateGrants(db, entityCode, grants)
  return [...fromPolicies, ...grants]
}

export async function filterServiceAccounts(
  db: Db,
  caller: Caller,
  f: { limit: number; offset: number; search?: string | undefined },
) {
  const entityCode = caller.auth.entityCode
  const { rows, count } = await findServiceAccountPage(db, entityCode, f)
  return { service_accounts: await toItems(db, entityCode, rows), count }
}

export function getServiceAccount(db: Db, caller: Caller, uuid: string) {
  return itemOf(db, caller.auth.entityCode, uuid)
}

/**
 * A user row of kind 'service', member (authorised) of the caller's entity only, with an unusable password it is
 * never told: it cannot sign in, and acts only through its keys.
 */
export async function createServiceAccount(db: Db, caller: Caller, input: CreateInput) {
  const entityCode = caller.auth.entityCode
  const grants = await grantsFrom(db, entityCode, input.policy_ids, input.grants)
  const now = Date.now()
  const uuid = newUuid()
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'))
  await db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      user_uuid: uuid,
      name: input.name,
      username: `service.${uuid}`,
      email: null,
      phone_number: null,
      image_url: null,
      password_hash: passwordHash,
      status: UserStatus.Active,
      is_platform_admin: 0,
      mfa_primary_mode: 'none',
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      password_changed_at: null,
      is_initial_login: 0,
      default_entity_code: entityCode,
      kind: 'service',
      created_at: now,
      updated_at: now,
    })
    await insertMembership(trx, { userId, entityCode, relation: EntityRelation.Authorised }, now)
    await insertServiceAccount(
      trx,
      { userId, entityCode, description: input.description, createdBy: caller.auth.userId },
      now,
    )
    await replaceGrants(trx, entityCode, userId, grants, now)
  })
  const account = await itemOf(db, entityCode, uuid)
  await auditChange(db, caller, 'service_account_created', 'service_account', uuid, null, account)
  return account
}

export async function updateServiceAccountOf(db: Db, caller: Caller, uuid: string, input: UpdateInput) {
  const entityCode = caller.auth.entityCode
  const row = await findServiceAccount(db, entityCode, uuid)
  if (!row) throw notFound('Service account')
  const before = await itemOf(db, entityCode, uuid)
  const grants =
    input.policy_ids !== undefined || input.grants !== undefined
      ? await grantsFrom(db, entityCode, input.policy_ids ?? [], input.grants ?? [])
      : null
  const now = Date.now()
  await db.transaction().execute(async (trx) => {
    await updateServiceAccount(trx, entityCode, row.id, input, now)
    if (grants !== null) await replaceGrants(trx, entityCode, row.id, grants, now)
  })
  const after = await itemOf(db, entityCode, uuid)
  await auditChange(db, caller, 'service_account_updated', 'service_account', uuid, before, after)
  return after
}

/** Ends the account: its keys are revoked at once, its grants and membership removed. */
export async function deleteServiceAccount(db: Db, caller: Caller, uuid: string) {
  const entityCode = caller.auth.entityCode
  const row = await findServiceAccount(db, entityCode, uuid)
  if (!row) throw notFound('Service account')
  const before = await itemOf(db, entityCode, uuid)
  await db.transaction().execute(async (trx) => {
    await markServiceAccountDeleted(trx, entityCode, row.id, Date.now())
  })
  await auditChange(db, caller, 'service_account_deleted', 'service_account', uuid, before, null)
}
