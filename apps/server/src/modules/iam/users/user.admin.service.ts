import type { UserListItem, userCreateRequest, userUpdateRequest } from '@portal/contract'
import { EntityRelation, mfaModeSchema, UserStatus } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { badRequest, fieldError, forbidden, notFound } from '../../../lib/errors'
import { hashPassword } from '../../../lib/passwords'
import type { Caller } from '../../../lib/request-meta'
import { hashToken, newOpaqueToken, newUuid } from '../../../lib/tokens'
import { checkPermission } from '../../../plugins/auth'
import { auditChange } from '../audit/audit.service'
import { RESET_LINK_TTL_MS } from '../auth/password.service'
import { insertPasswordReset, updateUserStatusRow } from '../auth/password.repository'
import { revokeUserSessions } from '../auth/session.repository'
import { grantsOf, replaceGrants, validateGrants } from './grant.repository'
import {
  findChildEntityPage,
  findMember,
  findMemberPage,
  findUserByUsername,
  findUserByUuid,
  insertMembership,
  insertUser,
  membershipOf,
  searchMembers,
  updateMembershipRelation,
  updateUserProfile,
} from './user.repository'
import type { AppUserRow } from './user.table'

type CreateInput = z.output<typeof userCreateRequest>
type UpdateInput = z.output<typeof userUpdateRequest>

export async function toListItems(
  db: Db,
  entityCode: string,
  rows: (AppUserRow & { relation: number })[],
): Promise<UserListItem[]> {
  const grants = await grantsOf(
    db,
    entityCode,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    user_uuid: r.user_uuid,
    name: r.name,
    username: r.username,
    email: r.email,
    phone_number: r.phone_number,
    image_url: r.image_url,
    status: r.status,
    relation: r.relation,
    mfa_primary_mode: mfaModeSchema.safeParse(r.mfa_primary_mode).data ?? 'none',
    grants: grants.get(r.id) ?? [],
    created_at: r.created_at,
  }))
}

export async function memberItem(db: Db, entityCode: string, userUuid: string): Promise<UserListItem> {
  const row = await findMember(db, entityCode, userUuid)
  if (!row) throw notFound('User')
  const [item] = await toListItems(db, entityCode, [row])
  if (!item) throw notFound('User')
  return item
}

export interface UserFilter {
  limit: number
  offset: number
  status_list?: number[] | undefined
  role_id?: number | undefined
  search?: string | undefined
}

export async function filterUsers(db: Db, caller: Caller, f: UserFilter) {
  const entityCode = caller.auth.entityCode
  const { rows, count } = await findMemberPage(db, entityCode, f)
  return { users: await toListItems(db, entityCode, rows), count }
}

export async function searchUsers(db: Db, caller: Caller, query: string, limit: number) {
  return searchMembers(db, caller.auth.entityCode, query, limit)
}

/**
 * A new member of the current entity, Pending Activation (2) with an unusable password and a one-time link to
 * set one (A §4: "has a set-password link").
 */
export async function createUser(db: Db, caller: Caller, input: CreateInput) {
  const entityCode = caller.auth.entityCode
  if (await findUserByUsername(db, input.username))
    throw fieldError('body.username', 'This username is taken', 'taken')
  await validateGrants(db, entityCode, input.grants)
  const now = Date.now()
  const token = newOpaqueToken()
  const userUuid = newUuid()
  await db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      user_uuid: userUuid,
      name: input.name,
      username: input.username,
      email: input.email,
      phone_number: input.phone_number,
      image_url: input.image_url,
      password_hash: await hashPassword(randomBytes(24).toString('base64url')),
      status: UserStatus.PendingActivation,
      is_platform_admin: 0,
      mfa_primary_mode: 'none',
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      password_changed_at: null,
      is_initial_login: 0,
      default_entity_code: entityCode,
      created_at: now,
      updated_at: now,
    })
    await insertMembership(trx, { userId, entityCode, relation: input.relation }, now)
    await replaceGrants(trx, entityCode, userId, input.grants, now)
    await insertPasswordReset(
      trx,
      {
        tokenHash: hashToken(token),
        userId,
        expiresAt: now + RESET_LINK_TTL_MS,
        createdBy: caller.auth.userId,
      },
      now,
    )
  })
  const user = await memberItem(db, entityCode, userUuid)
  await auditChange(db, caller, 'user_created', 'user', userUuid, null, user)
  return { user, activation_link: `/reset-password/${token}`, activation_expires_at: now + RESET_LINK_TTL_MS }
}

