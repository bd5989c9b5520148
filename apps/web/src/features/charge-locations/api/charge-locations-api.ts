import type { ChargeLocationListQuery, EvDeviceDetail } from '@portal/contract'
import {
  evDeviceDetailResponse,
  chargeEvseDetailResponse,
  chargeLocationCountResponse,
  chargeLocationDetailResponse,
  chargeLocationListResponse,
  chargeLocationMapResponse,
} from '@portal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { chargeLocationKeys } from './charge-location-keys'

const charging = client('charging')

/** `charge-points/{entity_code}/locations`: the signed-in entity's network (B §6: charging calls use its code). */
const base = (entityCode: string | null) => `/charge-points/${encodeURIComponent(entityCode ?? '')}/locations`

/** The list's query without paging: what the count, the map and the export take. */
export type ChargeLocationFilters = Omit<ChargeLocationListQuery, 'limit' | 'offset'>

export function listChargeLocations(
  entityCode: string | null,
  query: ChargeLocationListQuery,
  signal?: AbortSignal,
) {
  return charging
    .get(base(entityCode), chargeLocationListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data.locations)
}

export function countChargeLocations(
  entityCode: string | null,
  filters: ChargeLocationFilters,
  signal?: AbortSignal,
) {
  return charging
    .get(`${base(entityCode)}/count`, chargeLocationCountResponse, {
      query: { ...filters },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data.location_count)
}

export function chargeLocationPins(
  entityCode: string | null,
  filters: ChargeLocationFilters,
  signal?: AbortSignal,
) {
  return charging
    .get(`${base(entityCode)}/map`, chargeLocationMapResponse, {
      query: { ...filters },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data)
}

/** The map's pins for the list's filters (the map panel mounts only while it is shown). */
export function useChargeLocationPins(filters: ChargeLocationFilters) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: chargeLocationKeys.map(entityCode, filters),
    queryFn: ({ signal }) => chargeLocationPins(entityCode, filters, signal),
    placeholderData: keepPreviousData,
  })
}

export function useChargeLocation(uid: string | undefined) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: chargeLocationKeys.detail(entityCode, uid),
    queryFn: ({ signal }) =>
      charging
        .get(`${base(entityCode)}/${encodeURIComponent(uid ?? '')}`, chargeLocationDetailResponse, { signal })
        .then((r) => r.data.location),
    enabled: Boolean(uid),
    retry: false,
  })
}

export function useChargeEvse(locationUid: string | undefined, evseUid: string | undefined) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: chargeLocationKeys.evse(entityCode, locationUid, evseUid),
    queryFn: ({ signal }) =>
      charging
        .get(
          `${base(entityCode)}/${encodeURIComponent(locationUid ?? '')}/evses/${encodeURIComponent(evseUid ?? '')}`,
          chargeEvseDetailResponse,
          { signal },
        )
        .then((r) => r.data),
    enabled: Boolean(locationUid) && Boolean(evseUid),
    retry: false,
  })
}

/**
 * GET /charge-points/devices/{uid}: the EVSE's charger with its connectors in OCPP's numbering and what runs on them,
 * for the commands the EVSE page sends it.
 */
export function useEvseCharger(chargerUid: string | undefined) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: chargeLocationKeys.charger(entityCode, chargerUid),
    queryFn: ({ signal }): Promise<EvDeviceDetail> =>
      charging
        .get(`/charge-points/devices/${encodeURIComponent(chargerUid ?? '')}`, evDeviceDetailResponse, {
          signal,
        })
        .then((r) => r.data.device),
    enabled: Boolean(chargerUid),
    retry: false,
  })
}
