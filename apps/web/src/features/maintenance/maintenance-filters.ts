import type { MtSummaryFilterRequest } from '@portal/contract'
import { cleanFilters, PAGE_SIZES, PersonType } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayStart, localDayEnd } from '@/components/list-filters/range-filter'

export const MAINTENANCE_PAGE_SIZE = PAGE_SIZES.maintenanceSummaries

/**
 * The tabs of the list (B §3 says it has tabs but not which): every session, restocking sessions, technician
 * visits and sessions whose challenge was bypassed (docs/decisions/0017-maintenance-and-credit-logs.md).
 */
export const MAINTENANCE_TABS = ['all', 'restocking', 'technician', 'bypassed'] as const
export type MaintenanceTab = (typeof MAINTENANCE_TABS)[number]
export const TAB_KEY = 'tab'

export function tabOf(raw: string | null): MaintenanceTab {
  return MAINTENANCE_TABS.find((t) => t === raw) ?? 'all'
}

/** The range filters, drawn by the screen itself (the FilterBar has no range control). */
export const RANGE_KEYS = ['start_from', 'start_to', 'end_from', 'end_to'] as const

export function maintenanceFilterDefs(
  t: TFunction,
  options: {
    machines: readonly FilterOption[]
    sets: readonly FilterOption[]
    users: readonly FilterOption[]
  },
): FilterDef[] {
  return [
    {
      kind: 'select',
      key: 'bypass',
      label: t('maintenance.filter.bypass'),
      defaultValue: 'both',
      options: [
        { value: 'both', label: t('maintenance.filter.bypassBoth') },
        { value: 'yes', label: t('maintenance.filter.bypassYes') },
        { value: 'no', label: t('maintenance.filter.bypassNo') },
      ],
    },
    { kind: 'multi', key: 'machines', label: t('maintenance.filter.machines'), options: options.machines },
    { kind: 'multi', key: 'sets', label: t('maintenance.filter.sets'), options: options.sets },
    { kind: 'multi', key: 'users', label: t('maintenance.filter.users'), options: options.users },
    ...RANGE_KEYS.map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

const PERSON_TYPES_OF_TAB: Partial<Record<MaintenanceTab, PersonType[]>> = {
  // A person who does both is counted in both tabs.
  restocking: [PersonType.restocker, PersonType.both],
  technician: [PersonType.technician, PersonType.both],
}

/** The request body of POST /iot/mt-summaries/filter; unset filters are left out, "both" sends none (B §4). */
export function maintenanceFilterBody(
  list: ListState,
  tab: MaintenanceTab,
  page: PageWindow = { limit: MAINTENANCE_PAGE_SIZE, offset: (list.page - 1) * MAINTENANCE_PAGE_SIZE },
): MtSummaryFilterRequest {
  const bypass = list.select('bypass')
  const filters = cleanFilters({
    start_time_lower: localDayStart(list.text('start_from')),
    start_time_upper: localDayEnd(list.text('start_to')),
    end_time_lower: localDayStart(list.text('end_from')),
    end_time_upper: localDayEnd(list.text('end_to')),
    // The Challenge bypassed tab is the "yes" value; on that tab the filter can only narrow to the same rows.
    is_challenge_bypass: tab === 'bypassed' || bypass === 'yes' ? true : bypass === 'no' ? false : undefined,
    machine_id_list: list.multi('machines').map(Number),
    set_list: list.multi('sets').map(String),
    user_uuid_list: list.multi('users').map(String),
    person_type_list: PERSON_TYPES_OF_TAB[tab],
  })
  return { limit: page.limit, offset: page.offset, ...filters }
}
