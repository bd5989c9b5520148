import type { EvDeviceListQuery } from '@portal/contract'
import {
  chargeProtocols,
  connectorStatuses,
  deviceConnectivities,
  EV_DEVICE_PAGE_SIZE,
  EvDeviceSort as Sort,
  evDeviceSorts,
  isInCatalogue,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'

export const DEVICES_PAGE_SIZE = EV_DEVICE_PAGE_SIZE

/** URL keys of the devices list (the CPO home links to `connectivity`). */
export const DEVICE_KEYS = {
  search: 'search',
  ocppStatus: 'ocpp_status',
  protocol: 'protocol',
  connectivity: 'connectivity',
  sort: 'sort',
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
      options: connectorStatuses.entries.map((e) => ({ value: e.value, label: e.label })),
    },
    {
      kind: 'multi',
      key: DEVICE_KEYS.protocol,
      label: t('evDevices.filter.protocol'),
      options: chargeProtocols.entries.map((e) => ({ value: e.value, label: e.label })),
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
    {
      kind: 'select',
      key: DEVICE_KEYS.sort,
      label: t('evDevices.filter.sort'),
      defaultValue: Sort.created_at,
      options: evDeviceSorts.entries.map((e) => ({ value: e.value, label: t(`evDevices.sort.${e.value}`) })),
    },
    // Shown as a removable chip, not in the bar; declared so reset and the active count cover it.
    { kind: 'search', key: DEVICE_KEYS.location, label: t('evDevices.filter.location') },
  ]
}

/** The call's query: empty filters left out, lists only when not empty, 20 a page. */
export function deviceListQuery(
  list: Pick<ListState, 'text' | 'multi' | 'select' | 'page'>,
): EvDeviceListQuery {
  const query: EvDeviceListQuery = { limit: DEVICES_PAGE_SIZE, offset: (list.page - 1) * DEVICES_PAGE_SIZE }
  const search = list.text(DEVICE_KEYS.search).trim()
  if (search) query.search = search
  const statuses = list.multi(DEVICE_KEYS.ocppStatus).map(String)
  if (statuses.length > 0) query['ocpp_status[]'] = statuses
  const protocols = list.multi(DEVICE_KEYS.protocol).map(String)
  if (protocols.length > 0) query['protocol[]'] = protocols
  const connectivity = String(list.select(DEVICE_KEYS.connectivity))
  if (isInCatalogue(deviceConnectivities, connectivity)) query.connectivity = connectivity
  const sort = String(list.select(DEVICE_KEYS.sort))
  if (sort !== Sort.created_at && isInCatalogue(evDeviceSorts, sort)) query.sort_by = sort
  const location = list.text(DEVICE_KEYS.location).trim()
  if (location) query.location_uid = location
  return query
}
