import { defineCatalogue, type ValueOf } from '../catalogue'

export const PromotionType = { Count: 1, Credits: 2, SetCount: 3, Discount: 4, Postpaid: 5 } as const
export type PromotionType = ValueOf<typeof PromotionType>

export const promotionTypes = defineCatalogue('promotion type', [
  [PromotionType.Count, 'Count'],
  [PromotionType.Credits, 'Credits'],
  [PromotionType.SetCount, 'Set Count'],
  [PromotionType.Discount, 'Discount'],
  [PromotionType.Postpaid, 'Postpaid'],
])

export const DiscountType = { FlatAmount: 1, Percentage: 2 } as const
export type DiscountType = ValueOf<typeof DiscountType>

export const discountTypes = defineCatalogue('discount type', [
  [DiscountType.FlatAmount, 'Flat Amount'],
  [DiscountType.Percentage, 'Percentage'],
])

/** The extra fields a promotion (and an employee's balance) carries for each promotion type (B §3). */
export const PROMOTION_EXTRA_FIELDS = {
  [PromotionType.Count]: ['item_balance', 'original_item_balance'],
  [PromotionType.Credits]: ['money_balance', 'original_money_balance'],
  [PromotionType.SetCount]: ['item_balance', 'original_item_balance', 'items'],
  [PromotionType.Discount]: ['discount_type', 'discount'],
  [PromotionType.Postpaid]: ['item_balance', 'original_item_balance'],
} as const satisfies Record<PromotionType, readonly string[]>

export type PromotionExtraField<T extends PromotionType = PromotionType> =
  (typeof PROMOTION_EXTRA_FIELDS)[T][number]

/** How a closed-loop person identifies at redemption. The spec gives the names; the codes are ours. */
export const RedemptionIdType = { nric: 'nric', redemption_code: 'redemption_code', both: 'both' } as const
export type RedemptionIdType = ValueOf<typeof RedemptionIdType>

export const redemptionIdTypes = defineCatalogue('redemption ID type', [
  [RedemptionIdType.nric, 'NRIC'],
  [RedemptionIdType.redemption_code, 'Redemption Code'],
  [RedemptionIdType.both, 'Both'],
])
