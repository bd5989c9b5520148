import type { Db } from '../../db/database'

/*
 * EVSE status changes waiting for each partner's push (decision 0113, "Push storms"). One row per partner and EVSE:
 * a change of an EVSE already waiting only moves its time, so a storm leaves at most one row per EVSE and partner.
 */

export interface QueuedEvse {
  evse_id: number
  location_id: number
  queued_at: number
}

/** Queues one EVSE for each partner, in one statement. */
export async function queueEvse(
  db: Db,
  partnerIds: readonly number[],
  evseId: number,
  locationId: number,
  at: number,
): Promise<void> {
  if (partnerIds.length === 0) return
  await db
    .insertInto('ocpi_push_queue')
    .values(
      partnerIds.map((p) => ({ partner_id: p, evse_id: evseId, location_id: locationId, queued_at: at })),
    )
    .onConflict((oc) =>
      oc
        .columns(['partner_id', 'evse_id'])
        .doUpdateSet((eb) => ({ queued_at: eb.ref('excluded.queued_at') })),
    )
    .execute()
}

export function queuedEvses(db: Db, partnerId: number, limit: number): Promise<QueuedEvse[]> {
  return db
    .selectFrom('ocpi_push_queue')
    .where('partner_id', '=', partnerId)
    .select(['evse_id', 'location_id', 'queued_at'])
    .orderBy('queued_at')
    .limit(limit)
    .execute()
}

/** Removes what was sent, unless the EVSE changed again meanwhile (its row then has a later time and stays). */
export async function dequeueSent(db: Db, partnerId: number, sent: readonly QueuedEvse[]): Promise<void> {
  if (sent.length === 0) return
  await db
    .deleteFrom('ocpi_push_queue')
    .where('partner_id', '=', partnerId)
    .where((eb) =>
      eb.or(sent.map((s) => eb.and([eb('evse_id', '=', s.evse_id), eb('queued_at', '=', s.queued_at)]))),
    )
    .execute()
}

export async function dropQueue(db: Db, partnerId: number): Promise<void> {
  await db.deleteFrom('ocpi_push_queue').where('partner_id', '=', partnerId).execute()
}

/** The partners with changes waiting (the sweeper's list). */
export async function partnersWithQueue(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('ocpi_push_queue').select('partner_id').distinct().execute()
  return rows.map((r) => r.partner_id)
}

/** The EVSEs of one batch with their connectors and their location's uid, in two queries. */
export async function evseStates(db: Db, evseIds: readonly number[]) {
  if (evseIds.length === 0) return { evses: [], connectors: [] }
  const [evses, connectors] = await Promise.all([
    db
      .selectFrom('ev_evse as e')
      .innerJoin('ev_location as l', 'l.id', 'e.location_id')
      .where('e.id', 'in', evseIds)
      .select(['e.id', 'e.uid', 'e.status', 'e.updated_at', 'e.entity_code', 'l.uid as location_uid'])
      .execute(),
    db
      .selectFrom('ev_connector')
      .where('evse_ref', 'in', evseIds)
      .select(['evse_ref', 'updated_at'])
      .execute(),
  ])
  return { evses, connectors }
}
