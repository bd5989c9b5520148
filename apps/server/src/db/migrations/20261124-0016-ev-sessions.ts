/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// The charging session list's filters at a million sessions (docs/decisions/0023-charging-sessions.md): 0012 indexes
// each side by last update; these serve the filters that are selective on their own (plate, authorization
// reference, EVSE) and the status filter, which the side indexes can only serve by scanning the whole range.

const INDEXES: [string, string[]][] = [
  ['ev_session_plate_idx', ['license_plate', 'last_updated desc']],
  ['ev_session_auth_ref_idx', ['authorization_reference']],
  ['ev_session_evse_updated_idx', ['evse_ref', 'last_updated desc']],
  ['ev_session_cpo_status_idx', ['entity_code', 'status', 'last_updated desc']],
  ['ev_session_emsp_status_idx', ['emsp_entity_code', 'status', 'last_updated desc']],
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('ev_session').columns(columns).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}
