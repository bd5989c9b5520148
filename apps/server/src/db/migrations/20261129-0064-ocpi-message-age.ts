/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// The OCPI message log is kept OCPI_MESSAGE_RETENTION_DAYS days (docs/decisions/0113-ocpi.md): the hourly prune
// deletes by age, in batches, on this index.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ocpi_message_at_idx').on('ocpi_message').column('at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ocpi_message_at_idx').execute()
}
