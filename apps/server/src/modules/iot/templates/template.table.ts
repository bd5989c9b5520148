import type { Generated, Insertable, Selectable } from 'kysely'

export interface MachineTemplateTable {
  id: Generated<number>
  /** The id the API and the portal use. */
  uuid: string
  entity_code: string
  /** The spec's resourceCode: the machine model the template fits. */
  resource_code: string
  name: string
  version: number
  currency_code: string
  /** JSON array of { name, slot_nos }. */
  sections: string
  /** JSON object { items: [...] } of cleaned template items. */
  content: string
  section_count: number
  item_count: number
  created_at: number
  updated_at: number
}

export type MachineTemplateRow = Selectable<MachineTemplateTable>
export type NewMachineTemplateRow = Insertable<MachineTemplateTable>
