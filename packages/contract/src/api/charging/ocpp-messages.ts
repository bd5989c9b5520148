import { z } from 'zod'
import { envelope, epochMs } from '../envelope'

/*
 * A charger's OCPP message log (issue 14): every frame in and out, newest first, on the charger page and as an export.
 * `GET /charge-points/devices/{uid}/ocpp-messages` on the charging network client.
 */

export const OCPP_MESSAGE_PAGE_SIZE = 50
export const OCPP_MESSAGE_DIRECTIONS = ['in', 'out'] as const
export const OCPP_MESSAGE_KINDS = ['CALL', 'CALLRESULT', 'CALLERROR', 'INVALID'] as const

const filters = {
  /** 'in': from the charger; 'out': to it. */
  direction: z.enum(OCPP_MESSAGE_DIRECTIONS).optional(),
  kind: z.enum(OCPP_MESSAGE_KINDS).optional(),
  /** The exact action (BootNotification, Heartbeat...); an answer carries its call's action. */
  action: z.string().trim().min(1).max(64).optional(),
  /** From and to this time (epoch ms), inclusive. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
}

export const ocppMessageListQuery = z.strictObject({
  ...filters,
  limit: z.coerce.number().int().min(1).max(200).default(OCPP_MESSAGE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type OcppMessageListFilter = z.output<typeof ocppMessageListQuery>
/** What the portal sends. */
export interface OcppMessageListQuery {
  direction?: (typeof OCPP_MESSAGE_DIRECTIONS)[number]
  kind?: (typeof OCPP_MESSAGE_KINDS)[number]
  action?: string
  from?: number
  to?: number
  limit?: number
  offset?: number
}

export const ocppMessage = z.object({
  /** The log row's id (a string: it is a 64-bit sequence on PostgreSQL). */
  id: z.string(),
  at: epochMs,
  direction: z.enum(OCPP_MESSAGE_DIRECTIONS),
  kind: z.enum(OCPP_MESSAGE_KINDS),
  /** The OCPP-J message id that pairs a call with its answer. */
  message_id: z.string(),
  action: z.string(),
  /** The frame as sent (cut at 64 KB). */
  payload: z.string(),
  /** For an answer: milliseconds since its call. */
  latency_ms: z.number().int().nullable(),
})
export type OcppMessage = z.infer<typeof ocppMessage>

export const ocppMessageListResponse = envelope(
  z.object({
    messages: z.array(ocppMessage),
    /** Exact up to COUNT_CAP; `count_capped` says there are more. */
    count: z.number().int().min(0),
    count_capped: z.boolean(),
  }),
)
export type OcppMessageListData = z.infer<typeof ocppMessageListResponse>['data']

/** The export job's filters: one charger (its uid) and the list's filters. */
export const ocppMessageExportFilters = z.strictObject({
  charger_uid: z.string().trim().min(1).max(64),
  ...filters,
})
export type OcppMessageExportFilters = z.infer<typeof ocppMessageExportFilters>
