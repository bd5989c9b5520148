import { z } from 'zod'
import { coded } from '../messages'
import { promotionTypes } from '../../enums/promotion'
import { promotionStatuses, PromotionStatus } from '../../enums/promotion-status'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'
import { PROMOTION_MAX_SET_ITEMS, promotionExtraIssues } from './promotion-rules'

// Promotions (B §3 "Promotion extras by type"). The calls are ours (decision 0018); the type-specific fields and
// their names are the spec's. Money (money balances, flat discounts) is in minor units of currency_code.

/** POST /promo/promotions/filter. */
export const promotionFilterRequest = z.strictObject({
  ...paging,
  type_list: z.array(catalogueSchema(promotionTypes)).max(5).optional(),
  status: catalogueSchema(promotionStatuses).optional(),
  search: z.string().trim().max(120).optional(),
})
export type PromotionFilterRequest = z.input<typeof promotionFilterRequest>
export type PromotionFilter = z.output<typeof promotionFilterRequest>

export const promotionSetItem = z.strictObject({
  name: z.string().trim().max(120),
  quantity: z.number(),
})

/** A promotion as the API returns it: every extra field is present, null when not of its type. */
export const promotion = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  currency_code: z.string(),
  start_time: epochMs.nullable(),
  end_time: epochMs.nullable(),
  item_balance: z.number().int().nullable(),
  original_item_balance: z.number().int().nullable(),
  money_balance: z.number().int().nullable(),
  original_money_balance: z.number().int().nullable(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })).nullable(),
  discount_type: z.number().int().nullable(),
  discount: z.number().int().nullable(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type Promotion = z.infer<typeof promotion>

export const promotionFilterResponse = envelope(
  z.object({ promotions: z.array(promotion), count: z.number().int().min(0) }),
)
export type PromotionFilterData = z.infer<typeof promotionFilterResponse>['data']
export const promotionResponse = envelope(promotion)

/**
 * POST /promo/promotions and PUT /promo/promotions/{uuid} (a full replacement). The extra fields are checked by
 * promotionExtraIssues for the chosen type, so a 400 names e.g. `body.original_item_balance`.
 */
export const promotionInput = z
  .strictObject({
    name: z.string().trim().min(1, 'Required').max(120),
    description: z.string().trim().max(500).default(''),
    type: catalogueSchema(promotionTypes),
    status: catalogueSchema(promotionStatuses).default(PromotionStatus.Active),
    start_time: epochMs.nullable().optional(),
    end_time: epochMs.nullable().optional(),
    item_balance: z.number().nullable().optional(),
    original_item_balance: z.number().nullable().optional(),
    money_balance: z.number().nullable().optional(),
    original_money_balance: z.number().nullable().optional(),
    items: z.array(promotionSetItem).max(PROMOTION_MAX_SET_ITEMS).nullable().optional(),
    discount_type: z.number().nullable().optional(),
    discount: z.number().nullable().optional(),
  })
  .superRefine((value, ctx) => {
    for (const issue of promotionExtraIssues(value.type, value)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message })
    }
    if (
      value.start_time !== undefined &&
      value.start_time !== null &&
      value.end_time !== undefined &&
      value.end_time !== null &&
      value.end_time < value.start_time
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_time'],
        message: 'Must be after the start time',
        ...coded('must_be_after', { other: 'start_time' }),
      })
    }
  })
export type PromotionInputRequest = z.input<typeof promotionInput>
export type PromotionInput = z.output<typeof promotionInput>

export const promotionUuidParams = z.strictObject({ uuid: z.uuid().describe('promotion uuid') })
