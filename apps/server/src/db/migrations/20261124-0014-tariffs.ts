/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// Tariffs (docs/decisions/0022-tariffs.md). The list reads 0012's (entity_code, updated_at desc, id desc); this adds
// the connectors of a tariff: the detail's "used by N connectors at M locations" (an index-only count), and what
// ON DELETE SET NULL scans when a tariff goes.

const INDEXES: [string, string, string[]][] = [
  ['ev_connector_tariff_idx', 'ev_connector', ['tariff_id', 'location_id']],
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}
