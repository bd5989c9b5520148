import type { Db } from '../../db/database'
import type { OcppCommandRow } from './ocpp.table'

/** The charger's running session with this uid: what a remote stop names. */
export async function findRunningSession(db: Db, chargePointId: number, uid: string) {
  return db
    .selectFrom('ev_session')
    .where('charge_point_id', '=', chargePointId)
    .where('uid', '=', uid)
    .where('status', '=', 'ACTIVE')
    .select(['id', 'external_id'])
    .executeTakeFirst()
}

export async function insertCommand(
  db: Db,
  row: Omit<OcppCommandRow, 'id' | 'status' | 'answer' | 'answered_at' | 'state' | 'session_id' | 'report'>,
): Promise<number> {
  const inserted = await db
    .insertInto('ocpp_command')
    .values({
      ...row,
      state: 'pending',
      status: null,
      answer: null,
      answered_at: null,
      session_id: null,
      report: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** A command with the uid of the session it opened, if any. */
function withSession(db: Db) {
  return db
    .selectFrom('ocpp_command as c')
    .leftJoin('ev_session as s', 's.id', 'c.session_id')
    .selectAll('c')
    .select('s.uid as session_uid')
}

export async function findCommand(db: Db, id: number) {
  return withSession(db).where('c.id', '=', id).executeTakeFirst()
}

/**
 * The charger's answer, or what became of the command. Only a command still in one of `from` is settled: a requester
 * that gave up waiting (timeout) does not overwrite an answer, and an answer that comes late replaces the timeout.
 */
export async function settleCommand(
  db: Db,
  id: number,
  outcome: { state: string; status: string | null; answer: string | null; answered_at: number | null },
  from: readonly string[] = ['pending'],
): Promise<void> {
  await db.updateTable('ocpp_command').set(outcome).where('id', '=', id).where('state', 'in', from).execute()
}

export async function recentCommands(db: Db, chargePointId: number, limit: number) {
  return withSession(db)
    .where('c.charge_point_id', '=', chargePointId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
}

/** How far back a 1.6 start is taken for the remote start before it (1.6 names no remote start in its start). */
const REMOTE_START_WINDOW_MS = 10 * 60_000

/**
 * The session a remote start opened. 2.0.1 echoes the remoteStartId we sent; 1.6 does not, so its start is matched to
 * the charger's latest accepted, unlinked remote start of the last 10 minutes for that connector and token.
 */
export async function linkRemoteStart(
  db: Db,
  chargePointId: number,
  match: { remoteStartId: number } | { connector: number; idTag: string; now: number },
  sessionId: number,
): Promise<void> {
  let query = db
    .selectFrom('ocpp_command')
    .where('charge_point_id', '=', chargePointId)
    .where('command', '=', 'RemoteStart')
    .where('session_id', 'is', null)
    .select(['id', 'request'])
  if ('remoteStartId' in match) query = query.where('correlation_id', '=', match.remoteStartId)
  else
    query = query
      .where('status', '=', 'Accepted')
      .where('requested_at', '>=', match.now - REMOTE_START_WINDOW_MS)
  const candidates = await query.orderBy('id', 'desc').limit(5).execute()
  const found = candidates.find((c) => {
    if ('remoteStartId' in match) return true
    const sent = JSON.parse(c.request) as { connectorId?: number; idTag?: string }
    return (
      sent.idTag === match.idTag && (sent.connectorId === undefined || sent.connectorId === match.connector)
    )
  })
  if (found)
    await db
      .updateTable('ocpp_command')
      .set({ session_id: sessionId })
      .where('id', '=', found.id)
      .where('session_id', 'is', null)
      .execute()
}

/** The id of a charger's session by its OCPP key (`tx:…`). */
export async function sessionIdByKey(
  db: Db,
  chargePointId: number,
  key: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ev_session')
    .where('charge_point_id', '=', chargePointId)
    .where('ocpp_key', '=', key)
    .select('id')
    .executeTakeFirst()
  return row?.id
}

/** The largest report kept per command: a charger's full inventory is a few hundred variables. */
const MAX_REPORT_LINES = 2_000

/**
 * Adds a NotifyReport's lines to the GetBaseReport command that asked for them (by the requestId we sent). A charger
 * sends its reports one call at a time (OCPP-J), so reading and writing the row back loses nothing.
 */
export async function appendReport(
  db: Db,
  chargePointId: number,
  requestId: number,
  lines: readonly string[],
): Promise<boolean> {
  const command = await db
    .selectFrom('ocpp_command')
    .where('charge_point_id', '=', chargePointId)
    .where('correlation_id', '=', requestId)
    .where('action', '=', 'GetBaseReport')
    .select(['id', 'report'])
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!command) return false
  const kept = command.report === null ? [] : (JSON.parse(command.report) as string[])
  const report = [...kept, ...lines].slice(0, MAX_REPORT_LINES)
  await db
    .updateTable('ocpp_command')
    .set({ report: JSON.stringify(report) })
    .where('id', '=', command.id)
    .execute()
  return true
}

/** Who asked, as the command history shows it. */
export async function userName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('app_user').where('id', '=', userId).select('name').executeTakeFirst()
  return row?.name ?? ''
}
