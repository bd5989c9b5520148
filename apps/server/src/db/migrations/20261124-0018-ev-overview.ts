/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// Step 5: the CPO/EMSP home summaries, EV devices and EMSP users (docs/decisions/0026-ev-home-users-devices.md).
// No new tables: the homes read the ev_session_daily rollups of 0012. These indexes serve what the homes, the
// devices list and the users list filter or count on, each leading with the entity (or the driver, whose rows
// belong to one entity).

const INDEXES: [string, string, string[]][] = [
  // The homes' per-day groupings (by location on the CPO side, by partner on the EMSP side, and by currency): covering,
  // so a day range is read from the index alone. Measured at 1,000,000 sessions (SQLite): yesterday and today
  // 240 ms → 16 ms CPU, a month 7 s → 0.3 s, because the rows themselves are large (charging periods JSON).
  [
    'ev_session_cpo_day_groups_idx',
    'ev_session',
    [
      'entity_code',
      'start_date_time',
      'location_id',
      'currency',
      'energy_wh',
      'total_incl_vat',
      'total_excl_vat',
    ],
  ],
  [
    'ev_session_emsp_day_groups_idx',
    'ev_session',
    [
      'emsp_entity_code',
      'start_date_time',
      'entity_code',
      'currency',
      'energy_wh',
      'total_incl_vat',
      'total_excl_vat',
    ],
  ],
  // A user's sessions newest first (their detail), "charged this month" (the EMSP home's active users, the users
  // list's column): one seek per user instead of reading all of a user's sessions. The EMSP column makes the
  // home's per-user probe index-only (2,000 users at 1,000,000 sessions: 55 ms → a few ms).
  ['ev_session_driver_start_idx', 'ev_session', ['driver_id', 'start_date_time desc', 'emsp_entity_code']],
  // The devices list's filters and sorts, and the home's online count (heartbeat range).
  ['ev_charge_point_entity_status_idx', 'ev_charge_point', ['entity_code', 'ocpp_status', 'created_at desc']],
  ['ev_charge_point_entity_protocol_idx', 'ev_charge_point', ['entity_code', 'protocol', 'created_at desc']],
  ['ev_charge_point_entity_heartbeat_idx', 'ev_charge_point', ['entity_code', 'last_heartbeat_at']],
  ['ev_charge_point_entity_serial_idx', 'ev_charge_point', ['entity_code', 'serial_number']],
  ['ev_charge_point_entity_location_idx', 'ev_charge_point', ['entity_code', 'location_id']],
  // A charger's EVSEs (detail, and the list's EVSE counts for a page of chargers).
  ['ev_evse_charge_point_idx', 'ev_evse', ['charge_point_id']],
  // The CPO home's connector count.
  ['ev_connector_entity_idx', 'ev_connector', ['entity_code', 'evse_ref']],
  // The homes' refunds issued today and this month: the CPO's by its entity, the EMSP's by time (joined to the
  // sessions of its customers; refunds are rare, a month of them is a short range).
  ['ev_session_refund_entity_created_idx', 'ev_session_refund', ['entity_code', 'created_at']],
  ['ev_session_refund_created_idx', 'ev_session_refund', ['created_at']],
  // The users list's registered filter, newest first.
  [
    'ev_driver_entity_registered_idx',
    'ev_driver',
    ['entity_code', 'is_registered', 'created_at desc', 'id desc'],
  ],
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}
