import type { OcppMessageListFilter } from '@portal/contract'
import { COUNT_CAP } from '@portal/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export type OcppMessageFilter = Omit<OcppMessageListFilter, 'limit' | 'offset'>

/** One charger's frames matching the filters (the log's index: charge_point_id, at desc, id desc). */
function filtered(db: Db, chargePointId: number, f: OcppMessageFilter) {
  let q = db.selectFrom('ocpp_message').where('charge_point_id', '=', chargePointId)
  if (f.direction !== undefined) q = q.where('direction', '=', f.direction)
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind)
  if (f.action !== undefined) q = q.where('action', '=', f.action)
  if (f.from !== undefined) q = q.where('at', '>=', f.from)
  if (f.to !== undefined) q = q.where('at', '<=', f.to)
  return q
}

const COLUMNS = ['id', 'at', 'direction', 'kind', 'message_id', 'action', 'payload', 'latency_ms'] as const

export function findMessagePage(
  db: Db,
  chargePointId: number,
  f: OcppMessageFilter,
  page: { limit: number; offset: number },
) {
  return filtered(db, chargePointId, f)
    .select([...COLUMNS])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export type OcppMessageRecord = Awaited<ReturnType<typeof findMessagePage>>[number]

/** How many frames match, counting at most COUNT_CAP + 1. */
export async function countMessages(db: Db, chargePointId: number, f: OcppMessageFilter): Promise<number> {
  const limited = filtered(db, chargePointId, f)
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_CAP + 1)
    .as('limited')
  const row = await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The export's rows: newest first, by keyset (at, id) so memory stays flat however long the log. */
export function messagesBefore(
  db: Db,
  chargePointId: number,
  f: OcppMessageFilter,
  before: { at: number; id: string | number } | null,
  limit: number,
) {
  let q = filtered(db, chargePointId, f)
  if (before !== null)
    q = q.where((eb) =>
      eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
    )
  return q
    .select([...COLUMNS])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** The charger of the entity by uid: its id, for the log's queries. */
export async function chargerIdOf(db: Db, entityCode: string, uid: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('ev_charge_point')
    .where('entity_code', '=', entityCode)
    .where('uid', '=', uid)
    .select('id')
    .executeTakeFirst()
  return row?.id
}

/** Deletes up to `batch` frames older than `before`; how many it deleted. */
export async function deleteMessagesBefore(db: Db, before: number, batch: number): Promise<number> {
  const ids = db.selectFrom('ocpp_message').where('at', '<', before).select('id').limit(batch)
  const result = await db.deleteFrom('ocpp_message').where('id', 'in', ids).executeTakeFirst()
  return Number(result.numDeletedRows)
}
