import type { DriverDashboardQuery, LimoDriverQuery } from '@portal/contract'
import type { DriverVariant } from '../driver-variant'

/**
 * Every query key of the drivers feature, defined once. Every key of an entity starts with `driverKeys.entity`, so a
 * write (a driver added, an import) refreshes both lists and the details at once.
 */
export const driverKeys = {
  all: ['drivers'] as const,
  entity: (entityCode: string | null) => [...driverKeys.all, entityCode] as const,
  dashboard: (entityCode: string | null, query: DriverDashboardQuery) =>
    [...driverKeys.entity(entityCode), 'dashboard', query] as const,
  limo: (entityCode: string | null, query: LimoDriverQuery) =>
    [...driverKeys.entity(entityCode), 'limo', query] as const,
  detail: (entityCode: string | null, variant: DriverVariant, id: string) =>
    [...driverKeys.entity(entityCode), 'detail', variant, id] as const,
  userInfo: (entityCode: string | null, variant: DriverVariant, id: string) =>
    [...driverKeys.entity(entityCode), 'user-info', variant, id] as const,
}
