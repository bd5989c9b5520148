import type { EvDeviceListQuery, OcppMessageListQuery } from '@portal/contract'

/** Every query key of the EV devices feature, defined once. */
export const evDeviceKeys = {
  all: ['ev-devices'] as const,
  list: (entityCode: string | null, query: EvDeviceListQuery) =>
    [...evDeviceKeys.all, 'list', entityCode, query] as const,
  detail: (entityCode: string | null, uid: string) =>
    [...evDeviceKeys.all, 'detail', entityCode, uid] as const,
  enrolment: (entityCode: string | null) => [...evDeviceKeys.all, 'enrolment', entityCode] as const,
  messages: (entityCode: string | null, uid: string, query: OcppMessageListQuery) =>
    [...evDeviceKeys.all, 'messages', entityCode, uid, query] as const,
}
