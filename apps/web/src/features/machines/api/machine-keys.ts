import type { MachineFilterRequest } from '@portal/contract'

/** Every query key of the machines feature, defined once; mutations invalidate through `machineKeys.all`. */
export const machineKeys = {
  all: ['machines'] as const,
  list: (entityCode: string | null, body: MachineFilterRequest) =>
    [...machineKeys.all, 'list', entityCode, body] as const,
  detail: (entityCode: string | null, id: number) => [...machineKeys.all, 'detail', entityCode, id] as const,
  recentOrders: (entityCode: string | null, id: number) =>
    [...machineKeys.all, 'recent-orders', entityCode, id] as const,
  apiKey: (entityCode: string | null, id: number) => [...machineKeys.all, 'api-key', entityCode, id] as const,
  commands: (entityCode: string | null, id: number) =>
    [...machineKeys.all, 'commands', entityCode, id] as const,
  recentMaintenance: (entityCode: string | null, id: number) =>
    [...machineKeys.all, 'recent-maintenance', entityCode, id] as const,
}
