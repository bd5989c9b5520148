import { WEBHOOK_HEADERS } from '@portal/contract'
import { createHmac } from 'node:crypto'
import type { Db } from '../../db/database'
import type { JobContext, JobQueue } from '../../jobs/job-queue'
import { PermanentJobError } from '../../jobs/job-queue'
import type { AddressRule } from './webhook-address'
import {
  deleteDeliveriesBefore,
  findDeliveryForSending,
  findPendingAttempt,
  finishAttempt,
  insertAttempt,
  lastAttemptNumber,
} from './webhook.repository'
import type { Resolve } from './webhook-send'
import { postWebhook } from './webhook-send'

/*
 * Delivering webhooks (decision 0112): each delivery is a `webhook.deliver` job on the job queue, so that it runs
 * once across instances and survives restarts. An attempt that fails for a reason that may pass (a non-2xx answer,
 * a timeout, the network) is tried again on the schedule below, which ends 24 hours after the first attempt; one
 * refused by the address rule is not.
 */

export const WEBHOOK_DELIVER = 'webhook.deliver'
export const WEBHOOKS_PRUNE = 'webhooks.prune'

export interface WebhookDeliverPayload {
  /** The delivery's uuid. */
  delivery: string
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/**
 * The waits between attempts: doubling from `firstMs`, each at most `capMs`, the last cut so that the final attempt
 * comes `windowMs` after the first. With the defaults: 1, 2, 4 … 256 minutes, 6 h, 6 h, then 3 h 29 min: thirteen
 * attempts over 24 hours.
 */
export function retrySchedule(firstMs = MINUTE_MS, capMs = 6 * HOUR_MS, windowMs = DAY_MS): number[] {
  const delays: number[] = []
  let total = 0
  let next = firstMs
  while (total < windowMs) {
    const wait = Math.min(next, capMs, windowMs - total)
    delays.push(wait)
    total += wait
    next *= 2
  }
  return delays
}

export const DEFAULT_RETRY_DELAYS_MS = retrySchedule()
/** An answer is waited for this long. */
export const DEFAULT_TIMEOUT_MS = 10_000
/** The delivery log keeps deliveries (with their attempts) this long. */
export const DELIVERY_RETENTION_MS = 30 * DAY_MS
const PRUNE_EVERY_MS = HOUR_MS

export const WEBHOOK_USER_AGENT = 'OperatorPortal-Webhooks/1.0'

export interface DeliverySettings {
  rule: AddressRule
  resolve: Resolve
  timeoutMs: number
  /** The waits between attempts; their count + 1 is the number of attempts. */
  retryDelaysMs: readonly number[]
}

/** `sha256=` and the hex HMAC-SHA256 of the body's exact bytes with the secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}

export function deliveryHeaders(delivery: { uuid: string; event: string; body: string }, secret: string) {
  return {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.event]: delivery.event,
    [WEBHOOK_HEADERS.delivery]: delivery.uuid,
    [WEBHOOK_HEADERS.signature]: signatureOf(secret, delivery.body),
  }
}

/** One attempt of a delivery, run by the job; throws when it should be tried again (or, permanently, not). */
export async function deliverWebhook(
  db: Db,
  payload: WebhookDeliverPayload,
  ctx: Pick<JobContext, 'attempt' | 'signal'>,
  settings: DeliverySettings,
): Promise<void> {
  const delivery = await findDeliveryForSending(db, payload.delivery)
  // Deleted with its webhook (or by the retention sweep): nothing to send.
  if (!delivery) return
  const now = Date.now()
  // The attempt queued with this job; one is made when it is missing (an attempt lost to a crash mid-write).
  const pending = await findPendingAttempt(db, delivery.id)
  let attempt: { id: string | number; attempt: number }
  if (pending) attempt = pending
  else {
    const number = (await lastAttemptNumber(db, delivery.id)) + 1
    const id = await insertAttempt(db, {
      delivery_id: delivery.id,
      webhook_id: delivery.webhook_id,
      attempt: number,
      outcome: 'pending',
      http_status: null,
      latency_ms: null,
      response_excerpt: null,
      error: null,
      at: now,
    })
    attempt = { id, attempt: number }
  }
  const target = { id: attempt.id, webhook_id: delivery.webhook_id }
  if (delivery.status !== 'active') {
    await finishAttempt(db, target, {
      outcome: 'failed',
      http_status: null,
      latency_ms: null,
      response_excerpt: null,
      error: 'Not sent: the webhook is paused',
      at: now,
    })
    return
  }

  const result = await postWebhook(delivery.url, delivery.body, deliveryHeaders(delivery, delivery.secret), {
    rule: settings.rule,
    resolve: settings.resolve,
    timeoutMs: settings.timeoutMs,
    signal: ctx.signal,
  })
  // The instance stops (or lost the job): the attempt stays pending for whoever runs the job next.
  if (result.aborted) throw new Error('stopped before the answer came')
  await finishAttempt(db, target, {
    outcome: result.ok ? 'succeeded' : 'failed',
    http_status: result.status,
    latency_ms: result.latencyMs,
    response_excerpt: result.excerpt,
    error: result.error,
    at: now,
  })
  if (result.ok) return
  const reason = result.error ?? 'failed'
  if (result.refused) throw new PermanentJobError(reason)
  const wait = settings.retryDelaysMs[ctx.attempt - 1]
  if (wait !== undefined) {
    // The next attempt, in the log at once: when it is due.
    await insertAttempt(db, {
      delivery_id: delivery.id,
      webhook_id: delivery.webhook_id,
      attempt: attempt.attempt + 1,
      outcome: 'pending',
      http_status: null,
      latency_ms: null,
      response_excerpt: null,
      error: null,
      at: Date.now() + wait,
    })
  }
  throw new Error(reason)
}

/** Registers `webhook.deliver` and the hourly retention sweep `webhooks.prune` on the queue. */
export function registerWebhookJobs(jobs: JobQueue, db: Db, settings: DeliverySettings): void {
  const delays = settings.retryDelaysMs
  jobs.register<WebhookDeliverPayload>(
    WEBHOOK_DELIVER,
    (payload, ctx) => deliverWebhook(db, payload, ctx, settings),
    {
      maxAttempts: delays.length + 1,
      backoffMs: (attempt) => delays[attempt - 1] ?? delays[delays.length - 1] ?? MINUTE_MS,
    },
  )
  jobs.register(WEBHOOKS_PRUNE, async (_payload, ctx) => {
    const removed = await deleteDeliveriesBefore(db, Date.now() - DELIVERY_RETENTION_MS)
    if (removed > 0) ctx.log(`webhooks.prune: deleted ${String(removed)} deliveries`)
  })
  jobs.schedule(WEBHOOKS_PRUNE, PRUNE_EVERY_MS)
}
