import type { Generated, Selectable } from 'kysely'

// Row types of the digital health tables (migration 20261124-0030-cases-campaigns,
// docs/decisions/0028-digital-health-and-campaigns.md). Times are epoch ms; JSON columns are text.

export interface HealthSiteTable {
  id: Generated<number>
  entity_code: string
  code: string
  name: string
  address: string
  created_at: number
}

export interface HealthCaseCounterTable {
  entity_code: string
  last_no: number
}

export interface HealthCaseTable {
  id: Generated<number>
  entity_code: string
  case_uuid: string
  /** The case's number in its entity (1, 2, ...); case_no is its display form. */
  case_seq: number
  case_no: string
  /** caseTemplates value. */
  template: string
  /** caseStatuses value. */
  status: string
  /** caseUrgencies value. */
  urgency: string
  patient_name: string
  /** patientIdTypes value. */
  id_type: string
  /** "S****567D": the full ID is never stored. */
  id_masked: string
  /** YYYY-MM-DD (a calendar date, not an instant). */
  date_of_birth: string
  sex: string
  dial_code: string
  mobile_number: string
  site_code: string
  /** JSON CaseAnswers. */
  answers: string
  notes: string
  consent_at: number
  created_by: number
  updated_by: number
  created_at: number
  last_edited_at: number
  /** Bumped on every change; an update names the version it started from. */
  version: number
}

export interface HealthCaseEventTable {
  id: Generated<number>
  entity_code: string
  case_id: number
  /** CaseEventAction. */
  action: string
  at: number
  user_id: number
  /** JSON CaseChange[]. */
  changes: string
  comment: string
}

export type HealthCaseRow = Selectable<HealthCaseTable>

// The app's Database interface (db/database.ts) gains these tables here, so the area adds its tables without
// editing the shared file.
declare module '../../db/database' {
  interface Database {
    health_site: HealthSiteTable
    health_case_counter: HealthCaseCounterTable
    health_case: HealthCaseTable
    health_case_event: HealthCaseEventTable
  }
}
