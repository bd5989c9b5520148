import { z } from 'zod'
import { envelope, epochMs } from '../envelope'
import type { LiveEventName } from '../live/live-events'
import { LIVE_EVENT_NAMES } from '../live/live-events'

/*
 * Outgoing webhooks (issue 16, docs/decisions/0112-webhooks.md). An entity registers a URL and the live events it
 * wants; each such event is POSTed to it as JSON, signed with the webhook's secret, and retried for 24 hours.
 *
 * - POST   /api/main/webhooks                      (edit on iam / webhooks/*): `{ url, events }` → the webhook and
 *   its `secret`, shown this once;
 * - GET    /api/main/webhooks                      (read): the entity's webhooks;
 * - PUT    /api/main/webhooks/{id}                 (edit): `{ status }`, and optionally `url`, `events`;
 * - DELETE /api/main/webhooks/{id}                 (edit): with its deliveries, pending ones included;
 * - GET    /api/main/webhooks/{id}/deliveries      (read): every attempt, newest first;
 * - POST   /api/main/webhooks/{id}/deliveries/{delivery}/redeliver (edit): the same delivery again.
 *
 * What the receiver gets: `POST <url>` with the body
 * `{ "id": <delivery uuid>, "event": <name>, "entity_code": …, "created_at": <ISO 8601>, "data": <the event's data> }`
 * and the headers below; `X-Portal-Signature` is `sha256=` and the hex HMAC-SHA256 of the raw body with the secret.
 */

/** The policy that opens webhooks in entity settings (entity admins hold it without a grant). */
export const WEBHOOKS_POLICY = { app_code: 'iam', resource_code: 'webhooks/*' } as const

export const WEBHOOK_HEADERS = {
  event: 'X-Portal-Event',
  delivery: 'X-Portal-Delivery',
  signature: 'X-Portal-Signature',
} as const

export const WEBHOOK_URL_MAX = 2000
/** Webhooks one entity may hold: every event fans out to each of them. */
export const WEBHOOKS_PER_ENTITY_MAX = 20
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_EXCERPT_BYTES = 512
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 25

export const WEBHOOK_STATUSES = ['active', 'paused'] as const
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number]
export const WEBHOOK_OUTCOMES = ['pending', 'succeeded', 'failed'] as const
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number]

/** http or https, no user or password in it (a secret in a URL ends up in logs). */
export const webhookUrl = z
  .string({ error: 'Enter the address the events are sent to' })
  .trim()
  .min(1, 'Enter the address the events are sent to')
  .max(WEBHOOK_URL_MAX, `Use at most ${String(WEBHOOK_URL_MAX)} characters`)
  .superRefine((value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter a full address, like https://example.com/hooks' })
      return
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: 'Use an http:// or https:// address' })
    else if (url.username !== '' || url.password !== '')
      ctx.addIssue({ code: 'custom', message: 'Leave the user name and password out of the address' })
    else if (url.hostname === '') ctx.addIssue({ code: 'custom', message: 'The address names no host' })
  })

const eventName = z.enum(LIVE_EVENT_NAMES as [LiveEventName, ...LiveEventName[]], {
  error: `Unknown event; one of ${LIVE_EVENT_NAMES.join(', ')}`,
})

export const webhookEvents = z
  .array(eventName, { error: 'Choose the events to send' })
  .min(1, 'Choose at least one event')
  .max(LIVE_EVENT_NAMES.length)
  .refine((names) => new Set(names).size === names.length, 'Name each event once')

export const webhookCreateRequest = z.strictObject({ url: webhookUrl, events: webhookEvents })
export type WebhookCreateRequest = z.infer<typeof webhookCreateRequest>

export const webhookUpdateRequest = z.strictObject({
  status: z.enum(WEBHOOK_STATUSES, { error: "status: 'active' or 'paused'" }).optional(),
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
})
export type WebhookUpdateRequest = z.infer<typeof webhookUpdateRequest>

export const webhookParams = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
})
export const webhookDeliveryParams = z.strictObject({
  id: webhookParams.shape.id,
  delivery: z.uuid().describe('the delivery uuid (X-Portal-Delivery)'),
})

export const webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  status: z.enum(WEBHOOK_STATUSES),
  created_at: epochMs,
  /** The username of who registered it. */
  created_by: z.string(),
  /** The latest attempt made (pending ones left out): when, and how it went. */
  last_delivery_at: epochMs.nullable(),
  last_delivery_outcome: z.enum(WEBHOOK_OUTCOMES).nullable(),
})
export type Webhook = z.infer<typeof webhook>

export const webhookResponse = envelope(webhook)
/** The new webhook and its secret: the only time the secret is answered. */
export const webhookCreatedResponse = envelope(webhook.extend({ secret: z.string() }))
export type WebhookCreated = z.infer<typeof webhookCreatedResponse>['data']
export const webhookListResponse = envelope(
  z.object({ webhooks: z.array(webhook), count: z.number().int().min(0) }),
)
export type WebhookListData = z.infer<typeof webhookListResponse>['data']

/** One attempt of a delivery; a pending one is queued, `at` being when it is due. */
export const webhookDelivery = z.object({
  /** The attempt's own id. */
  id: z.string(),
  /** The delivery (X-Portal-Delivery): the same on every attempt and redelivery. */
  delivery_uuid: z.string(),
  event: z.string(),
  /** 1 for the first attempt; retries and redeliveries count on. */
  attempt: z.number().int(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  http_status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  /** The answer's first bytes, as text. */
  response_excerpt: z.string().nullable(),
  /** Why it failed: timeout, refused by the address rule, connection refused… */
  error: z.string().nullable(),
  at: epochMs,
})
export type WebhookDelivery = z.infer<typeof webhookDelivery>

export const webhookDeliveryListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(WEBHOOK_DELIVERIES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export interface WebhookDeliveryListQuery {
  limit?: number
  offset?: number
}
export const webhookDeliveryListResponse = envelope(
  z.object({
    deliveries: z.array(webhookDelivery),
    /** Exact up to COUNT_CAP; `count_capped` says there are more. */
    count: z.number().int().min(0),
    count_capped: z.boolean(),
  }),
)
export type WebhookDeliveryListData = z.infer<typeof webhookDeliveryListResponse>['data']

/** The redelivery's queued attempt. */
export const webhookRedeliverResponse = envelope(webhookDelivery)
