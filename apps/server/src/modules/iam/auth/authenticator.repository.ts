import type { Db } from '../../../db/database'

/** Keeps a new authenticator secret pending until a code confirms it. */
export async function setPendingTotpSecret(
  db: Db,
  userId: number,
  secret: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ totp_pending_secret: secret, updated_at: now })
    .where('id', '=', userId)
    .execute()
}

/** Makes the pending secret the user's authenticator, with `step` as its last used code. */
export async function enableAuthenticator(
  db: Db,
  userId: number,
  secret: string,
  step: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({
      totp_secret: secret,
      totp_pending_secret: null,
      totp_last_step: step,
      mfa_primary_mode: 'authenticator',
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute()
}

export async function clearAuthenticator(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('app_user')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      mfa_primary_mode: 'none',
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute()
}
