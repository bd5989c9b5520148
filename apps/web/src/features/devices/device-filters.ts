import type { DeviceFilterRequest, TcnDeviceFilterRequest } from '@portal/contract'
import {
  cleanFilters,
  DeviceSort,
  deviceSorts,
  isInCatalogue,
  lastLoginOptions,
  PAGE_SIZES,
  screenTypes,
  TcnDeviceSort,
  tcnDeviceSorts,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { catalogueOptions } from '@/lib/labels'

export const TCN_PAGE_SIZE = PAGE_SIZES.tcnDevices
export const DEVICES_PAGE_SIZE = PAGE_SIZES.dashboardDevices

/** URL keys of the created-at range (day strings, YYYY-MM-DD); the range filter renders them, not the filter bar. */
export const FROM = 'from'
export const TO = 'to'
export const RANGE_KEYS: readonly string[] = [FROM, TO]
const dateDefs = (t: TFunction): FilterDef[] => [
  { kind: 'search', key: FROM, label: t('devices.filter.createdFrom') },
  { kind: 'search', key: TO, label: t('devices.filter.createdTo') },
]

/**
 * Both lists sort by a column header (decision 0065): the URL names the column and the direction
 * (`?sort=mid&order=asc`), the request joins them into the call's `sort_by` (`mid_asc`). Newest first by default.
 */
export const DEFAULT_DEVICE_SORT: ListSort = { key: 'created_at', dir: 'desc' }
export const TCN_SORT_KEYS = ['created_at', 'last_login', 'mid'] as const
export const DEVICE_SORT_KEYS = ['created_at', 'last_seen', 'device_code'] as const

function sortOf(list: ListState): string {
  const sort = list.sort ?? DEFAULT_DEVICE_SORT
  return `${sort.key}_${sort.dir}`
}

export function tcnFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'mid', label: t('devices.filter.mid') },
    { kind: 'search', key: 'code', label: t('devices.filter.deviceCode') },
    {
      kind: 'select',
      key: 'last_login',
      label: t('devices.filter.lastLogin'),
      defaultValue: '',
      options: [
        { value: '', label: t('devices.filter.any') },
        ...lastLoginOptions.entries.map((e) => ({
          value: e.value,
          label: t(`devices.lastLogin.${e.value}`, { defaultValue: e.label }),
        })),
      ],
    },
    ...dateDefs(t),
  ]
}

export function deviceFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'codes', label: t('devices.filter.deviceCodes') },
    {
      kind: 'select',
      key: 'screen',
      label: t('devices.filter.screenType'),
      defaultValue: '',
      options: [{ value: '', label: t('devices.filter.any') }, ...catalogueOptions(screenTypes)],
    },
    ...dateDefs(t),
  ]
}

function createdRange(list: ListState) {
  return {
    created_at_lower: localDayStart(list.text(FROM)),
    created_at_upper: localDayEnd(list.text(TO)),
  }
}

/** An end day before the start day: nothing is sent, the table says why. */
export function rangeProblem(list: ListState, t: TFunction): string | undefined {
  const from = list.text(FROM)
  const to = list.text(TO)
  return from !== '' && to !== '' && to < from ? t('devices.filter.endBeforeStart') : undefined
}

/** Device codes typed as a list: commas, spaces or new lines separate them. */
export function parseCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((c) => c !== ''))]
}

/** POST /iot/tcn-devices/filter from the list state; unset filters are left out. */
export function tcnFilterBody(list: ListState, page: PageWindow): TcnDeviceFilterRequest {
  const sort = sortOf(list)
  const lastLogin = list.select('last_login')
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      ...createdRange(list),
      last_login_option: isInCatalogue(lastLoginOptions, lastLogin) ? lastLogin : undefined,
      search_by_mid: list.text('mid').trim(),
      search_by_device_code: list.text('code').trim(),
    }),
    sort_by: isInCatalogue(tcnDeviceSorts, sort) ? sort : TcnDeviceSort.created_at_desc,
  }
}

/** POST /iot/devices/filter from the list state; unset filters are left out. */
export function deviceFilterBody(list: ListState, page: PageWindow): DeviceFilterRequest {
  const sort = sortOf(list)
  const screen = list.select('screen')
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      ...createdRange(list),
      screen_type: isInCatalogue(screenTypes, screen) ? screen : undefined,
      device_code_list: parseCodes(list.text('codes')),
    }),
    sort_by: isInCatalogue(deviceSorts, sort) ? sort : DeviceSort.created_at_desc,
  }
}
