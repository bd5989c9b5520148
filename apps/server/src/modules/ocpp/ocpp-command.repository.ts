import type { Db } from '../../db/database'
import type { OcppCommandRow } from './ocpp.table'

/** A charger of the entity, with what commanding it needs: its identity and the version it last spoke. */
export async function findCommandTarget(db: Db, entityCode: string, uid: string) {
  return db
    .selectFrom('ev_charge_point')
    .where('entity_code', '=', entityCode)
    .where('uid', '=', uid)
    .select(['id', 'ocpp_identity', 'ocpp_version'])
    .executeTakeFirst()
}

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
  row: Omit<OcppCommandRow, 'id' | 'status' | 'answer' | 'answered_at' | 'state'>,
): Promise<number> {
  const inserted = await db
    .insertInto('ocpp_command')
    .values({ ...row, state: 'pending', status: null, answer: null, answered_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export async function findCommand(db: Db, id: number): Promise<OcppCommandRow | undefined> {
  return db.selectFrom('ocpp_command').where('id', '=', id).selectAll().executeTakeFirst()
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

export async function recentCommands(
  db: Db,
  chargePointId: number,
  limit: number,
): Promise<OcppCommandRow[]> {
  return db
    .selectFrom('ocpp_command')
    .where('charge_point_id', '=', chargePointId)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** Who asked, as the command history shows it. */
export async function userName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('app_user').where('id', '=', userId).select('name').executeTakeFirst()
  return row?.name ?? ''
}
