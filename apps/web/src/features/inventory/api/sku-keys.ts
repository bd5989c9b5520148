import type { SkuFilterRequest } from '@portal/contract'

/** Every query key of the inventory feature, defined once; saving invalidates through `skuKeys.all`. */
export const skuKeys = {
  all: ['skus'] as const,
  list: (entityCode: string | null, body: SkuFilterRequest) =>
    [...skuKeys.all, 'list', entityCode, body] as const,
  detail: (entityCode: string | null, id: number) => [...skuKeys.all, 'detail', entityCode, id] as const,
}
