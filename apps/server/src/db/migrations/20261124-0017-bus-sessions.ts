/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// The voltnet v1 session list (docs/decisions/0025-bus-and-voltnet-sessions.md) reads ONE side of the caller's
// sessions by start time, newest first: 0012's (entity_code | emsp_entity_code, start_date_time desc, id desc)
// serve it unfiltered. These serve the filters whose value can be rare within a side (partner, state, stop reason,
// payment method) without walking the side's whole range, and the EVSE filter by start time; the driver filter uses
// 0018's (driver_id, start_date_time desc). The busways v3 list is the charging list's query (0012, 0016).

const INDEXES: [string, string[]][] = [
  // Either side with a partner is the same pair of equalities (CPO = a and EMSP = b): one index serves both.
  ['ev_session_pair_start_idx', ['entity_code', 'emsp_entity_code', 'start_date_time desc', 'id desc']],
  ['ev_session_cpo_state_start_idx', ['entity_code', 'status', 'start_date_time desc', 'id desc']],
  ['ev_session_emsp_state_start_idx', ['emsp_entity_code', 'status', 'start_date_time desc', 'id desc']],
  ['ev_session_cpo_stop_start_idx', ['entity_code', 'stop_reason', 'start_date_time desc', 'id desc']],
  ['ev_session_emsp_stop_start_idx', ['emsp_entity_code', 'stop_reason', 'start_date_time desc', 'id desc']],
  [
    'ev_session_cpo_method_start_idx',
    ['entity_code', 'payment_method_code', 'start_date_time desc', 'id desc'],
  ],
  [
    'ev_session_emsp_method_start_idx',
    ['emsp_entity_code', 'payment_method_code', 'start_date_time desc', 'id desc'],
  ],
  ['ev_session_evse_start_idx', ['evse_ref', 'start_date_time desc', 'id desc']],
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('ev_session').columns(columns).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}
