import type { Generated, Insertable, Selectable } from 'kysely'

/** An entity's outgoing webhook (migration 20261129-0061, decision 0112). */
export interface WebhookTable {
  id: Generated<number>
  entity_code: string
  url: string
  /** The live event names it receives, as a JSON array. */
  events: string
  /** Signs its deliveries (HMAC-SHA256); answered once, when the webhook is made. */
  secret: string
  /** WebhookStatus: 'active' or 'paused'. */
  status: string
  created_at: number
  /** The username of who registered it. */
  created_by: string
  updated_at: number
  /** The latest attempt made (not a pending one): when it started, and how it went. */
  last_delivery_at: number | null
  last_delivery_outcome: string | null
}
export type WebhookRow = Selectable<WebhookTable>
export type NewWebhookRow = Insertable<WebhookTable>

/** One event for one webhook, its body fixed when it was queued. */
export interface WebhookDeliveryTable {
  /** bigserial on PostgreSQL (handed over as a string), an integer on SQLite. */
  id: Generated<string | number>
  /** X-Portal-Delivery: the same on every attempt. */
  uuid: string
  webhook_id: number
  event: string
  /** The exact bytes sent (and signed), as UTF-8 text. */
  body: string
  created_at: number
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>

/** One try of a delivery: the delivery log. */
export interface WebhookAttemptTable {
  id: Generated<string | number>
  delivery_id: string | number
  webhook_id: number
  attempt: number
  /** WebhookOutcome: pending (queued, `at` is when it is due), succeeded or failed. */
  outcome: string
  http_status: number | null
  latency_ms: number | null
  response_excerpt: string | null
  error: string | null
  at: number
}
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>
export type NewWebhookAttemptRow = Insertable<WebhookAttemptTable>
