import type { ClosedLoopStatus, EmployeeFilterRequest, PersonFilterRequest } from '@portal/contract'
import {
  CLOSED_LOOP_SEARCH_FIELDS,
  cleanFilters,
  closedLoopStatuses,
  EmployeeBalanceType,
  isInCatalogue,
  PAGE_SIZES,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { catalogueOptions } from '@/lib/labels'

export const PERSONS_PAGE_SIZE = PAGE_SIZES.persons
export const EMPLOYEES_PAGE_SIZE = PAGE_SIZES.employees

/** URL keys of the pickers: the chosen uuids, joined by commas (B §7 `person_uuid_list`, `employee_uuid_list`). */
export const PERSON_KEY = 'person'
export const EMPLOYEE_KEY = 'employee'
/** The most uuids a list filter takes (the contract's cap). */
const MAX_UUIDS = 1000

const statusOptions = () => catalogueOptions(closedLoopStatuses)

function searchDef(t: TFunction): FilterDef {
  return {
    kind: 'search',
    key: 'q',
    label: t('closedLoop.search'),
    fieldKey: 'q_in',
    fields: CLOSED_LOOP_SEARCH_FIELDS.map((f) => ({ value: f, label: t(`closedLoop.searchField.${f}`) })),
  }
}

function statusDef(t: TFunction): FilterDef {
  return {
    kind: 'select',
    key: 'status',
    label: t('closedLoop.filter.status'),
    defaultValue: '',
    options: [{ value: '', label: t('closedLoop.filter.anyStatus') }, ...statusOptions()],
  }
}

/** A filter kept in the URL but drawn outside the filter bar (a picker, a day of a range). */
const hidden = (key: string, label: string): FilterDef => ({ kind: 'search', key, label })

export function personFilterDefs(t: TFunction): FilterDef[] {
  return [searchDef(t), statusDef(t), hidden(PERSON_KEY, t('closedLoop.filter.persons'))]
}

/**
 * The employee date filters (B §7): each a from–to range of days, both days included. `refreshed` bounds the last
 * refresh, which quota employees only have (item balances never refresh).
 */
export const EMPLOYEE_RANGES = [
  { id: 'collected', label: 'lastCollected', from: 'collected_from', to: 'collected_to' },
  { id: 'created', label: 'created', from: 'created_from', to: 'created_to' },
  { id: 'refreshed', label: 'lastRefresh', from: 'refreshed_from', to: 'refreshed_to' },
] as const
export type EmployeeRange = (typeof EMPLOYEE_RANGES)[number]

export function employeeRanges(variant: EmployeeBalanceType): readonly EmployeeRange[] {
  return variant === EmployeeBalanceType.Quota
    ? EMPLOYEE_RANGES
    : EMPLOYEE_RANGES.filter((r) => r.id !== 'refreshed')
}

/** The keys the filter bar leaves to the pickers and the ranges. */
export const OUTSIDE_BAR: readonly string[] = [
  PERSON_KEY,
  EMPLOYEE_KEY,
  ...EMPLOYEE_RANGES.flatMap((r) => [r.from, r.to]),
]

/**
 * The URL parameter of the employee variant. It is chosen with the tabs above the table, outside the filter bar,
 * so resetting the filters keeps the variant.
 */
export const VARIANT_KEY = 'variant'

export function parseVariant(raw: string | null): EmployeeBalanceType {
  return Number(raw) === EmployeeBalanceType.Quota
    ? EmployeeBalanceType.Quota
    : EmployeeBalanceType.ItemBalance
}

export function employeeFilterDefs(
  t: TFunction,
  sets: readonly FilterOption[],
  variant: EmployeeBalanceType,
): FilterDef[] {
  return [
    searchDef(t),
    statusDef(t),
    { kind: 'multi', key: 'sets', label: t('closedLoop.filter.sets'), options: sets },
    hidden(EMPLOYEE_KEY, t('closedLoop.filter.employees')),
    ...employeeRanges(variant).flatMap((r) => [
      hidden(r.from, t(`closedLoop.filter.${r.label}`)),
      hidden(r.to, t(`closedLoop.filter.${r.label}`)),
    ]),
  ]
}

/** The uuids a picker keeps in the URL, each once. */
export function uuidsOf(list: ListState, key: string): string[] {
  const uuids = list
    .text(key)
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '')
  return [...new Set(uuids)].slice(0, MAX_UUIDS)
}

function search(list: ListState) {
  const field = CLOSED_LOOP_SEARCH_FIELDS.find((f) => f === list.select('q_in'))
  return { search_key: field, search_value: list.text('q').trim() }
}

function statusOf(list: ListState): ClosedLoopStatus | undefined {
  const s = list.select('status')
  return isInCatalogue(closedLoopStatuses, s) ? s : undefined
}

/** POST /promo/closed-loops/filter from the list state; unset filters are left out (B §5). */
export function personFilterBody(list: ListState, page: PageWindow): PersonFilterRequest {
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      person_uuid_list: uuidsOf(list, PERSON_KEY),
      status: statusOf(list),
      ...search(list),
    }),
  }
}

/** An employee range whose last day is before its first: nothing is sent, the table says which. */
export function employeeRangeProblem(list: ListState, variant: EmployeeBalanceType, t: TFunction) {
  const wrong = employeeRanges(variant).find((r) => {
    const from = list.text(r.from)
    const to = list.text(r.to)
    return from !== '' && to !== '' && to < from
  })
  return wrong && t('closedLoop.filter.endBeforeStart', { filter: t(`closedLoop.filter.${wrong.label}`) })
}

/** POST /promo/employees/filter from the list state: the filters nested in `filter` (B §7). */
export function employeeFilterBody(
  list: ListState,
  page: PageWindow,
  variant: EmployeeBalanceType,
): EmployeeFilterRequest {
  const day = (key: string, end: boolean) =>
    end ? localDayEnd(list.text(key)) : localDayStart(list.text(key))
  const quota = variant === EmployeeBalanceType.Quota
  return {
    filter: {
      limit: page.limit,
      offset: page.offset,
      balance_type: variant,
      ...cleanFilters({
        employee_uuid_list: uuidsOf(list, EMPLOYEE_KEY),
        status: statusOf(list),
        set_list: list.multi('sets').map(String),
        last_collection_from: day('collected_from', false),
        last_collection_to: day('collected_to', true),
        created_at_lower: day('created_from', false),
        created_at_upper: day('created_to', true),
        last_result_from: quota ? day('refreshed_from', false) : undefined,
        last_result_to: quota ? day('refreshed_to', true) : undefined,
        ...search(list),
      }),
    },
  }
}
