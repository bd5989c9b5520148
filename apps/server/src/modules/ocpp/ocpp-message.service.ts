import type { OcppMessage, OcppMessageListData, OcppMessageListFilter } from '@portal/contract'
import { COUNT_CAP } from '@portal/contract'
import type { Db } from '../../db/database'
import { notFound } from '../../lib/errors'
import type { OcppMessageRecord } from './ocpp-message.repository'
import { chargerIdOf, countMessages, findMessagePage } from './ocpp-message.repository'

export function toOcppMessage(r: OcppMessageRecord): OcppMessage {
  return {
    id: String(r.id),
    at: r.at,
    direction: r.direction,
    kind: r.kind,
    message_id: r.message_id,
    action: r.action,
    payload: r.payload,
    latency_ms: r.latency_ms,
  }
}

/** A page of one charger's message log, newest first, and how many frames match (capped). */
export async function listOcppMessages(
  db: Db,
  entityCode: string,
  uid: string,
  query: OcppMessageListFilter,
): Promise<OcppMessageListData> {
  const chargePointId = await chargerIdOf(db, entityCode, uid)
  if (chargePointId === undefined) throw notFound('EV device')
  const { limit, offset, ...filter } = query
  const [rows, n] = await Promise.all([
    findMessagePage(db, chargePointId, filter, { limit, offset }),
    countMessages(db, chargePointId, filter),
  ])
  return { messages: rows.map(toOcppMessage), count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP }
}
