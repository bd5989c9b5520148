import type {
  Webhook,
  WebhookCreated,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookDeliveryListData,
  WebhookListData,
  WebhookOutcome,
  WebhookStatus,
  WebhookUpdateRequest,
} from '@portal/contract'
import { COUNT_CAP, WEBHOOK_OUTCOMES, WEBHOOK_STATUSES, WEBHOOKS_PER_ENTITY_MAX } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import type { AttemptView, WebhookView } from './webhook.repository'
import {
  countAttempts,
  countWebhooks,
  deleteWebhook,
  findAttempt,
  findDeliveryOf,
  findWebhook,
  insertAttempt,
  insertWebhook,
  lastAttemptNumber,
  listAttempts,
  listWebhooks,
  updateWebhook,
} from './webhook.repository'
import type { AddressRule } from './webhook-address'
import type { WebhookDeliverPayload } from './webhook-delivery.job'
import { WEBHOOK_DELIVER } from './webhook-delivery.job'
import type { WebhookTargets } from './webhook-dispatch'
import { deliveryJobKey } from './webhook-dispatch'
import type { Resolve } from './webhook-send'
import { urlRefusal } from './webhook-send'

/*
 * An entity's webhooks (issue 16, decision 0112): registered with a URL the address rule accepts, paused, resumed,
 * deleted; their delivery log, and a delivery sent again.
 */

export interface WebhookContext {
  rule: AddressRule
  resolve: Resolve
  targets: WebhookTargets
  jobs: JobQueue
}

const statusOf = (value: string): WebhookStatus => WEBHOOK_STATUSES.find((s) => s === value) ?? 'paused'
const outcomeOf = (value: string): WebhookOutcome => WEBHOOK_OUTCOMES.find((o) => o === value) ?? 'failed'

export function toWebhook(row: WebhookView): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: parseJson<string[]>(row.events, []),
    status: statusOf(row.status),
    created_at: row.created_at,
    created_by: row.created_by,
    last_delivery_at: row.last_delivery_at,
    last_delivery_outcome: row.last_delivery_outcome === null ? null : outcomeOf(row.last_delivery_outcome),
  }
}

export function toDelivery(row: AttemptView): WebhookDelivery {
  return {
    id: String(row.id),
    delivery_uuid: row.delivery_uuid,
    event: row.event,
    attempt: row.attempt,
    outcome: outcomeOf(row.outcome),
    http_status: row.http_status,
    latency_ms: row.latency_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    at: row.at,
  }
}

/** A secret of 256 random bits: what the receiver checks signatures with. */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

/** The entity's webhook, else a 404 (another entity's is not found either). */
async function ownWebhook(db: Db, caller: Caller, id: number): Promise<WebhookView> {
  const row = await findWebhook(db, caller.auth.entityCode, id)
  if (!row) throw notFound('Webhook')
  return row
}

async function checkUrl(url: string, ctx: WebhookContext): Promise<void> {
  const why = await urlRefusal(url, ctx.rule, ctx.resolve)
  if (why !== null) throw fieldError('body.url', why)
}

const audited = (w: Pick<WebhookView, 'url' | 'events' | 'status'>) => ({
  url: w.url,
  events: parseJson<string[]>(w.events, []),
  status: w.status,
})

export async function listEntityWebhooks(db: Db, caller: Caller): Promise<WebhookListData> {
  const rows = await listWebhooks(db, caller.auth.entityCode)
  return { webhooks: rows.map(toWebhook), count: rows.length }
}

export async function createWebhook(
  db: Db,
  caller: Caller,
  body: WebhookCreateRequest,
  ctx: WebhookContext,
  now = Date.now(),
): Promise<WebhookCreated> {
  const entityCode = caller.auth.entityCode
  if ((await countWebhooks(db, entityCode)) >= WEBHOOKS_PER_ENTITY_MAX)
    throw new HttpError(
      409,
      'CONFLICT',
      `This entity already has ${String(WEBHOOKS_PER_ENTITY_MAX)} webhooks; delete one before adding another`,
    )
  await checkUrl(body.url, ctx)
  const secret = generateWebhookSecret()
  const row = {
    entity_code: entityCode,
    url: body.url,
    events: JSON.stringify(body.events),
    secret,
    status: 'active',
    created_at: now,
    created_by: caller.auth.username.slice(0, 200),
    updated_at: now,
    last_delivery_at: null,
    last_delivery_outcome: null,
  }
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertWebhook(trx, row)
    // Never the secret: only that the webhook was made, where to and for what.
    await auditChange(trx, caller, 'webhook_created', 'webhook', created, null, audited(row))
    return created
  })
  ctx.targets.forget(entityCode)
  return { ...toWebhook({ ...row, id }), secret }
}

