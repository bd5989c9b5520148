import { z } from 'zod'
import { challengeTypes, personTypes } from '../../enums/maintenance'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

const idList = z.array(z.number().int().positive()).max(1000)

/**
 * POST /iot/mt-summaries/filter (B §7). Times are epoch ms and bound `start_time` / `end_time` inclusively.
 * `is_challenge_bypass` left out means "both" (B §4). `person_type_list` is ours: it backs the Restocking and
 * Technician visits tabs (docs/decisions/0017-maintenance-and-credit-logs.md).
 */
export const mtSummaryFilterRequest = z.strictObject({
  ...paging,
  start_time_lower: epochMs.optional(),
  start_time_upper: epochMs.optional(),
  end_time_lower: epochMs.optional(),
  end_time_upper: epochMs.optional(),
  is_challenge_bypass: z.boolean().optional(),
  machine_id_list: idList.optional(),
  set_list: z.array(z.string().min(1).max(64)).max(200).optional(),
  user_uuid_list: z.array(z.string().min(1).max(64)).max(500).optional(),
  person_type_list: z.array(catalogueSchema(personTypes)).max(3).optional(),
})
export type MtSummaryFilterRequest = z.input<typeof mtSummaryFilterRequest>
export type MtSummaryFilter = z.output<typeof mtSummaryFilterRequest>

/** A maintenance summary: the fields of B §3, plus the maintainer's name and whether the challenge was bypassed. */
export const mtSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  user_uuid: z.string(),
  /** The maintainer's name ("Maintained By"). */
  user_name: z.string(),
  person_type: z.string(),
  challenge_type: z.number().int(),
  challenge_bypass_reason: z.string().nullable(),
  is_challenge_bypass: z.boolean(),
  machine_id: z.number().int(),
  machine_username: z.string(),
  alias: z.string(),
  location: z.string(),
  serial_number: z.string(),
  created_at: epochMs,
  updated_at: epochMs,
  start_time: epochMs,
  end_time: epochMs,
  additional_notes: z.string().nullable(),
  total_added_stock: z.number().int(),
})
export type MtSummary = z.infer<typeof mtSummary>

export const mtSummaryFilterResponse = envelope(
  z.object({ mt_summaries: z.array(mtSummary), count: z.number().int().min(0) }),
)
export type MtSummaryFilterData = z.infer<typeof mtSummaryFilterResponse>['data']

/** What one session changed in one slot. */
export const mtSlotChange = z.object({
  slot_no: z.number().int(),
  item_name: z.string(),
  stock_before: z.number().int(),
  added_stock: z.number().int(),
  stock_after: z.number().int(),
  capacity: z.number().int(),
})
export type MtSlotChange = z.infer<typeof mtSlotChange>

export const mtSummaryDetail = mtSummary.extend({
  user_phone_number: z.string().nullable(),
  postal_code: z.string(),
  slots: z.array(mtSlotChange),
})
export type MtSummaryDetail = z.infer<typeof mtSummaryDetail>
export const mtSummaryDetailResponse = envelope(mtSummaryDetail)

export const mtSummaryIdParams = z.strictObject({
  id: z.coerce.number().int().positive().describe('maintenance summary id'),
})

/** GET /iot/mt-summaries/maintainers (ours): the people who maintain the entity's machines, for the user filter. */
export const maintainer = z.object({ user_uuid: z.string(), name: z.string(), person_type: z.string() })
export type Maintainer = z.infer<typeof maintainer>
export const maintainersResponse = envelope(z.object({ maintainers: z.array(maintainer) }))

/** Challenge types below zero are the bypassed variants (A §9). */
export const isBypassedChallenge = (challengeType: number): boolean => challengeType < 0

export const challengeTypeSchema = catalogueSchema(challengeTypes)
