import type { Generated, Selectable } from 'kysely'

// Row types of the SRS buddy tables (migration 20261124-0031-srs-medical-terms; docs/decisions/0030-…). Times are
// epoch ms.

export interface SrsBuddyTable {
  id: Generated<number>
  entity_code: string
  uuid: string
  reference: string
  person_name: string
  person_dial_code: string
  person_mobile: string
  person_id_last_four: string
  /** The buddy_* columns are null together while the record needs a buddy. */
  buddy_name: string | null
  buddy_dial_code: string | null
  buddy_mobile: string | null
  buddy_id_last_four: string | null
  site: string
  interval_days: number
  /** SrsBuddyStatus. */
  status: string
  /** 1 while status is 'inactive' (kept with it): inactive records sort last. */
  is_inactive: number
  last_test_at: number | null
  last_result: string | null
  /** srsNextDueAt(enrolled_at, last_test_at, interval_days), kept in step with them. */
  next_due_at: number
  enrolled_at: number
  created_at: number
  updated_at: number
}

export interface SrsBuddyTestTable {
  id: Generated<number>
  entity_code: string
  uuid: string
  buddy_id: number
  tested_at: number
  /** TestResult. */
  result: string
  witness_name: string
  test_kit_lot_no: string
  created_at: number
}

export interface SrsBuddyEventTable {
  id: Generated<number>
  entity_code: string
  buddy_id: number
  at: number
  /** SrsEventAction. */
  action: string
  actor_user_id: number | null
  reason: string
  from_buddy: string | null
  to_buddy: string | null
}

export type SrsBuddyRow = Selectable<SrsBuddyTable>

// The tables join the one Database interface by module augmentation, so this area adds them without editing
// db/database.ts, which every area shares.
declare module '../../db/database' {
  interface Database {
    srs_buddy: SrsBuddyTable
    srs_buddy_test: SrsBuddyTestTable
    srs_buddy_event: SrsBuddyEventTable
  }
}