export async function changeWebhook(
  db: Db,
  caller: Caller,
  id: number,
  body: WebhookUpdateRequest,
  ctx: WebhookContext,
  now = Date.now(),
): Promise<Webhook> {
  const before = await ownWebhook(db, caller, id)
  if (body.status === undefined && body.url === undefined && body.events === undefined)
    throw fieldError('body', 'Send status, url or events')
  if (body.url !== undefined && body.url !== before.url) await checkUrl(body.url, ctx)
  const patch = {
    ...(body.status === undefined ? {} : { status: body.status }),
    ...(body.url === undefined ? {} : { url: body.url }),
    ...(body.events === undefined ? {} : { events: JSON.stringify(body.events) }),
    updated_at: now,
  }
  await db.transaction().execute(async (trx) => {
    await updateWebhook(trx, caller.auth.entityCode, id, patch)
    await auditChange(
      trx,
      caller,
      'webhook_updated',
      'webhook',
      id,
      audited(before),
      audited({ ...before, ...patch }),
    )
  })
  ctx.targets.forget(caller.auth.entityCode)
  return toWebhook(await ownWebhook(db, caller, id))
}

/** Deletes a webhook with its deliveries: their queued jobs then find nothing to send. */
export async function removeWebhook(db: Db, caller: Caller, id: number, ctx: WebhookContext): Promise<void> {
  const before = await ownWebhook(db, caller, id)
  await db.transaction().execute(async (trx) => {
    await deleteWebhook(trx, caller.auth.entityCode, id)
    await auditChange(trx, caller, 'webhook_deleted', 'webhook', id, audited(before), null)
  })
  ctx.targets.forget(caller.auth.entityCode)
}

export async function webhookDeliveries(
  db: Db,
  caller: Caller,
  id: number,
  page: { limit: number; offset: number },
): Promise<WebhookDeliveryListData> {
  const entityCode = caller.auth.entityCode
  await ownWebhook(db, caller, id)
  const [rows, n] = await Promise.all([
    listAttempts(db, entityCode, id, page),
    countAttempts(db, entityCode, id),
  ])
  return { deliveries: rows.map(toDelivery), count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP }
}

/** Queues a delivery again: the same uuid and body, as a new attempt. */
export async function redeliver(
  db: Db,
  caller: Caller,
  id: number,
  uuid: string,
  ctx: WebhookContext,
): Promise<WebhookDelivery> {
  const entityCode = caller.auth.entityCode
  await ownWebhook(db, caller, id)
  const delivery = await findDeliveryOf(db, entityCode, id, uuid)
  if (!delivery) throw notFound('Delivery')
  if (delivery.status !== 'active')
    throw new HttpError(409, 'CONFLICT', 'This webhook is paused: resume it before sending a delivery again')
  const attemptId = await db.transaction().execute(async (trx) => {
    const attempt = await insertAttempt(trx, {
      delivery_id: delivery.id,
      webhook_id: id,
      attempt: (await lastAttemptNumber(trx, delivery.id)) + 1,
      outcome: 'pending',
      http_status: null,
      latency_ms: null,
      response_excerpt: null,
      error: null,
      at: Date.now(),
    })
    const job = await ctx.jobs.enqueue<WebhookDeliverPayload>(
      WEBHOOK_DELIVER,
      { delivery: uuid },
      { db: trx, uniqueKey: deliveryJobKey(uuid) },
    )
    if (job === null)
      throw new HttpError(409, 'CONFLICT', 'This delivery is already queued: wait for its attempt to be made')
    return attempt
  })
  ctx.jobs.notify()
  const row = await findAttempt(db, entityCode, id, attemptId)
  if (!row) throw notFound('Delivery')
  return toDelivery(row)
}
