import { COUNT_CAP } from '@portal/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import type { NewWebhookAttemptRow, NewWebhookRow, WebhookAttemptRow, WebhookRow } from './webhook.table'

/* Webhooks' SQL (decision 0112). Whatever a caller names is scoped by their entity; the delivery job works by the
 * delivery's uuid, which it was handed by the queue. */

export type WebhookView = Omit<WebhookRow, 'secret'>

const VIEW = [
  'id',
  'entity_code',
  'url',
  'events',
  'status',
  'created_at',
  'created_by',
  'updated_at',
  'last_delivery_at',
  'last_delivery_outcome',
] as const

export async function listWebhooks(db: Db, entityCode: string): Promise<WebhookView[]> {
  return db.selectFrom('webhook').where('entity_code', '=', entityCode).select(VIEW).orderBy('id').execute()
}

export async function countWebhooks(db: Db, entityCode: string): Promise<number> {
  const row = await db
    .selectFrom('webhook')
    .where('entity_code', '=', entityCode)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findWebhook(db: Db, entityCode: string, id: number): Promise<WebhookView | undefined> {
  return db
    .selectFrom('webhook')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .select(VIEW)
    .executeTakeFirst()
}

export async function insertWebhook(db: Db, row: NewWebhookRow): Promise<number> {
  const inserted = await db.insertInto('webhook').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

export async function updateWebhook(
  db: Db,
  entityCode: string,
  id: number,
  patch: Partial<Pick<WebhookRow, 'url' | 'events' | 'status'>> & { updated_at: number },
): Promise<void> {
  await db
    .updateTable('webhook')
    .set(patch)
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .execute()
}

/** Deletes a webhook; its deliveries and their attempts go with it (foreign keys, on delete cascade). */
export async function deleteWebhook(db: Db, entityCode: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The entity's active webhooks and the events each receives (JSON), as every live event looks them up. */
export async function activeWebhooksOf(
  db: Db,
  entityCode: string,
): Promise<{ id: number; events: string }[]> {
  return db
    .selectFrom('webhook')
    .where('entity_code', '=', entityCode)
    .where('status', '=', 'active')
    .select(['id', 'events'])
    .execute()
}

export async function insertDelivery(
  db: Db,
  row: { uuid: string; webhook_id: number; event: string; body: string; created_at: number },
): Promise<string | number> {
  const inserted = await db
    .insertInto('webhook_delivery')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export async function insertAttempt(db: Db, row: NewWebhookAttemptRow): Promise<string | number> {
  const inserted = await db
    .insertInto('webhook_attempt')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** A delivery with what sending it needs: its webhook's address, secret and status. */
export async function findDeliveryForSending(db: Db, uuid: string) {
  return db
    .selectFrom('webhook_delivery as d')
    .innerJoin('webhook as w', 'w.id', 'd.webhook_id')
    .where('d.uuid', '=', uuid)
    .select([
      'd.id',
      'd.uuid',
      'd.event',
      'd.body',
      'd.webhook_id',
      'w.url',
      'w.secret',
      'w.status',
      'w.entity_code',
    ])
    .executeTakeFirst()
}

/** The attempt of a delivery waiting to be made, if any (the one its job is for). */
export async function findPendingAttempt(
  db: Db,
  deliveryId: string | number,
): Promise<WebhookAttemptRow | undefined> {
  return db
    .selectFrom('webhook_attempt')
    .where('delivery_id', '=', deliveryId)
    .where('outcome', '=', 'pending')
    .selectAll()
    .orderBy('attempt', 'desc')
    .executeTakeFirst()
}

/** The number of a delivery's latest attempt (0 before the first). */
export async function lastAttemptNumber(db: Db, deliveryId: string | number): Promise<number> {
  const row = await db
    .selectFrom('webhook_attempt')
    .where('delivery_id', '=', deliveryId)
    .select((eb) => eb.fn.max('attempt').as('n'))
    .executeTakeFirst()
  return row?.n ?? 0
}

/** Records how an attempt went, and makes it its webhook's latest unless a later one was recorded first. */
export async function finishAttempt(
  db: Db,
  attempt: { id: string | number; webhook_id: number },
  outcome: Pick<
    WebhookAttemptRow,
    'outcome' | 'http_status' | 'latency_ms' | 'response_excerpt' | 'error' | 'at'
  >,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('webhook_attempt').set(outcome).where('id', '=', attempt.id).execute()
    await trx
      .updateTable('webhook')
      .set({ last_delivery_at: outcome.at, last_delivery_outcome: outcome.outcome })
      .where('id', '=', attempt.webhook_id)
      .where((eb) => eb.or([eb('last_delivery_at', 'is', null), eb('last_delivery_at', '<=', outcome.at)]))
      .execute()
  })
}

/** One of the entity's webhook's deliveries, by its uuid. */
export async function findDeliveryOf(db: Db, entityCode: string, webhookId: number, uuid: string) {
  return db
    .selectFrom('webhook_delivery as d')
    .innerJoin('webhook as w', 'w.id', 'd.webhook_id')
    .where('w.entity_code', '=', entityCode)
    .where('d.webhook_id', '=', webhookId)
    .where('d.uuid', '=', uuid)
    .select(['d.id', 'd.uuid', 'd.event', 'w.status'])
    .executeTakeFirst()
}

export interface AttemptView extends WebhookAttemptRow {
  delivery_uuid: string
  event: string
}

function attemptsOf(db: Db, entityCode: string, webhookId: number) {
  return db
    .selectFrom('webhook_attempt as a')
    .innerJoin('webhook as w', 'w.id', 'a.webhook_id')
    .where('w.entity_code', '=', entityCode)
    .where('a.webhook_id', '=', webhookId)
}

/** A webhook's attempts, newest first (in the order they were queued). */
export async function listAttempts(
  db: Db,
  entityCode: string,
  webhookId: number,
  page: { limit: number; offset: number },
): Promise<AttemptView[]> {
  return attemptsOf(db, entityCode, webhookId)
    .innerJoin('webhook_delivery as d', 'd.id', 'a.delivery_id')
    .selectAll('a')
    .select(['d.uuid as delivery_uuid', 'd.event'])
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** One attempt of the entity's webhook. */
export async function findAttempt(
  db: Db,
  entityCode: string,
  webhookId: number,
  id: string | number,
): Promise<AttemptView | undefined> {
  return attemptsOf(db, entityCode, webhookId)
    .innerJoin('webhook_delivery as d', 'd.id', 'a.delivery_id')
    .where('a.id', '=', id)
    .selectAll('a')
    .select(['d.uuid as delivery_uuid', 'd.event'])
    .executeTakeFirst()
}

/** How many attempts a webhook has, counting at most COUNT_CAP + 1 (more than the cap reads as "capped"). */
export async function countAttempts(db: Db, entityCode: string, webhookId: number): Promise<number> {
  const limited = attemptsOf(db, entityCode, webhookId)
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_CAP + 1)
    .as('limited')
  const row = await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The retention sweep: deliveries queued before `before`, with their attempts. */
export async function deleteDeliveriesBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('webhook_delivery').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
