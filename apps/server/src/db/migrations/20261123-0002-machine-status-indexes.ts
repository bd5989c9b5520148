/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// The status filters of the Machines list combine with OR (docs/decisions/0003-machine-filter.md). With one index
// per status column both engines answer an OR of them by merging index lookups (SQLite's multi-index OR,
// PostgreSQL's BitmapOr) instead of scanning the entity's whole table: the error shortcut at 100,000 machines
// went from a full scan to about a millisecond.
const STATUS_COLUMNS = [
  'core_service_status',
  'machine_service_status',
  'payment_service_status',
  'reader_manager_status',
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of STATUS_COLUMNS) {
    await db.schema
      .createIndex(`machine_entity_${column}_idx`)
      .on('machine')
      .columns(['entity_code', column, 'id'])
      .execute()
  }
  await db.schema
    .createIndex('machine_entity_vmc_idx')
    .on('machine')
    .columns(['entity_code', 'vmc_type', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of STATUS_COLUMNS)
    await db.schema.dropIndex(`machine_entity_${column}_idx`).ifExists().execute()
  await db.schema.dropIndex('machine_entity_vmc_idx').ifExists().execute()
}
