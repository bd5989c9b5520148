import type { ChargeLocationListQuery } from '@portal/contract'
import type { ChargeLocationFilters } from './charge-locations-api'

/** Every query key of the charge locations feature, defined once. */
export const chargeLocationKeys = {
  all: ['charge-locations'] as const,
  list: (entityCode: string | null, query: ChargeLocationListQuery) =>
    [...chargeLocationKeys.all, 'list', entityCode, query] as const,
  /** The list's total for its filters: paging is not part of it, so every page shares one count. */
  count: (entityCode: string | null, filters: ChargeLocationFilters) =>
    [...chargeLocationKeys.all, 'count', entityCode, filters] as const,
  map: (entityCode: string | null, filters: ChargeLocationFilters) =>
    [...chargeLocationKeys.all, 'map', entityCode, filters] as const,
  detail: (entityCode: string | null, uid: string | undefined) =>
    [...chargeLocationKeys.all, 'detail', entityCode, uid] as const,
  charger: (entityCode: string | null, uid: string | undefined) =>
    [...chargeLocationKeys.all, 'charger', entityCode, uid] as const,
  evse: (entityCode: string | null, locationUid: string | undefined, evseUid: string | undefined) =>
    [...chargeLocationKeys.all, 'evse', entityCode, locationUid, evseUid] as const,
}
