import type {
  DashboardSession,
  ListCount,
  MyEntityType,
  VoltnetSessionCountFilter,
  VoltnetSessionDetail,
  VoltnetSessionFilter,
} from '@portal/contract'
import { COUNT_CAP } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import type { SessionKey } from '../../charging/sessions/session.repository'
import { findVisibleSession, listRefunds, loadSessions } from '../../charging/sessions/session.repository'
import { toUnits } from '../../charging/sessions/session.service'
import { toDashboardDetail, toDashboardSession, withDrivers } from '../sessions/bus-session.service'
import type { Side, VoltnetFilter } from './voltnet-session.repository'
import { countSessions, pageKeys, resolveNamedIds } from './voltnet-session.repository'

/*
 * The voltnet v1 dashboard sessions (docs/decisions/0025-bus-and-voltnet-sessions.md): one side of the caller's
 * sessions (CPO: on its chargers; EMSP: by its customers), filtered, newest start first, with a capped and cached
 * count; and one session with what the refund panel needs.
 */

const SIDE_OF: Record<MyEntityType, Side> = { CPO: 'entity_code', EMSP: 'emsp_entity_code' }

/** Cache scope of the counts (lib/count-cache.ts): per entity. */
export const voltnetCountScope = (entityCode: string) => `voltnet-sessions:${entityCode}`

/** The body's filters in the repository's terms, the named ids resolved once. */
export async function filterOf(
  db: Db,
  entityCode: string,
  b: VoltnetSessionCountFilter,
): Promise<VoltnetFilter> {
  const named = await resolveNamedIds(db, b)
  return {
    side: SIDE_OF[b.myEntityType],
    entityCode,
    from: b.startDateTime,
    to: b.endDateTime,
    partnerEntityCode: b.partnerEntityCode,
    paymentMethodCode: b.paymentMethodCode,
    state: b.state,
    stopReason: b.stopReason,
    driverIds: named.driverIds ?? undefined,
    evseRefs: named.evseRefs ?? undefined,
    sessionIds: named.sessionIds ?? undefined,
  }
}

/** loadSessions reads rows by id, in the order of the keys it is given; its sort key is not used. */
export const asLoadKeys = (page: readonly { id: number }[]): SessionKey[] =>
  page.map((k) => ({ id: k.id, last_updated: 0 }))

/** POST /v1/dashboard/charging-sessions → chargingSessions. */
export async function listVoltnetSessions(
  db: Db,
  caller: Caller,
  body: VoltnetSessionFilter,
  now = Date.now(),
): Promise<DashboardSession[]> {
  const { limit, offset, ...filters } = body
  const page = await pageKeys(db, await filterOf(db, caller.auth.entityCode, filters), { limit, offset })
  const records = await withDrivers(db, await loadSessions(db, asLoadKeys(page)))
  return records.map((r) => toDashboardSession(r, now))
}

/** POST /v1/dashboard/charging-sessions/count → count (capped at COUNT_CAP, cached 10 s per entity and filter). */
export async function countVoltnetSessions(
  db: Db,
  counts: CountCache,
  caller: Caller,
  body: VoltnetSessionCountFilter,
): Promise<ListCount> {
  const entityCode = caller.auth.entityCode
  // The list's paging is accepted and ignored (B §7 "same filters"): every page of a list shares one cached count.
  const { limit: _limit, offset: _offset, ...filters } = body
  const n = await counts.get(voltnetCountScope(entityCode), filters, async () =>
    countSessions(db, await filterOf(db, entityCode, filters)),
  )
  return { count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP }
}

/**
 * GET /v1/dashboard/charging-sessions/{id}: a session the caller is on either side of (or on the side named by
 * `myEntityType`), else 404. `canRefund` when the caller is its CPO.
 */
export async function getVoltnetSession(
  db: Db,
  caller: Caller,
  id: string,
  myEntityType: MyEntityType | undefined,
  now = Date.now(),
): Promise<VoltnetSessionDetail> {
  const entityCode = caller.auth.entityCode
  const record = await findVisibleSession(db, entityCode, id)
  if (!record || (myEntityType !== undefined && record[SIDE_OF[myEntityType]] !== entityCode))
    throw notFound('Charging session')
  const [[withDriver], refunds] = await Promise.all([withDrivers(db, [record]), listRefunds(db, record.id)])
  return {
    ...toDashboardDetail(withDriver ?? record, now),
    refundable: toUnits(Math.max(0, record.paid_amount - record.refunded_amount), record.currency),
    refunds: refunds.map((r) => ({
      uuid: r.uuid,
      amount: toUnits(r.amount, r.currency),
      reason: r.reason,
      createdByName: r.created_by_name,
      createdAt: r.created_at,
    })),
    canRefund: record.entity_code === entityCode,
  }
}
