/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Outgoing webhooks (issue 16, docs/decisions/0112-webhooks.md).
//
// - webhook: an entity's subscriber: its URL, the live events it asked for (a JSON array of names), active or
//   paused, and the secret its deliveries are signed with. The secret is kept as it was handed out: an HMAC needs it
//   (a digest would not do), and the answers never carry it again.
// - webhook_delivery: one event for one webhook, with its body fixed when it was queued, so that every retry and
//   redelivery sends the same bytes under the same uuid (X-Portal-Delivery).
// - webhook_attempt: each try of a delivery (the delivery log), newest first per webhook; `pending` while it waits
//   in the job queue, `at` then being when it is due. Deleted with their delivery, deliveries with their webhook.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('webhook')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // The latest attempt made, for the list (reading it from the log would sort a busy webhook's whole log).
    .addColumn('last_delivery_at', 'bigint')
    .addColumn('last_delivery_outcome', 'varchar(10)')
    .execute()
  // Every live event looks up its entities' active webhooks.
  await db.schema.createIndex('webhook_entity_idx').on('webhook').columns(['entity_code', 'status']).execute()

  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhook.id').onDelete('cascade'))
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('webhook_delivery_webhook_idx')
    .on('webhook_delivery')
    .columns(['webhook_id', 'id'])
    .execute()
  // The retention sweep deletes by age.
  await db.schema
    .createIndex('webhook_delivery_created_at_idx')
    .on('webhook_delivery')
    .column('created_at')
    .execute()

  await db.schema
    .createTable('webhook_attempt')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('delivery_id', postgres ? 'bigint' : 'integer', (c) =>
      c.notNull().references('webhook_delivery.id').onDelete('cascade'),
    )
    .addColumn('webhook_id', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'varchar(500)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute()
  // The delivery log of a webhook, newest first.
  await db.schema
    .createIndex('webhook_attempt_webhook_idx')
    .on('webhook_attempt')
    .columns(['webhook_id', 'id'])
    .execute()
  await db.schema
    .createIndex('webhook_attempt_delivery_idx')
    .on('webhook_attempt')
    .columns(['delivery_id', 'attempt'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempt').ifExists().execute()
  await db.schema.dropTable('webhook_delivery').ifExists().execute()
  await db.schema.dropTable('webhook').ifExists().execute()
}
