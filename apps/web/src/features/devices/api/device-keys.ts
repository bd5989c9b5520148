import type { DeviceFilterRequest, TcnDeviceFilterRequest } from '@portal/contract'

/** Every query key of the devices feature (TCN boards and dashboard screens), defined once. */
export const deviceKeys = {
  all: ['devices'] as const,
  tcnList: (entityCode: string | null, body: TcnDeviceFilterRequest) =>
    [...deviceKeys.all, 'tcn', 'list', entityCode, body] as const,
  tcnDetail: (entityCode: string | null, id: number) =>
    [...deviceKeys.all, 'tcn', 'detail', entityCode, id] as const,
  list: (entityCode: string | null, body: DeviceFilterRequest) =>
    [...deviceKeys.all, 'dashboard', 'list', entityCode, body] as const,
  detail: (entityCode: string | null, id: number) =>
    [...deviceKeys.all, 'dashboard', 'detail', entityCode, id] as const,
}
