/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

// Global search (issue 18, docs/decisions/0115-global-search.md) matches identifiers by a case-insensitive prefix:
// `lower(col) >= 'abc' and lower(col) < 'abd'`, walking these indexes in order and stopping at the search's limit.
// On PostgreSQL the expression is `lower(col) collate "C"`, so the range is a byte range as on SQLite (the same as
// the charge locations' and drivers' A to Z indexes, migrations 0013 and 0015).
const INDEXES = [
  ['search_machine_serial_idx', 'machine', 'serial_number'],
  ['search_machine_order_no_idx', 'machine_order', 'order_no'],
  ['search_machine_order_trade_idx', 'machine_order', 'out_trade_no'],
  ['search_charger_serial_idx', 'ev_charge_point', 'serial_number'],
  ['search_charger_identity_idx', 'ev_charge_point', 'ocpp_identity'],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const [name, table, column] of INDEXES) {
    const key = postgres ? sql`lower(${sql.ref(column)}) collate "C"` : sql`lower(${sql.ref(column)})`
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (entity_code, ${key})`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}
