import type { Db } from '../../../db/database'

export interface TokenOwner {
  session_id: string
  entity_code: string
  user_id: number
  user_uuid: string
  username: string
  is_platform_admin: number
  status: number
  mfa_primary_mode: string
  is_initial_login: number
  kind: 'access' | 'refresh'
  expires_at: number
  spent_at: number | null
  revoked_at: number | null
  /** The user's membership relation in the session's entity (EntityRelation), null when not a member. */
  entity_relation: number | null
}

/** The token row with its session and user, whatever its state; callers decide what an expired or spent one means. */
export function findToken(db: Db, tokenHash: string): Promise<TokenOwner | undefined> {
  return (
    db
      .selectFrom('auth_token as t')
      .innerJoin('auth_session as s', 's.id', 't.session_id')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      // The caller's relation to the session's entity, read in the same round trip: every authorised request needs it
      // next (policy.engine's allowedActions), and a list request makes only two or three queries in all.
      .leftJoin('membership as m', (join) =>
        join.onRef('m.user_id', '=', 'u.id').onRef('m.entity_code', '=', 's.entity_code'),
      )
      .where('t.token_hash', '=', tokenHash)
      .select([
        't.session_id',
        's.entity_code',
        'u.id as user_id',
        'u.user_uuid',
        'u.username',
        'u.is_platform_admin',
        'u.status',
        'u.mfa_primary_mode',
        'u.is_initial_login',
        't.kind',
        't.expires_at',
        't.spent_at',
        's.revoked_at',
        'm.relation as entity_relation',
      ])
      .executeTakeFirst()
  )
}

export async function createSession(
  db: Db,
  s: { id: string; userId: number; entityCode: string; ip: string | null; userAgent: string | null },
  now: number,
): Promise<void> {
  await db
    .insertInto('auth_session')
    .values({
      id: s.id,
      user_id: s.userId,
      entity_code: s.entityCode,
      created_at: now,
      revoked_at: null,
      revoked_reason: null,
      ip: s.ip,
      user_agent: s.userAgent,
    })
    .execute()
}

export async function insertTokens(
  db: Db,
  sessionId: string,
  tokens: { hash: string; kind: 'access' | 'refresh'; expiresAt: number }[],
  now: number,
): Promise<void> {
  await db
    .insertInto('auth_token')
    .values(
      tokens.map((t) => ({
        token_hash: t.hash,
        session_id: sessionId,
        kind: t.kind,
        expires_at: t.expiresAt,
        spent_at: null,
        created_at: now,
      })),
    )
    .execute()
}

/** Marks a refresh token spent; returns false when another request spent it first. */
export async function spendToken(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_token')
    .set({ spent_at: now })
    .where('token_hash', '=', tokenHash)
    .where('spent_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Access tokens of a session end when it rotates, so only the newest pair is usable. */
export async function expireAccessTokens(db: Db, sessionId: string, now: number): Promise<void> {
  await db
    .updateTable('auth_token')
    .set({ expires_at: now })
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'access')
    .where('expires_at', '>', now)
    .execute()
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: number): Promise<void> {
  await db
    .updateTable('auth_session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Ends every session of a user (password reset, deactivation). */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: string,
  now: number,
  exceptSessionId?: string,
) {
  let q = db
    .updateTable('auth_session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId)
  await q.execute()
}

/** Moves the session to another entity: it acts there from the next call. */
export async function setSessionEntity(db: Db, sessionId: string, entityCode: string): Promise<void> {
  await db.updateTable('auth_session').set({ entity_code: entityCode }).where('id', '=', sessionId).execute()
}

/**
 * Where a session stands now, for what outlives one request (the live stream): its entity, whether it was revoked,
 * its user's status, and whether it can still be refreshed (an unspent refresh token not yet expired). Undefined when
 * the session does not exist.
 */
export async function sessionStanding(db: Db, sessionId: string, now: number) {
  const row = await db
    .selectFrom('auth_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .where('s.id', '=', sessionId)
    .select((eb) => [
      's.entity_code',
      's.revoked_at',
      'u.status',
      eb
        .exists(
          eb
            .selectFrom('auth_token as t')
            .whereRef('t.session_id', '=', 's.id')
            .where('t.kind', '=', 'refresh')
            .where('t.spent_at', 'is', null)
            .where('t.expires_at', '>', now)
            .select('t.token_hash'),
        )
        .as('refreshable'),
    ])
    .executeTakeFirst()
  if (!row) return undefined
  return {
    entityCode: row.entity_code,
    revoked: row.revoked_at !== null,
    userStatus: row.status,
    // SQLite answers exists() with 0 or 1, PostgreSQL with a boolean.
    refreshable: Boolean(row.refreshable),
  }
}
