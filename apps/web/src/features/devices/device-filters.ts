import type { DeviceFilterRequest, TcnDeviceFilterRequest } from '@portal/contract'
import {
  cleanFilters,
  DeviceSort,
  deviceSorts,
  lastLoginOptions,
  PAGE_SIZES,
  screenTypes,
  TcnDeviceSort,
  tcnDeviceSorts,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'

export const TCN_PAGE_SIZE = PAGE_SIZES.tcnDevices
export const DEVICES_PAGE_SIZE = PAGE_SIZES.dashboardDevices

/** URL keys of the created-at range (day strings, YYYY-MM-DD); the date inputs render them, not the filter bar. */
export const FROM = 'from'
export const TO = 'to'
const dateDefs = (t: TFunction): FilterDef[] => [
  { kind: 'search', key: FROM, label: t('devices.filter.createdFrom') },
  { kind: 'search', key: TO, label: t('devices.filter.createdTo') },
]

export function tcnFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'mid', label: t('devices.filter.mid') },
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
    {
      kind: 'select',
      key: 'sort',
      label: t('devices.filter.sort'),
      defaultValue: TcnDeviceSort.created_at_desc,
      options: tcnDeviceSorts.entries.map((e) => ({
        value: e.value,
        label: t(`devices.sort.${e.value}`, { defaultValue: e.label }),
      })),
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
      options: [
        { value: '', label: t('devices.filter.any') },
        ...screenTypes.entries.map((e) => ({ value: e.value, label: e.label })),
      ],
    },
    {
      kind: 'select',
      key: 'sort',
      label: t('devices.filter.sort'),
      defaultValue: DeviceSort.created_at_desc,
      options: deviceSorts.entries.map((e) => ({
        value: e.value,
        label: t(`devices.sort.${e.value}`, { defaultValue: e.label }),
      })),
    },
    ...dateDefs(t),
  ]
}

/** Local midnight of a YYYY-MM-DD day, or its last millisecond (the range includes both days, B §5). */
export function dayToMillis(day: string, end: boolean): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return undefined
  const start = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime()
  return end ? start + 86_400_000 - 1 : start
}

function createdRange(list: ListState) {
  return {
    created_at_lower: dayToMillis(list.text(FROM), false),
    created_at_upper: dayToMillis(list.text(TO), true),
  }
}

/** Device codes typed as a list: commas, spaces or new lines separate them. */
export function parseCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((c) => c !== ''))]
}

export function tcnFilterBody(list: ListState): TcnDeviceFilterRequest {
  return cleanFilters({
    limit: TCN_PAGE_SIZE,
    offset: (list.page - 1) * TCN_PAGE_SIZE,
    ...createdRange(list),
    last_login_option: list.select('last_login') || undefined,
    search_by_mid: list.text('mid'),
    sort_by: list.select('sort'),
  }) as TcnDeviceFilterRequest
}

export function deviceFilterBody(list: ListState): DeviceFilterRequest {
  const screen = list.select('screen')
  return cleanFilters({
    limit: DEVICES_PAGE_SIZE,
    offset: (list.page - 1) * DEVICES_PAGE_SIZE,
    ...createdRange(list),
    screen_type: screen === '' ? undefined : Number(screen),
    device_code_list: parseCodes(list.text('codes')),
    sort_by: list.select('sort'),
  }) as DeviceFilterRequest
}
