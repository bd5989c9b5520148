import type { TransactionFilterRequest } from '@portal/contract'

/** Every query key of the transactions feature, defined once. */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (entityCode: string | null, body: TransactionFilterRequest) =>
    [...transactionKeys.all, 'list', entityCode, body] as const,
}
