import type { EvDeviceListQuery } from '@portal/contract'

/** Every query key of the EV devices feature, defined once. */
export const evDeviceKeys = {
  all: ['ev-devices'] as const,
  list: (entityCode: string | null, query: EvDeviceListQuery) =>
    [...evDeviceKeys.all, 'list', entityCode, query] as const,
  detail: (entityCode: string | null, uid: string) =>
    [...evDeviceKeys.all, 'detail', entityCode, uid] as const,
}
