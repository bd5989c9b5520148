import type { Generated, Insertable, Selectable } from 'kysely'

/** A saved view of a list (migration 20261130-0068, decision 0116). */
export interface SavedViewTable {
  id: Generated<number>
  entity_code: string
  /** app_user.id of who saved it; only they (or, when shared, who holds all on iam / views/*) change it. */
  owner_id: number
  /** The list: a key of SAVED_VIEW_LISTS (packages/contract). */
  list_key: string
  name: string
  /** JSON: SavedViewState (filters, columns, page_size). */
  state: string
  /** 1: every member who may read the list sees it; 0: its owner only. */
  shared: number
  created_at: number
  updated_at: number
}
export type SavedViewRow = Selectable<SavedViewTable>
export type NewSavedViewRow = Insertable<SavedViewTable>

/** A user's default view of a list in an entity. */
export interface SavedViewDefaultTable {
  user_id: number
  entity_code: string
  list_key: string
  view_id: number
}
