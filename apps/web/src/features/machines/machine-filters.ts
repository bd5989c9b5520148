import type { MachineFilterRequest } from '@portal/contract'
import {
  cleanFilters,
  isInCatalogue,
  MACHINE_SEARCH_FIELDS,
  MachineStatus,
  machineActiveFilters,
  machineStatuses,
  PAGE_SIZES,
  vmcTypes,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { catalogueOptions } from '@/lib/labels'

export const MACHINES_PAGE_SIZE = PAGE_SIZES.machines

/** The service status lists the any-error flag clears when it is turned on (B §4). */
const CLEARED_BY_ANY_ERROR = [
  'reader_manager_status',
  'machine_service_status',
  'payment_service_status',
] as const

const statusOptions = (): FilterOption[] => catalogueOptions(machineStatuses)

export function machineFilterDefs(t: TFunction, sets: readonly FilterOption[]): FilterDef[] {
  return [
    {
      kind: 'search',
      key: 'q',
      label: t('machines.search'),
      fieldKey: 'q_in',
      fields: MACHINE_SEARCH_FIELDS.map((f) => ({ value: f, label: t(`machines.col.${f}`) })),
    },
    {
      kind: 'select',
      key: 'active',
      label: t('machines.filter.active'),
      defaultValue: 0,
      options: machineActiveFilters.entries.map((e) => ({
        value: e.value,
        label: t(`machines.activeFilter.${String(e.value)}`, { defaultValue: e.label }),
      })),
    },
    { kind: 'multi', key: 'overall_status', label: t('machines.filter.overall'), options: statusOptions() },
    { kind: 'multi', key: 'core_service_status', label: t('machines.filter.core'), options: statusOptions() },
    {
      kind: 'multi',
      key: 'machine_service_status',
      label: t('machines.filter.machine'),
      options: statusOptions(),
      clears: ['any_error'],
    },
    {
      kind: 'multi',
      key: 'payment_service_status',
      label: t('machines.filter.payment'),
      options: statusOptions(),
      clears: ['any_error'],
    },
    {
      kind: 'multi',
      key: 'reader_manager_status',
      label: t('machines.filter.reader'),
      options: statusOptions(),
      clears: ['any_error'],
    },
    { kind: 'toggle', key: 'any_error', label: t('machines.filter.anyError'), clears: CLEARED_BY_ANY_ERROR },
    {
      kind: 'multi',
      key: 'vmc',
      label: t('machines.filter.vmc'),
      options: catalogueOptions(vmcTypes),
    },
    {
      kind: 'multi',
      key: 'sets',
      label: t('machines.filter.sets'),
      options: sets,
    },
  ]
}

/** The /machines shortcut (B §2): after a reset, overall status Error or reader manager status Error. */
export const ERROR_SHORTCUT = {
  overall_status: [MachineStatus.Error],
  reader_manager_status: [MachineStatus.Error],
}

/** A status filter's values, read as the call's statuses (a hand-written URL may hold others: they are dropped). */
const statuses = (list: ListState, key: string) =>
  list.multi(key).filter((v) => isInCatalogue(machineStatuses, v))

/** The request body of POST /iot/machines/filter from the list state; unset filters are left out (A §5). */
export function machineFilterBody(
  list: ListState,
  page: PageWindow = { limit: MACHINES_PAGE_SIZE, offset: (list.page - 1) * MACHINES_PAGE_SIZE },
): MachineFilterRequest {
  const active = list.select('active')
  const searchKey = list.select('q_in')
  const filters = cleanFilters({
    overall_status_list: statuses(list, 'overall_status'),
    core_service_status_list: statuses(list, 'core_service_status'),
    machine_service_status_list: statuses(list, 'machine_service_status'),
    payment_service_status_list: statuses(list, 'payment_service_status'),
    reader_manager_status_list: statuses(list, 'reader_manager_status'),
    vmc_list: list.multi('vmc').filter((v) => isInCatalogue(vmcTypes, v)),
    set_list: list.multi('sets').map(String),
    any_error: list.toggle('any_error') || undefined,
    search_key: MACHINE_SEARCH_FIELDS.find((f) => f === searchKey),
    search_value: list.text('q'),
  })
  return {
    limit: page.limit,
    offset: page.offset,
    active_filter: machineActiveFilters.values.find((v) => v === active) ?? 0,
    ...filters,
  }
}
