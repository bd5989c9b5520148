import type { Db } from '../../../db/database'
import type { AuthChallengeRow } from './challenge.table'

export async function createChallenge(
  db: Db,
  c: { tokenHash: string; userId: number | null; kind: 'mfa' | 'sms'; expiresAt: number; ip: string | null },
  now: number,
): Promise<void> {
  await db
    .insertInto('auth_challenge')
    .values({
      token_hash: c.tokenHash,
      user_id: c.userId,
      kind: c.kind,
      code_hash: null,
      code_expires_at: null,
      attempts: 0,
      expires_at: c.expiresAt,
      consumed_at: null,
      created_at: now,
      ip: c.ip,
    })
    .execute()
}

export function findChallenge(db: Db, tokenHash: string): Promise<AuthChallengeRow | undefined> {
  return db.selectFrom('auth_challenge').where('token_hash', '=', tokenHash).selectAll().executeTakeFirst()
}

export async function setChallengeCode(
  db: Db,
  tokenHash: string,
  codeHash: string,
  codeExpiresAt: number,
): Promise<void> {
  await db
    .updateTable('auth_challenge')
    .set({ code_hash: codeHash, code_expires_at: codeExpiresAt, attempts: 0 })
    .where('token_hash', '=', tokenHash)
    .execute()
}

export async function countChallengeAttempt(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('auth_challenge')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .execute()
}

/** Consumes a challenge once; false when another request consumed it first. */
export async function consumeChallenge(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_challenge')
    .set({ consumed_at: now })
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
