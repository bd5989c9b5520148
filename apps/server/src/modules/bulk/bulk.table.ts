import type { Generated, Insertable, Selectable } from 'kysely'

export interface BulkActionTable {
  id: Generated<number>
  /** What the API calls the bulk action's id. */
  uuid: string
  entity_code: string
  /** app_user.id of who asked; null once that user is deleted (a job not yet done then fails). */
  requested_by: number | null
  ip: string | null
  list: string
  action: string
  /** JSON: the action's params, as validated when asked. */
  params: string
  /** JSON array of the row ids, in the order they run. */
  ids: string
  /** queued, running, done or failed (BULK_STATUSES). */
  status: string
  total: number
  done: number
  succeeded: number
  failed: number
  error: string | null
  created_at: number
  started_at: number | null
  finished_at: number | null
}

export interface BulkActionRowTable {
  bulk_id: number
  /** The row's place in bulk_action.ids. */
  seq: number
  row_id: string
  /** 1 succeeded, 0 failed. */
  ok: number
  message: string | null
}

export type BulkActionRow = Selectable<BulkActionTable>
export type NewBulkActionRow = Insertable<BulkActionTable>
export type BulkActionRowRow = Selectable<BulkActionRowTable>
