import type { EvSessionListQuery } from '@portal/contract'

/** Every query key of the charging sessions feature, defined once; a refund invalidates through `evSessionKeys.all`. */
export const evSessionKeys = {
  all: ['ev-sessions'] as const,
  list: (entityCode: string | null, query: EvSessionListQuery) =>
    [...evSessionKeys.all, 'list', entityCode, query] as const,
  detail: (entityCode: string | null, uid: string | null) =>
    [...evSessionKeys.all, 'detail', entityCode, uid] as const,
}
