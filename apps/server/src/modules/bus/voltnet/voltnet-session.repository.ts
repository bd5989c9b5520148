import { COUNT_CAP } from '@portal/contract'
import type { SelectQueryBuilder } from 'kysely'
import { sql } from 'kysely'
import type { Database, Db } from '../../../db/database'

/*
 * Reads of the voltnet v1 session list (docs/decisions/0025-bus-and-voltnet-sessions.md). Unlike the charging list,
 * a v1 call names the side (myEntityType), so one index range serves it: (side, start_date_time desc, id desc) of
 * migration 0012 unfiltered, and the (side, <filter>, start_date_time desc, id desc) indexes of 0017 for the filters
 * that may be rare within a side. Ids the filters name (driver, EVSE, session) are resolved first, so the planner sees
 * literal ids (a subquery made SQLite scan a side's whole range instead, as 0023 measured).
 */

export type Side = 'entity_code' | 'emsp_entity_code'

/** The list's filters in the repository's terms: the side and its entity, then the optional narrowing. */
export interface VoltnetFilter {
  side: Side
  entityCode: string
  from?: number | undefined
  to?: number | undefined
  partnerEntityCode?: string | undefined
  paymentMethodCode?: string | undefined
  state?: string | undefined
  stopReason?: string | undefined
  driverIds?: readonly number[] | undefined
  evseRefs?: readonly number[] | undefined
  sessionIds?: readonly number[] | undefined
}

/** The ids the text filters name, resolved before the list query (null: that filter is not used). */
export interface NamedIds {
  driverIds: number[] | null
  evseRefs: number[] | null
  sessionIds: number[] | null
}

/** userID → the driver (by uuid); evseId → EVSEs by eMI3 id or external id; chargingSessionID → uid or external id. */
export async function resolveNamedIds(
  db: Db,
  named: { userID?: string | undefined; evseId?: string | undefined; chargingSessionID?: string | undefined },
): Promise<NamedIds> {
  const { userID, evseId, chargingSessionID } = named
  const [drivers, evses, byUid, byExternal] = await Promise.all([
    userID === undefined
      ? null
      : db.selectFrom('ev_driver').where('uuid', '=', userID).select('id').execute(),
    evseId === undefined
      ? null
      : db
          .selectFrom('ev_evse')
          .where((w) => w.or([w('external_id', '=', evseId), w('evse_id', '=', evseId)]))
          .select('id')
          .execute(),
    chargingSessionID === undefined
      ? null
      : db.selectFrom('ev_session').where('uid', '=', chargingSessionID).select('id').execute(),
    chargingSessionID === undefined
      ? null
      : db.selectFrom('ev_session').where('external_id', '=', chargingSessionID).select('id').execute(),
  ])
  const ids = (rows: { id: number }[] | null) => (rows === null ? null : rows.map((r) => r.id))
  const sessionIds =
    byUid === null && byExternal === null
      ? null
      : [...new Set([...(ids(byUid) ?? []), ...(ids(byExternal) ?? [])])]
  return { driverIds: ids(drivers), evseRefs: ids(evses), sessionIds }
}

type SessionQuery = SelectQueryBuilder<Database, 'ev_session', object>

/** An id list that may be empty: "in ()" is not SQL, and an empty list matches nothing. */
const idsOrNone = (ids: readonly number[]) => (ids.length > 0 ? [...ids] : [-1])

function filtered(db: Db, f: VoltnetFilter): SessionQuery {
  let q = db.selectFrom('ev_session').where(`ev_session.${f.side}`, '=', f.entityCode)
  const partnerSide: Side = f.side === 'entity_code' ? 'emsp_entity_code' : 'entity_code'
  if (f.partnerEntityCode !== undefined) q = q.where(`ev_session.${partnerSide}`, '=', f.partnerEntityCode)
  if (f.from !== undefined) q = q.where('ev_session.start_date_time', '>=', f.from)
  if (f.to !== undefined) q = q.where('ev_session.start_date_time', '<=', f.to)
  if (f.paymentMethodCode !== undefined)
    q = q.where('ev_session.payment_method_code', '=', f.paymentMethodCode)
  if (f.state !== undefined) q = q.where('ev_session.status', '=', f.state)
  if (f.stopReason !== undefined) q = q.where('ev_session.stop_reason', '=', f.stopReason)
  if (f.driverIds !== undefined) q = q.where('ev_session.driver_id', 'in', idsOrNone(f.driverIds))
  if (f.evseRefs !== undefined) q = q.where('ev_session.evse_ref', 'in', idsOrNone(f.evseRefs))
  if (f.sessionIds !== undefined) q = q.where('ev_session.id', 'in', idsOrNone(f.sessionIds))
  return q
}

/** Where a page of the list starts: an offset (the screens), or just after a row (the export's keyset batches). */
export type PageStart = { offset: number } | { after: { id: number; start_date_time: number } | null }

/** The keys of one page, newest start first (id breaking ties): only index columns are read. */
export async function pageKeys(
  db: Db,
  f: VoltnetFilter,
  page: { limit: number } & PageStart,
): Promise<{ id: number; start_date_time: number }[]> {
  let q = filtered(db, f)
  if ('after' in page && page.after !== null) {
    const { id, start_date_time: start } = page.after
    q = q.where((eb) =>
      eb.or([
        eb('ev_session.start_date_time', '<', start),
        eb.and([eb('ev_session.start_date_time', '=', start), eb('ev_session.id', '<', id)]),
      ]),
    )
  }
  const ordered = q
    .select(['ev_session.id', 'ev_session.start_date_time'])
    .orderBy('ev_session.start_date_time', 'desc')
    .orderBy('ev_session.id', 'desc')
    .limit(page.limit)
  return ('offset' in page ? ordered.offset(page.offset) : ordered).execute()
}

/** How many sessions match, counting at most COUNT_CAP + 1 (more than the cap reads as "capped"). */
export async function countSessions(db: Db, f: VoltnetFilter): Promise<number> {
  const limited = filtered(db, f)
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_CAP + 1)
    .as('limited')
  const row = await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
