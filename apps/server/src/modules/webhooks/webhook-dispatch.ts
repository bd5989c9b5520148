import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { parseJson } from '../../lib/json'
import type { LiveFact } from '../live/live-kinds'
import { activeWebhooksOf, insertAttempt, insertDelivery } from './webhook.repository'
import type { WebhookDeliverPayload } from './webhook-delivery.job'
import { WEBHOOK_DELIVER } from './webhook-delivery.job'

/*
 * From the live feed to the job queue (decision 0112): whatever the live stream is told is offered to the active
 * webhooks of each entity that hears it, and each webhook that asked for the event's name gets a delivery, its body
 * fixed now, queued as a `webhook.deliver` job. Runs on the instance that saw the event, once.
 */

interface Target {
  id: number
  events: ReadonlySet<string>
}

/**
 * The active webhooks of each entity, kept `ttlMs` (every live event asks). A change on this instance forgets its
 * entity at once; another instance's change is seen within `ttlMs`.
 */
export class WebhookTargets {
  private readonly cache = new Map<string, { until: number; targets: Promise<Target[]> }>()

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  of(entityCode: string): Promise<Target[]> {
    const now = Date.now()
    const hit = this.cache.get(entityCode)
    if (hit && hit.until > now) return hit.targets
    const targets = activeWebhooksOf(this.db, entityCode).then((rows) =>
      rows.map((r) => ({ id: r.id, events: new Set(parseJson<string[]>(r.events, [])) })),
    )
    const entry = { until: now + this.ttlMs, targets }
    this.cache.set(entityCode, entry)
    // A failed read is not kept: the next event asks again.
    targets.catch(() => {
      if (this.cache.get(entityCode) === entry) this.cache.delete(entityCode)
    })
    return targets
  }

  forget(entityCode: string): void {
    this.cache.delete(entityCode)
  }
}

interface Queued {
  uuid: string
  webhook_id: number
  event: string
  body: string
}

/** The deliveries these facts make: one per webhook that asked for the event, in each entity that hears it. */
export async function deliveriesOf(
  targets: WebhookTargets,
  facts: readonly LiveFact[],
  now: number,
): Promise<Queued[]> {
  const out: Queued[] = []
  const createdAt = new Date(now).toISOString()
  for (const fact of facts) {
    for (const entityCode of new Set(fact.entities)) {
      for (const target of await targets.of(entityCode)) {
        if (!target.events.has(fact.name)) continue
        const uuid = randomUUID()
        out.push({
          uuid,
          webhook_id: target.id,
          event: fact.name,
          // The exact bytes every attempt sends and signs.
          body: JSON.stringify({
            id: uuid,
            event: fact.name,
            entity_code: entityCode,
            created_at: createdAt,
            data: fact.data,
          }),
        })
      }
    }
  }
  return out
}

/** Each delivery, its first (pending) attempt and its job, in one transaction. */
export async function queueDeliveries(
  db: Db,
  jobs: JobQueue,
  deliveries: readonly Queued[],
  now: number,
): Promise<void> {
  if (deliveries.length === 0) return
  await db.transaction().execute(async (trx) => {
    for (const d of deliveries) {
      const id = await insertDelivery(trx, { ...d, created_at: now })
      await insertAttempt(trx, {
        delivery_id: id,
        webhook_id: d.webhook_id,
        attempt: 1,
        outcome: 'pending',
        http_status: null,
        latency_ms: null,
        response_excerpt: null,
        error: null,
        at: now,
      })
      await jobs.enqueue<WebhookDeliverPayload>(
        WEBHOOK_DELIVER,
        { delivery: d.uuid },
        { db: trx, uniqueKey: deliveryJobKey(d.uuid) },
      )
    }
  })
  // The jobs are visible now that the transaction committed: wake this instance and the others.
  jobs.notify()
}

export const deliveryJobKey = (uuid: string) => `webhook:${uuid}`

/** The live feed's hook: the facts just recorded, to the webhooks that asked for them. */
export function webhookHook(db: Db, jobs: JobQueue, targets: WebhookTargets) {
  return async (facts: readonly LiveFact[]): Promise<void> => {
    const now = Date.now()
    await queueDeliveries(db, jobs, await deliveriesOf(targets, facts, now), now)
  }
}
