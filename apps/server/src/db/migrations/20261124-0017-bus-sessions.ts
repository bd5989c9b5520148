/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// Step 5: busways and voltnet sessions (filled in by the helper that builds this area; deleted before landing if the area needs no tables).
export async function up(db: Kysely<any>): Promise<void> {
  await Promise.resolve(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await Promise.resolve(db)
}
