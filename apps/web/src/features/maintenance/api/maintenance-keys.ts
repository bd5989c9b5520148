import type { MtSummaryFilterRequest } from '@portal/contract'

/** Every query key of the maintenance feature, defined once. */
export const maintenanceKeys = {
  all: ['mt-summaries'] as const,
  list: (entityCode: string | null, body: MtSummaryFilterRequest) =>
    [...maintenanceKeys.all, 'filter', entityCode, body] as const,
  detail: (entityCode: string | null, id: number) =>
    [...maintenanceKeys.all, 'detail', entityCode, id] as const,
  maintainers: (entityCode: string | null) => [...maintenanceKeys.all, 'maintainers', entityCode] as const,
}
