import type { Generated, Selectable } from 'kysely'

// Row types of the medical terms tables (migration 20261124-0031-srs-medical-terms; docs/decisions/0030-…).

export interface MedicalTermsTable {
  id: Generated<number>
  entity_code: string
  uuid: string
  version: number
  title: string
  body: string
  /** MedicalTermsStatus; at most one 'published' per entity (a partial unique index). */
  status: string
  effective_at: number
  created_by: number | null
  updated_by: number | null
  published_at: number | null
  retired_at: number | null
  created_at: number
  updated_at: number
}

export interface MedicalTermsAcceptanceTable {
  id: Generated<number>
  entity_code: string
  terms_id: number
  person_ref: string
  accepted_at: number
}

export type MedicalTermsRow = Selectable<MedicalTermsTable>

declare module '../../../db/database' {
  interface Database {
    medical_terms: MedicalTermsTable
    medical_terms_acceptance: MedicalTermsAcceptanceTable
  }
}
