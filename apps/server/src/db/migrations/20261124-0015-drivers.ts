/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

// Drivers (docs/decisions/0024-drivers.md). 0012 made `ev_driver` with (entity_code, created_at desc, id desc) for
// the default order and the created range, and (entity_code, mobile_number) unique. These add:
// the A to Z / Z to A order: case-insensitive by lower(name), byte order on both engines (PostgreSQL's `C`
// collation, SQLite's default), so a page is the same on either and is read off the index.
// A driver's newest sessions (the detail page) use ev_session_driver_start_idx of 0018 (the EV overview's migration
// makes it for the EMSP users' detail too).

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const lowerName = pg ? sql`lower(name) collate "C"` : sql`lower(name)`
  await sql`create index ev_driver_entity_name_idx on ev_driver (entity_code, ${lowerName}, id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ev_driver_entity_name_idx').ifExists().execute()
}
