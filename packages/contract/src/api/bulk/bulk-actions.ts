import { z } from 'zod'
import { createMachineCommandRequest } from '../machine/machine-commands'
import { machineGeneralSettings } from '../iot/machines'
import { envelope, epochMs } from '../envelope'

/*
 * Bulk actions (issue 18, docs/decisions/0117-bulk-actions.md): one action on many rows of a list, chosen by their
 * ids (the rows selected) or by the list's filter ("all N matching"). Up to BULK_INLINE_MAX rows run at once and
 * answer with their per-row report; more run as a job whose progress and report are read by id.
 *
 * - POST /api/main/bulk-actions `{ list, action, params, ids | filter }` → `data.bulk`.
 * - GET  /api/main/bulk-actions/{id}?limit&offset → `data.bulk` with a page of its rows, failed rows first.
 */

/** More rows than this run as a job. */
export const BULK_INLINE_MAX = 100
/** Rows a caller may name by id in one call (the selection of a few pages). */
export const BULK_IDS_MAX = 1000
/** Rows a filter may select: a wider filter is refused (narrow it, or act in parts). */
export const BULK_FILTER_MAX = 50_000

export const BULK_ACTIONS = {
  machines: ['command', 'settings', 'add-to-set', 'remove-from-set'],
  chargers: ['reset', 'change-availability'],
  users: ['status', 'reset-link'],
  alerts: ['acknowledge', 'resolve'],
} as const
export type BulkList = keyof typeof BULK_ACTIONS
export const BULK_LISTS = Object.keys(BULK_ACTIONS) as BulkList[]
export type BulkActionName = (typeof BULK_ACTIONS)[BulkList][number]

/** The machine settings that make sense for many machines at once (not their hardware ports nor models). */
export const bulkMachineSettingsParams = machineGeneralSettings
  .pick({
    opening_hours: true,
    cp_timeout: true,
    vend_session_timeout: true,
    vend_request_timeout: true,
    price_scale_factor: true,
    price_decimal_places: true,
    payment_denominations: true,
  })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'name at least one setting to change')
export type BulkMachineSettingsParams = z.infer<typeof bulkMachineSettingsParams>

export const bulkSetParams = z.strictObject({ set_id: z.number().int().positive() })
export const bulkResetParams = z.strictObject({ type: z.enum(['Soft', 'Hard']) })
export const bulkAvailabilityParams = z.strictObject({ operative: z.boolean() })
export const bulkUserStatusParams = z.strictObject({ status: z.number().int().min(1).max(4) })
export const bulkNoParams = z.strictObject({})
export const bulkAlertParams = z.strictObject({ comment: z.string().trim().max(2000).optional() })

/** Each action's params, by list and action. */
export const BULK_PARAMS = {
  machines: {
    command: createMachineCommandRequest,
    settings: bulkMachineSettingsParams,
    'add-to-set': bulkSetParams,
    'remove-from-set': bulkSetParams,
  },
  chargers: { reset: bulkResetParams, 'change-availability': bulkAvailabilityParams },
  users: { status: bulkUserStatusParams, 'reset-link': bulkNoParams },
  alerts: { acknowledge: bulkAlertParams, resolve: bulkAlertParams },
} as const satisfies { [L in BulkList]: Record<(typeof BULK_ACTIONS)[L][number], z.ZodType> }

const rowId = z.union([z.number().int().positive(), z.string().trim().min(1).max(64)])

export const bulkActionRequest = z.strictObject({
  list: z.enum(BULK_LISTS as [BulkList, ...BulkList[]]),
  action: z.string().trim().min(1).max(40),
  params: z.record(z.string(), z.unknown()).default({}),
  /** The rows selected: machine and alert ids are numbers, user uuids and charger uids strings. */
  ids: z.array(rowId).min(1).max(BULK_IDS_MAX).optional(),
  /** Every row the list's filter matches: the body of the list's own filter call (paging is ignored). */
  filter: z.record(z.string(), z.unknown()).optional(),
})
export type BulkActionRequest = z.input<typeof bulkActionRequest>

export const BULK_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type BulkStatus = (typeof BULK_STATUSES)[number]

export const bulkRowResult = z.object({
  /** The row's id as the list names it (a number for machines and alerts), as text. */
  id: z.string(),
  ok: z.boolean(),
  /** Why a row failed (what the single-row call would have answered), or a note. */
  message: z.string().nullable(),
})
export type BulkRowResult = z.infer<typeof bulkRowResult>

export const bulkAction = z.object({
  id: z.string(),
  list: z.string(),
  action: z.string(),
  status: z.enum(BULK_STATUSES),
  total: z.number().int(),
  /** Rows finished, succeeded or failed. */
  done: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Why a job failed as a whole (the caller lost the permission, the server gave up), else null. */
  error: z.string().nullable(),
  created_at: epochMs,
  finished_at: epochMs.nullable(),
  /** A page of the per-row report, failed rows first (once rows are done). */
  rows: z.array(bulkRowResult),
  /** How many rows the report holds (for paging it). */
  rows_total: z.number().int(),
})
export type BulkAction = z.infer<typeof bulkAction>

export const bulkActionResponse = envelope(z.object({ bulk: bulkAction }))

export const bulkActionParams = z.strictObject({ id: z.string().trim().min(1).max(64) })
export const bulkActionQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(BULK_FILTER_MAX).default(0),
})
