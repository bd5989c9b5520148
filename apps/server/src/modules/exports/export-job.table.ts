import type { Generated, Insertable, Selectable } from 'kysely'

export interface ExportJobTable {
  id: Generated<number>
  uuid: string
  entity_code: string
  /** app_user.id of who asked; null once that user is deleted. */
  requested_by: number | null
  /** The export source key (export-sources.ts). */
  source: string
  format: string
  /** JSON: the source's filters, as validated when the job was requested. */
  filters: string
  /** JSON array of the columns' headers, in the order written; null: every column (decision 0116). */
  columns: string | null
  /** JSON array of resource_set ids the caller was limited to, or null for the whole entity. */
  scope_set_ids: string | null
  /** Export job status catalogue: 1 Pending, 2 Ready, 3 Failed. */
  status: number
  row_count: number | null
  /** Rows written so far. */
  progress: Generated<number>
  file_name: string | null
  file_size: number | null
  error_message: string | null
  attempts: Generated<number>
  created_at: number
  /** Set when a runner claims the job; a Pending job with started_at is in progress. */
  started_at: number | null
  heartbeat_at: number | null
  finished_at: number | null
}

export type ExportJobRow = Selectable<ExportJobTable>
export type NewExportJobRow = Insertable<ExportJobTable>
