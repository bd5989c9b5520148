import type { EvDeviceListQuery } from '@portal/contract'
import {
  chargeProtocols,
  connectorStatuses,
  deviceConnectivities,
  EV_DEVICE_PAGE_SIZE,
  EV_DEVICE_SORT_ORDER,
  EvDeviceSort as Sort,
  evDeviceSorts,
  isInCatalogue,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { catalogueOptions } from '@/lib/labels'

export const DEVICES_PAGE_SIZE = EV_DEVICE_PAGE_SIZE

/** URL keys of the devices list (the CPO home links to `connectivity`). */
export const DEVICE_KEYS = {
  search: 'search',
  ocppStatus: 'ocpp_status',
  protocol: 'protocol',
  connectivity: 'connectivity',
  /** One location's chargers (a location uid), set by links from elsewhere. */
  location: 'location',
} as const
export const ANY = ''

export function deviceFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: DEVICE_KEYS.search, label: t('evDevices.filter.search') },
    {
      kind: 'multi',
      key: DEVICE_KEYS.ocppStatus,
      label: t('evDevices.filter.ocppStatus'),
      options: catalogueOptions(connectorStatuses),
    },
    {
      kind: 'multi',
      key: DEVICE_KEYS.protocol,
      label: t('evDevices.filter.protocol'),
      options: catalogueOptions(chargeProtocols),
    },
    {
      kind: 'select',
      key: DEVICE_KEYS.connectivity,
      label: t('evDevices.filter.connectivity'),
      defaultValue: ANY,
      options: [
        { value: ANY, label: t('evDevices.filter.connectivityAny') },
        ...deviceConnectivities.entries.map((e) => ({
          value: e.value,
          label: t(`evDevices.connectivity.${e.value}`),
        })),
      ],
    },
    // Shown as a removable chip, not in the bar; declared so reset and the active count cover it.
    { kind: 'search', key: DEVICE_KEYS.location, label: t('evDevices.filter.location') },
  ]
}

/** The filters the bar shows: the location is a removable chip of its own. */
export const isBarFilter = (def: FilterDef) => def.key !== DEVICE_KEYS.location

/** The call's sort keys (its column headers: serial number, last heartbeat, added), newest first by default. */
export const DEVICE_SORT_KEYS = evDeviceSorts.values
export const DEFAULT_DEVICE_SORT: ListSort = { key: Sort.created_at, dir: EV_DEVICE_SORT_ORDER.created_at }

/**
 * The call's query: empty filters left out, lists only when not empty, the header's order (left out when it is the
 * default, and its direction when it is the sort's own), the page the list asks for.
 */
export function deviceListQuery(
  list: Pick<ListState, 'text' | 'multi' | 'select' | 'sort'>,
  page: PageWindow,
): EvDeviceListQuery {
  const query: EvDeviceListQuery = { limit: page.limit, offset: page.offset }
  const search = list.text(DEVICE_KEYS.search).trim()
  if (search) query.search = search
  const statuses = list.multi(DEVICE_KEYS.ocppStatus).map(String)
  if (statuses.length > 0) query['ocpp_status[]'] = statuses
  const protocols = list.multi(DEVICE_KEYS.protocol).map(String)
  if (protocols.length > 0) query['protocol[]'] = protocols
  const connectivity = String(list.select(DEVICE_KEYS.connectivity))
  if (isInCatalogue(deviceConnectivities, connectivity)) query.connectivity = connectivity
  const sort = list.sort ?? DEFAULT_DEVICE_SORT
  if (isInCatalogue(evDeviceSorts, sort.key)) {
    if (sort.key !== Sort.created_at) query.sort_by = sort.key
    if (sort.dir !== EV_DEVICE_SORT_ORDER[sort.key]) query.order_by = sort.dir
  }
  const location = list.text(DEVICE_KEYS.location).trim()
  if (location) query.location_uid = location
  return query
}