/**
 * Users change their own name, contact details and picture; changing anyone else's, or anyone's relation and
 * grants, needs edit on users in the current entity.
 */
export async function updateUser(db: Db, caller: Caller, userUuid: string, input: UpdateInput) {
  const entityCode = caller.auth.entityCode
  const target = await findUserByUuid(db, userUuid)
  if (!target) throw notFound('User')
  const self = target.id === caller.auth.userId
  const touchesAccess = input.relation !== undefined || input.grants !== undefined
  if (!self || touchesAccess) {
    if ((await membershipOf(db, target.id, entityCode)) === undefined && !(self && !touchesAccess))
      throw notFound('User')
    await checkPermission(db, caller.auth, { app: 'iam', resource: 'users/*', action: 'edit' })
  }
  const relation = await membershipOf(db, target.id, entityCode)
  if (input.relation !== undefined && relation === EntityRelation.Owned)
    throw fieldError('body.relation', "An owner's relation cannot be changed here")
  if (input.grants) await validateGrants(db, entityCode, input.grants)
  const before = relation === undefined ? null : await memberItem(db, entityCode, userUuid)
  const now = Date.now()
  await db.transaction().execute(async (trx) => {
    const fields = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.phone_number !== undefined ? { phone_number: input.phone_number } : {}),
      ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
    }
    await updateUserProfile(trx, target.id, fields, now)
    if (input.relation !== undefined) {
      await updateMembershipRelation(trx, target.id, entityCode, input.relation)
    }
    if (input.grants) await replaceGrants(trx, entityCode, target.id, input.grants, now)
  })
  const after = relation === undefined ? null : await memberItem(db, entityCode, userUuid)
  await auditChange(
    db,
    caller,
    'user_updated',
    'user',
    userUuid,
    before ?? { name: target.name },
    after ?? input,
  )
  return after
}

/** PUT /iam/users/{id}/status/update: the four statuses of A §4; Inactive ends the user's sessions. */
export async function updateUserStatus(db: Db, caller: Caller, userUuid: string, status: UserStatus) {
  const entityCode = caller.auth.entityCode
  const before = await memberItem(db, entityCode, userUuid)
  const target = await findUserByUuid(db, userUuid)
  if (!target) throw notFound('User')
  if (target.id === caller.auth.userId) throw badRequest('You cannot change your own status')
  if (before.relation === EntityRelation.Owned && !caller.auth.isPlatformAdmin)
    throw forbidden("Only a platform administrator can change an owner's status")
  const now = Date.now()
  await updateUserStatusRow(db, target.id, status, now)
  if (status === UserStatus.Inactive) await revokeUserSessions(db, target.id, 'deactivated', now)
  const after = await memberItem(db, entityCode, userUuid)
  await auditChange(
    db,
    caller,
    'user_status_updated',
    'user',
    userUuid,
    { status: before.status },
    { status: after.status },
  )
  return after
}

/** Entities below the ones the user owns or administers (A §5: the child check for entity settings). */
export async function childEntities(db: Db, caller: Caller, userUuid: string, limit: number, offset: number) {
  const target = await findUserByUuid(db, userUuid)
  if (!target) throw notFound('User')
  if (target.id !== caller.auth.userId) {
    if (
      !caller.auth.isPlatformAdmin &&
      (await membershipOf(db, target.id, caller.auth.entityCode)) === undefined
    )
      throw notFound('User')
    await checkPermission(db, caller.auth, { app: 'iam', resource: 'users/*', action: 'read' })
  }
  const { rows, count } = await findChildEntityPage(db, target.id, limit, offset)
  return {
    entities: rows.map((r) => ({ code: r.code, name: r.name, parent_code: r.parent_code ?? '' })),
    count,
  }
}
