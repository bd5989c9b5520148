import { UserStatus } from '@portal/contract'
import type { Selectable } from 'kysely'
import type { Db } from '../../../db/database'
import type { PasswordResetTable } from './challenge.table'

export type PasswordResetRow = Selectable<PasswordResetTable>

/** Stores a reset link by the hash of its token. */
export async function insertPasswordReset(
  db: Db,
  r: { tokenHash: string; userId: number; expiresAt: number; createdBy: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('password_reset')
    .values({
      token_hash: r.tokenHash,
      user_id: r.userId,
      expires_at: r.expiresAt,
      spent_at: null,
      created_at: now,
      created_by: r.createdBy,
    })
    .execute()
}

export function findPasswordReset(db: Db, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_reset').where('token_hash', '=', tokenHash).selectAll().executeTakeFirst()
}

/** Spends one link if it is still unspent: true for the one request that spent it. */
export async function spendPasswordReset(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const spent = await db
    .updateTable('password_reset')
    .set({ spent_at: now })
    .where('token_hash', '=', tokenHash)
    .where('spent_at', 'is', null)
    .executeTakeFirst()
  return Number(spent.numUpdatedRows) === 1
}

/** Spends every unspent link of the user. */
export async function spendUserPasswordResets(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_reset')
    .set({ spent_at: now })
    .where('user_id', '=', userId)
    .where('spent_at', 'is', null)
    .execute()
}

export async function updateUserStatusRow(
  db: Db,
  userId: number,
  status: number,
  now: number,
): Promise<void> {
  await db.updateTable('app_user').set({ status, updated_at: now }).where('id', '=', userId).execute()
}

/** Sets the user's password hash: the account becomes Active and leaves its first login. */
export async function updateUserPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({
      password_hash: passwordHash,
      status: UserStatus.Active,
      is_initial_login: 0,
      password_changed_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute()
}
