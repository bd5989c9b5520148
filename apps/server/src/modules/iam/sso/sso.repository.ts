import type { Db } from '../../../db/database'
import type { AppUserRow } from '../users/user.table'
import type { SsoLoginAttemptRow } from './sso.table'

export async function insertAttempt(db: Db, row: SsoLoginAttemptRow): Promise<void> {
  await db.insertInto('sso_login_attempt').values(row).execute()
}

/**
 * Spends an attempt: the row is deleted, and only the caller whose delete removed it gets it, so two callbacks with
 * the same state (a replay, or two instances at once) never both go on. An expired row is spent and refused.
 */
export async function takeAttempt(
  db: Db,
  stateHash: string,
  now: number,
): Promise<SsoLoginAttemptRow | undefined> {
  const row = await db
    .selectFrom('sso_login_attempt')
    .where('state_hash', '=', stateHash)
    .selectAll()
    .executeTakeFirst()
  if (!row) return undefined
  const deleted = await db
    .deleteFrom('sso_login_attempt')
    .where('state_hash', '=', stateHash)
    .executeTakeFirst()
  if (deleted.numDeletedRows !== 1n || row.expires_at <= now) return undefined
  return row
}

export async function pruneAttempts(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sso_login_attempt').where('expires_at', '<=', now).execute()
}

/** Users with this e-mail, compared without case; at most two (two already make it ambiguous). */
export function findUsersByEmail(db: Db, email: string): Promise<AppUserRow[]> {
  return db
    .selectFrom('app_user')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .selectAll()
    .limit(2)
    .execute()
}

export async function entityRequiresSso(db: Db, entityCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('entity')
    .where('code', '=', entityCode)
    .select('require_sso')
    .executeTakeFirst()
  return row?.require_sso === 1
}
