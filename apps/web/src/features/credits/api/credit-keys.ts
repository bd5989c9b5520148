import type { CreditLogFilterRequest } from '@portal/contract'

/** Every query key of the credits feature, defined once. */
export const creditKeys = {
  all: ['credit-logs'] as const,
  list: (entityCode: string | null, body: CreditLogFilterRequest) =>
    [...creditKeys.all, 'filter', entityCode, body] as const,
}
