import type { Generated, Selectable } from 'kysely'

/** A named, hierarchical group of resources of one entity (e.g. a region holding machines). */
export interface ResourceSetTable {
  id: Generated<number>
  entity_code: string
  code: string
  name: string
  parent_id: number | null
  description: Generated<string>
  created_at: number
}

export type ResourceSetRow = Selectable<ResourceSetTable>
