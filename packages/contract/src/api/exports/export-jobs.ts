import { z } from 'zod'
import { exportFormats, exportJobStatuses } from '../../enums/export'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

/**
 * Export jobs (B §3 exports, B §4 export job status): a list is exported by requesting a job, which a runner writes
 * to a file in the background; the job is then Ready (with a download) or Failed (with the reason).
 * docs/decisions/0015-export-jobs.md.
 */

export const exportSourceKey = z
  .string()
  .min(1)
  .max(64)
  .describe('the list to export: machines, order-items, transactions, maintenance, credit-logs, ...')

/** POST /exports: the list's own filter body (without limit/offset), as its filter call takes it. */
export const exportJobCreateRequest = z.strictObject({
  source: exportSourceKey,
  format: catalogueSchema(exportFormats),
  filters: z.record(z.string(), z.unknown()).default({}),
  /**
   * The columns to write, in order, by their export headers (the file's header row, e.g. `serial_number`); every
   * column in the source's order when left out. A saved view's visible columns (docs/decisions/0116-saved-views.md).
   */
  columns: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
})
export type ExportJobCreateRequest = z.input<typeof exportJobCreateRequest>

export const exportJob = z.object({
  uuid: z.string(),
  source: z.string(),
  /** The list's title, e.g. 'Machines'. */
  source_title: z.string(),
  format: z.string(),
  filters: z.record(z.string(), z.unknown()),
  /** 1 Pending, 2 Ready, 3 Failed. */
  status: z.number().int(),
  /** Rows in the file, once Ready. */
  row_count: z.number().int().nullable(),
  /** Rows written so far. */
  progress: z.number().int(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  error_message: z.string().nullable(),
  /** Who asked; null once that user was deleted. */
  requested_by: z.object({ user_uuid: z.string(), name: z.string() }).nullable(),
  created_at: epochMs,
  started_at: epochMs.nullable(),
  finished_at: epochMs.nullable(),
  /** Main-API path of the file (GET, Token header), once Ready. */
  download_path: z.string().nullable(),
})
export type ExportJob = z.infer<typeof exportJob>

export const exportJobResponse = envelope(z.object({ export_job: exportJob }))

/** POST /exports/filter: the current entity's jobs, newest first. */
export const exportJobFilterRequest = z.strictObject({
  ...paging,
  source_list: z.array(exportSourceKey).max(50).optional(),
  status_list: z.array(catalogueSchema(exportJobStatuses)).max(3).optional(),
})
export type ExportJobFilterRequest = z.input<typeof exportJobFilterRequest>
export type ExportJobFilter = z.output<typeof exportJobFilterRequest>

export const exportJobFilterResponse = envelope(
  z.object({ export_jobs: z.array(exportJob), count: z.number().int().min(0) }),
)
export type ExportJobFilterData = z.infer<typeof exportJobFilterResponse>['data']

export const exportJobParams = z.strictObject({ uuid: z.uuid().describe('export job uuid') })
