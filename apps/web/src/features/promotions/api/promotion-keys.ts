import type { PromotionFilterRequest } from '@portal/contract'

/** Every query key of the promotions feature, defined once; saving invalidates through `promotionKeys.all`. */
export const promotionKeys = {
  all: ['promotions'] as const,
  list: (entityCode: string | null, body: PromotionFilterRequest) =>
    [...promotionKeys.all, 'list', entityCode, body] as const,
  detail: (entityCode: string | null, uuid: string) =>
    [...promotionKeys.all, 'detail', entityCode, uuid] as const,
}
