import type { OcpiEndpoint, OcpiEvse } from '@portal/contract'
import { OcpiCode, ocpiDateTimeOf } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import { OcpiCallFailed, ocpiCall } from './ocpi-client'
import type { OcpiSettings } from './ocpi-handshake.service'
import type { QueuedEvse } from './ocpi-push-queue.repository'
import {
  dequeueSent,
  dropQueue,
  evseStates,
  partnersWithQueue,
  queueEvse,
  queuedEvses,
} from './ocpi-push-queue.repository'
import { identitiesOf, partnerById, recordSync } from './ocpi.repository'

/*
 * EVSE status pushes (decision 0113, "Push storms"). A connector's status change queues its EVSE for each partner
 * (ocpi_push_queue: one row per partner and EVSE, a later change moving its time) and wakes the partner's drain job.
 * The drain sends the waiting EVSEs a hundred at a time, as PATCHes of status and last_updated, several at once over
 * kept-alive connections; an EVSE sent is dequeued unless it changed again meanwhile. A partner that does not know a
 * location yet (2003 or 404) gets the whole location. A partner that fails keeps its rows and the job retries with
 * backoff: what it missed is the latest state when it is back. A sweeper wakes drains that a change queued just as
 * the previous drain was ending (its own wake-up was refused while that job still held the key).
 */

export const OCPI_PUSH_EVSES = 'ocpi.push.evses'
export const OCPI_PUSH_SWEEP = 'ocpi.push.sweep'

interface DrainPayload {
  partner_id: number
}

const BATCH = 100
const IN_FLIGHT = 8
/** Batches one run sends before it ends and lets the sweeper or the next change start another (fairness). */
const MAX_BATCHES = 50
const SWEEP_EVERY_MS = 5_000
/** A process wakes a partner's drain at most this often: while it runs, a wake-up is refused anyway. */
const WAKE_EVERY_MS = 100

export interface EvsePushes {
  queue(partnerIds: readonly number[], evseId: number, locationId: number): Promise<void>
}

const drainKey = (partnerId: number) => `${OCPI_PUSH_EVSES}:${String(partnerId)}`

async function runAll<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await fn(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

type PushLocation = (
  db: Db,
  settings: OcpiSettings,
  payload: { partner_id: number; location_id: number },
) => Promise<void>

async function drain(db: Db, settings: OcpiSettings, partnerId: number, pushLocation: PushLocation) {
  const partner = await partnerById(db, partnerId)
  if (partner?.status !== 'connected' || partner.outgoing_token === null) return dropQueue(db, partnerId)
  const url = parseJson<OcpiEndpoint[]>(partner.endpoints, []).find(
    (e) => e.identifier === 'locations' && e.role === 'RECEIVER',
  )?.url
  const party = (await identitiesOf(db, partner.entity_code)).find((i) => i.role === 'CPO')
  if (url === undefined || !party) return dropQueue(db, partnerId)
  const token = partner.outgoing_token
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const queued = await queuedEvses(db, partnerId, BATCH)
    if (queued.length === 0) return
    const { evses, connectors } = await evseStates(
      db,
      queued.map((q) => q.evse_id),
    )
    const latest = new Map<number, number>()
    for (const c of connectors) latest.set(c.evse_ref, Math.max(latest.get(c.evse_ref) ?? 0, c.updated_at))
    const byId = new Map(evses.map((e) => [e.id, e]))
    const sent: QueuedEvse[] = []
    let failure: unknown = null
    let last = ''
    await runAll(queued, IN_FLIGHT, async (q) => {
      const evse = byId.get(q.evse_id)
      // Gone, another entity's, or without a connector (not an OCPI EVSE): nothing to send.
      if (!evse || evse.entity_code !== partner.entity_code || !latest.has(evse.id)) {
        sent.push(q)
        return
      }
      const patch = {
        status: evse.status as OcpiEvse['status'],
        last_updated: ocpiDateTimeOf(Math.max(evse.updated_at, latest.get(evse.id) ?? 0)),
      }
      try {
        await ocpiCall(db, settings.client, {
          partnerId,
          method: 'PATCH',
          url: `${url}/${party.country_code}/${party.party_id}/${encodeURIComponent(evse.location_uid)}/${encodeURIComponent(evse.uid)}`,
          token,
          module: 'locations',
          body: patch,
        })
        sent.push(q)
        last = `ok: EVSE ${evse.uid} ${patch.status}`
      } catch (err) {
        const unknown =
          err instanceof OcpiCallFailed &&
          (err.ocpiStatus === OcpiCode.unknownLocation || err.httpStatus === 404)
        if (!unknown) {
          failure ??= err
          return
        }
        try {
          await pushLocation(db, settings, { partner_id: partnerId, location_id: q.location_id })
          sent.push(q)
        } catch (again) {
          failure ??= again
        }
      }
    })
    await dequeueSent(db, partnerId, sent)
    if (failure !== null) {
      const why = failure instanceof Error ? failure.message : 'The partner refused the push'
      await recordSync(db, partnerId, 'locations', 'push', Date.now(), why)
      throw failure instanceof Error ? failure : new Error(why)
    }
    if (last !== '') await recordSync(db, partnerId, 'locations', 'push', Date.now(), last)
  }
}

export function registerEvsePushes(
  app: FastifyInstance,
  settings: OcpiSettings,
  pushLocation: PushLocation,
): EvsePushes {
  app.jobs.register<DrainPayload>(
    OCPI_PUSH_EVSES,
    (payload) => drain(app.db, settings, payload.partner_id, pushLocation),
    { maxAttempts: 12 },
  )
  const wake = (partnerId: number) =>
    app.jobs.enqueue<DrainPayload>(
      OCPI_PUSH_EVSES,
      { partner_id: partnerId },
      { uniqueKey: drainKey(partnerId) },
    )
  app.jobs.register(OCPI_PUSH_SWEEP, async () => {
    for (const partnerId of await partnersWithQueue(app.db)) await wake(partnerId)
  })
  app.jobs.schedule(OCPI_PUSH_SWEEP, SWEEP_EVERY_MS)
  const woken = new Map<number, number>()
  return {
    async queue(partnerIds, evseId, locationId) {
      const now = Date.now()
      await queueEvse(app.db, partnerIds, evseId, locationId, now)
      for (const partnerId of partnerIds) {
        if ((woken.get(partnerId) ?? 0) > now - WAKE_EVERY_MS) continue
        woken.set(partnerId, now)
        await wake(partnerId)
      }
    },
  }
}
