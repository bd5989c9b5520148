import { defineCatalogue, type ValueOf } from '../catalogue'

/** Whether a promotion can be redeemed. The spec shows no promotion status; the codes are ours (decision 0018). */
export const PromotionStatus = { Active: 1, Inactive: 2 } as const
export type PromotionStatus = ValueOf<typeof PromotionStatus>

export const promotionStatuses = defineCatalogue('promotion status', [
  [PromotionStatus.Active, 'Active'],
  [PromotionStatus.Inactive, 'Inactive'],
])
