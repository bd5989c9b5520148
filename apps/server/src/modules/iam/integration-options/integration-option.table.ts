import type { Generated, Selectable } from 'kysely'

/** An outside system (SMS, email, ERP, ...) connected to an entity; unique per (entity, name). */
export interface IntegrationOptionTable {
  id: Generated<number>
  entity_code: string
  type_code: string
  gateway_name: string
  name: string
  /** 0/1. */
  is_enabled: number
  /** JSON object of the settings that are not secret. */
  config: string
  /** JSON object of the secret settings; read only to mask them or to keep them on an update. */
  secrets: string
  created_at: number
  updated_at: number
}

export type IntegrationOptionRow = Selectable<IntegrationOptionTable>
