import type { Generated, Insertable, Selectable } from 'kysely'

export interface ClosedLoopPersonTable {
  id: Generated<number>
  entity_code: string
  person_uuid: string
  name: string
  username: string
  phone_number: string
  email: string
  nric_last_four_characters: string
  hospital_code: string
  /** closedLoopStatuses. */
  status: number
  created_at: number
}

export interface ClosedLoopEmployeeTable {
  id: Generated<number>
  entity_code: string
  employee_uuid: string
  /** Null for a standalone employee record. */
  person_id: number | null
  name: string
  nric_last_four_characters: string
  redemption_code: string
  phone_number: string
  /** employeeBalanceTypes: 1 item balance (fixed pool), 2 quota (refreshes). */
  balance_type: number
  quota: number
  item_balance: number
  gender: string
  hospital_code: string
  last_collected: number | null
  refresh_time: number | null
  next_refresh_time: number | null
  /** refreshFrequencies (B §9). */
  refresh_frequency_type: number
  start_time: number
  end_time: number | null
  status: number
  /** The machine set the employee redeems at; null = every machine of the entity. */
  set_id: number | null
  created_at: number
  updated_at: number
}

export interface ClosedLoopRedemptionTable {
  id: Generated<number>
  entity_code: string
  redemption_uuid: string
  redemption_refer_no: string
  employee_id: number
  person_id: number | null
  redemption_code: string
  method_code: string
  item_name: string
  machine_id: number | null
  created_at: number
}

export type ClosedLoopPersonRow = Selectable<ClosedLoopPersonTable>
export type NewClosedLoopPersonRow = Insertable<ClosedLoopPersonTable>
export type ClosedLoopEmployeeRow = Selectable<ClosedLoopEmployeeTable>
export type NewClosedLoopEmployeeRow = Insertable<ClosedLoopEmployeeTable>
export type NewClosedLoopRedemptionRow = Insertable<ClosedLoopRedemptionTable>
