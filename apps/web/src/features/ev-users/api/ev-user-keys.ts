import type { EvUserListQuery } from '@portal/contract'

/** Every query key of the EV users feature, defined once. */
export const evUserKeys = {
  all: ['ev-users'] as const,
  list: (entityCode: string | null, query: EvUserListQuery) =>
    [...evUserKeys.all, 'list', entityCode, query] as const,
  detail: (entityCode: string | null, uuid: string) =>
    [...evUserKeys.all, 'detail', entityCode, uuid] as const,
}
