import type { TariffListQuery } from '@portal/contract'

/** Every query key of the tariffs feature, defined once. */
export const tariffKeys = {
  all: ['tariffs'] as const,
  list: (entityCode: string | null, query: TariffListQuery) =>
    [...tariffKeys.all, 'list', entityCode, query] as const,
  /** B §4's next-page probe: one row after a full page. */
  probe: (entityCode: string | null, query: TariffListQuery) =>
    [...tariffKeys.all, 'probe', entityCode, query] as const,
  detail: (entityCode: string | null, uid: string | undefined) =>
    [...tariffKeys.all, 'detail', entityCode, uid] as const,
}
