import type { AuthenticatorRegistration } from '@portal/contract'
import type { Db } from '../../../db/database'
import { badRequest, fieldError, forbidden, notFound } from '../../../lib/errors'
import { verifyPassword } from '../../../lib/passwords'
import { newTotpSecret, otpauthUri, verifyTotp } from '../../../lib/totp'
import { recordAudit } from '../audit/audit.repository'
import { findUserByUuid, membershipOf } from '../users/user.repository'
import type { AppUserRow } from '../users/user.table'
import type { AuthContext } from './auth-context'
import { clearAuthenticator, enableAuthenticator, setPendingTotpSecret } from './authenticator.repository'
import type { ClientInfo } from './auth.service'

/**
 * Two-factor settings are the user's own: nobody else, administrators included, can change them. A user of another
 * entity answers 404 like an unknown one.
 */
async function ownUser(db: Db, auth: AuthContext, userUuid: string): Promise<AppUserRow> {
  const user = await findUserByUuid(db, userUuid)
  if (!user) throw notFound('User')
  if (user.id !== auth.userId) {
    if ((await membershipOf(db, user.id, auth.entityCode)) === undefined) throw notFound('User')
    throw forbidden('Only the user can change their own two-factor sign-in')
  }
  return user
}

async function audit(db: Db, user: AppUserRow, auth: AuthContext, client: ClientInfo, action: string) {
  await recordAudit(db, {
    actorUserId: auth.userId,
    entityCode: auth.entityCode,
    action,
    objectType: 'user',
    objectId: user.user_uuid,
    ip: client.ip,
  })
}

/** A new secret, kept pending until a code from it confirms the user's app has it. */
export async function registerAuthenticator(
  db: Db,
  auth: AuthContext,
  userUuid: string,
  client: ClientInfo,
): Promise<AuthenticatorRegistration> {
  const user = await ownUser(db, auth, userUuid)
  const secret = newTotpSecret()
  await setPendingTotpSecret(db, user.id, secret, Date.now())
  await audit(db, user, auth, client, 'mfa_register')
  return { secret, otpauth_uri: otpauthUri(secret, user.username) }
}

export async function confirmAuthenticator(
  db: Db,
  auth: AuthContext,
  userUuid: string,
  code: string,
  client: ClientInfo,
  now = Date.now(),
): Promise<'authenticator'> {
  const user = await ownUser(db, auth, userUuid)
  if (user.totp_pending_secret === null)
    throw badRequest('Start the set-up again: there is no authenticator waiting for a code')
  const step = verifyTotp(user.totp_pending_secret, code, now)
  if (step === null) throw fieldError('body.code', 'The code is not correct', 'incorrect')
  await enableAuthenticator(db, user.id, user.totp_pending_secret, step, now)
  await audit(db, user, auth, client, 'mfa_enabled')
  return 'authenticator'
}

export async function disableAuthenticator(
  db: Db,
  auth: AuthContext,
  userUuid: string,
  proof: { code: string } | { password: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<'none'> {
  const user = await ownUser(db, auth, userUuid)
  if (user.mfa_primary_mode !== 'authenticator' || user.totp_secret === null) {
    throw badRequest('The authenticator is not turned on for this account')
  }
  if ('code' in proof) {
    if (verifyTotp(user.totp_secret, proof.code, now, user.totp_last_step) === null) {
      throw fieldError('body.code', 'The code is not correct', 'incorrect')
    }
  } else if (!(await verifyPassword(proof.password, user.password_hash))) {
    throw fieldError('body.password', 'The password is not correct', 'incorrect')
  }
  await clearAuthenticator(db, user.id, now)
  await audit(db, user, auth, client, 'mfa_disabled')
  return 'none'
}
