/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

// Charge locations (step 5, docs/decisions/0021-charge-locations.md). The list runs by name regardless of case
// within the entity, with or without a country (the default is SG; "All countries" drops it): these two indexes
// hold exactly the sort key the repository orders by — lower(name), in the "C" collation on PostgreSQL so both
// engines order alike — so neither order sorts the entity's whole network.
export async function up(db: Kysely<any>): Promise<void> {
  const key =
    db.getExecutor().adapter instanceof PostgresAdapter ? sql`(lower(name)) collate "C"` : sql`lower(name)`
  await sql`create index ev_location_entity_lname_idx on ev_location (entity_code, ${key}, id)`.execute(db)
  await sql`create index ev_location_entity_country_lname_idx on ev_location (entity_code, country, ${key}, id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ev_location_entity_country_lname_idx').ifExists().execute()
  await db.schema.dropIndex('ev_location_entity_lname_idx').ifExists().execute()
}
