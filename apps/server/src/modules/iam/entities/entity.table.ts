import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

export interface EntityTable {
  id: Generated<number>
  code: string
  name: string
  logo_url: string | null
  preferred_identifier: string | null
  /** JSON array of industry values. */
  industries: string
  /** JSON array of role names (e.g. CPO). */
  roles: string
  ev_backend_url: string | null
  parent_code: string | null
  currency_code: string
  time_zone: string
  /** 1: members whose home entity this is sign in with SSO only (docs/decisions/0118-single-sign-on.md). */
  require_sso: Generated<number>
  created_at: number
  updated_at: number
}

export type EntityRow = Selectable<EntityTable>
export type NewEntityRow = Insertable<EntityTable>
export type EntityUpdate = Updateable<EntityTable>
