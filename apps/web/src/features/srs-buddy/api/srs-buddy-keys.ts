import type { SrsBuddyFilterRequest, SrsTestFilterRequest } from '@portal/contract'

/** Every query key of the SRS buddy records, defined once; an action refreshes all through `srsBuddyKeys.all`. */
export const srsBuddyKeys = {
  all: ['srs-buddies'] as const,
  list: (entityCode: string | null, body: SrsBuddyFilterRequest) =>
    [...srsBuddyKeys.all, 'filter', entityCode, body] as const,
  record: (entityCode: string | null, uuid: string) =>
    [...srsBuddyKeys.all, 'record', entityCode, uuid] as const,
  tests: (entityCode: string | null, uuid: string, body: SrsTestFilterRequest) =>
    [...srsBuddyKeys.all, 'tests', entityCode, uuid, body] as const,
}
