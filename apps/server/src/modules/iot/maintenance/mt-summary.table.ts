import type { Generated, Insertable, Selectable } from 'kysely'

/** One maintenance session of one person at one machine (B §3 "Maintenance summary"). */
export interface MtSummaryTable {
  id: Generated<number>
  entity_code: string
  /** Human-readable reference, unique in the entity (e.g. MT-2611-000123). */
  code: string
  user_id: number
  user_uuid: string
  /** PersonType catalogue value: restocker, technician or both. */
  person_type: string
  /** ChallengeType catalogue value; below zero means the challenge was bypassed. */
  challenge_type: number
  challenge_bypass_reason: string | null
  machine_id: number
  start_time: number
  end_time: number
  additional_notes: string | null
  total_added_stock: number
  created_at: number
  updated_at: number
  /** The machine's own id for the visit, when a machine reported it (machine API): its start and end name it. */
  machine_session_id: Generated<string | null>
}

/** What a session added to one slot. */
export interface MtSummarySlotTable {
  id: Generated<number>
  summary_id: number
  slot_no: number
  item_name: string
  stock_before: number
  added_stock: number
  capacity: number
}

export type NewMtSummaryRow = Insertable<MtSummaryTable>
export type MtSummarySlotRow = Selectable<MtSummarySlotTable>
export type NewMtSummarySlotRow = Insertable<MtSummarySlotTable>
