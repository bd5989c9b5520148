import { passwordProblem, UserStatus } from '@portal/contract'
import type { Db } from '../../../db/database'
import { badRequest, fieldError, forbidden, HttpError, notFound } from '../../../lib/errors'
import { hashPassword, verifyPassword } from '../../../lib/passwords'
import { hashToken, newOpaqueToken } from '../../../lib/tokens'
import { recordAudit } from '../audit/audit.repository'
import { findUserById, findUserByUuid, membershipOf } from '../users/user.repository'
import type { AppUserRow } from '../users/user.table'
import { refuseIfSsoRequired, ssoRequiredFor } from '../sso/sso-policy'
import type { AuthContext } from './auth-context'
import type { ClientInfo } from './auth.service'
import {
  findPasswordReset,
  insertPasswordReset,
  spendPasswordReset,
  spendUserPasswordResets,
  updateUserPassword,
  updateUserStatusRow,
} from './password.repository'
import { revokeUserSessions } from './session.repository'

export const RESET_LINK_TTL_MS = 24 * 60 * 60_000
const LINK_GONE = 'This link has expired or has already been used: ask for a new one'

/**
 * Who may send a user a reset link: the user, a platform administrator, or an owner or admin of the caller's
 * current entity when the user belongs to it. Anyone else sees the same 404 as for an unknown user.
 */
async function targetFor(db: Db, auth: AuthContext, userUuid: string): Promise<AppUserRow> {
  const user = await findUserByUuid(db, userUuid)
  // A service account has no password to reset: it never signs in (docs/decisions/0114).
  if (!user || user.kind === 'service') throw notFound('User')
  if (user.id === auth.userId || auth.isPlatformAdmin) return user
  const theirs = await membershipOf(db, user.id, auth.entityCode)
  if (theirs === undefined) throw notFound('User')
  const mine = await membershipOf(db, auth.userId, auth.entityCode)
  if (mine !== 0 && mine !== 1)
    throw forbidden('Only an owner or admin of the organisation can send a reset link')
  return user
}

export async function createResetLink(
  db: Db,
  auth: AuthContext,
  userUuid: string,
  client: ClientInfo,
  now = Date.now(),
) {
  const user = await targetFor(db, auth, userUuid)
  if (await ssoRequiredFor(db, user))
    throw badRequest(
      "This user's organisation requires single sign-on: a reset link would not let them sign in",
    )
  if (user.status === UserStatus.Inactive)
    throw badRequest('This account is inactive: reactivate it before sending a reset link')
  const token = newOpaqueToken()
  // An active user moves to Pending Reset (3): still able to sign in, with a reset link out (A §4).
  const status = user.status === UserStatus.Active ? UserStatus.PendingReset : user.status
  await db.transaction().execute(async (trx) => {
    await insertPasswordReset(
      trx,
      {
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: now + RESET_LINK_TTL_MS,
        createdBy: auth.userId,
      },
      now,
    )
    await updateUserStatusRow(trx, user.id, status, now)
    await recordAudit(trx, {
      actorUserId: auth.userId,
      entityCode: auth.entityCode,
      action: 'password_reset_link',
      objectType: 'user',
      objectId: user.user_uuid,
      ip: client.ip,
      before: { status: user.status },
      after: { status },
    })
  })
  return { reset_link: `/reset-password/${token}`, expires_at: now + RESET_LINK_TTL_MS, status }
}

async function openLink(db: Db, ott: string, now: number) {
  const row = await findPasswordReset(db, hashToken(ott))
  if (!row || row.spent_at !== null || row.expires_at <= now) throw new HttpError(404, 'NOT_FOUND', LINK_GONE)
  const user = await findUserById(db, row.user_id)
  if (!user || user.status === UserStatus.Inactive) throw new HttpError(404, 'NOT_FOUND', LINK_GONE)
  return { row, user }
}

export async function checkResetLink(db: Db, ott: string, now = Date.now()) {
  const { row, user } = await openLink(db, ott, now)
  return { username: user.username, expires_at: row.expires_at }
}

async function setPassword(db: Db, user: AppUserRow, password: string, now: number) {
  await updateUserPassword(db, user.id, await hashPassword(password), now)
}

/** Sets a new password from a reset link: the link is spent and every session of the user ends. */
export async function resetPassword(
  db: Db,
  ott: string,
  password: string,
  client: ClientInfo,
  now = Date.now(),
) {
  const { user } = await openLink(db, ott, now)
  // A link sent before the entity required SSO stops working: the password could not be used anyway.
  await refuseIfSsoRequired(db, user)
  const problem = passwordProblem(password, user.username)
  if (problem !== null) throw fieldError('body.password', problem)
  if (!(await spendPasswordReset(db, hashToken(ott), now))) throw new HttpError(404, 'NOT_FOUND', LINK_GONE)
  await setPassword(db, user, password, now)
  // Other links sent earlier stop working too: the newest password wins.
  await spendUserPasswordResets(db, user.id, now)
  await revokeUserSessions(db, user.id, 'password_reset', now)
  await recordAudit(db, {
    actorUserId: user.id,
    entityCode: null,
    action: 'password_reset',
    objectType: 'user',
    objectId: user.user_uuid,
    ip: client.ip,
  })
}

/** The signed-in user's own password (the first-login step, or any time): other sessions end. */
export async function changePassword(
  db: Db,
  auth: AuthContext,
  input: { current_password: string; new_password: string },
  client: ClientInfo,
  now = Date.now(),
) {
  const user = await findUserById(db, auth.userId)
  if (!user) throw notFound('User')
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw fieldError('body.current_password', 'The current password is not correct', 'incorrect')
  }
  const problem = passwordProblem(input.new_password, user.username)
  if (problem !== null) throw fieldError('body.new_password', problem)
  if (await verifyPassword(input.new_password, user.password_hash)) {
    throw fieldError('body.new_password', 'Choose a password different from the current one')
  }
  await setPassword(db, user, input.new_password, now)
  await revokeUserSessions(db, user.id, 'password_changed', now, auth.sessionId)
  await recordAudit(db, {
    actorUserId: user.id,
    entityCode: auth.entityCode,
    action: 'password_changed',
    objectType: 'user',
    objectId: user.user_uuid,
    ip: client.ip,
  })
}
