import type { EmployeeFilterRequest, PersonFilterRequest } from '@portal/contract'
import {
  CLOSED_LOOP_SEARCH_FIELDS,
  cleanFilters,
  closedLoopStatuses,
  EmployeeBalanceType,
  PAGE_SIZES,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'

export const PERSONS_PAGE_SIZE = PAGE_SIZES.persons
export const EMPLOYEES_PAGE_SIZE = PAGE_SIZES.employees

const DAY_MS = 86_400_000

const statusOptions = closedLoopStatuses.entries.map((e) => ({ value: e.value, label: e.label }))

function searchDef(t: TFunction): FilterDef {
  return {
    kind: 'search',
    key: 'q',
    label: t('closedLoop.search'),
    fieldKey: 'q_in',
    fields: CLOSED_LOOP_SEARCH_FIELDS.map((f) => ({ value: f, label: t(`closedLoop.searchField.${f}`) })),
  }
}

export function personFilterDefs(t: TFunction): FilterDef[] {
  return [
    searchDef(t),
    {
      kind: 'select',
      key: 'status',
      label: t('closedLoop.filter.status'),
      defaultValue: '',
      options: [{ value: '', label: t('closedLoop.filter.anyStatus') }, ...statusOptions],
    },
  ]
}

/** Day windows the employee date filters offer (ours: the filter bar has no date picker yet; decision 0019). */
const WINDOWS = [1, 7, 30, 90] as const

function windowDef(t: TFunction, key: string, label: string): FilterDef {
  return {
    kind: 'select',
    key,
    label,
    defaultValue: 0,
    options: [
      { value: 0, label: t('closedLoop.filter.anyTime') },
      ...WINDOWS.map((d) => ({ value: d, label: t('closedLoop.filter.lastDays', { count: d }) })),
    ],
  }
}

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

/** The last-refresh window applies to quota employees only (item balances never refresh). */
export function employeeFilterDefs(
  t: TFunction,
  sets: readonly { code: string; name: string }[],
  variant: EmployeeBalanceType,
): FilterDef[] {
  const defs: FilterDef[] = [
    searchDef(t),
    {
      kind: 'select',
      key: 'status',
      label: t('closedLoop.filter.status'),
      defaultValue: '',
      options: [{ value: '', label: t('closedLoop.filter.anyStatus') }, ...statusOptions],
    },
    {
      kind: 'multi',
      key: 'sets',
      label: t('closedLoop.filter.sets'),
      options: sets.map((s) => ({ value: s.code, label: s.name })),
    },
    windowDef(t, 'collected', t('closedLoop.filter.lastCollected')),
    windowDef(t, 'created', t('closedLoop.filter.created')),
  ]
  if (variant === EmployeeBalanceType.Quota)
    defs.push(windowDef(t, 'refreshed', t('closedLoop.filter.lastRefresh')))
  return defs
}

/**
 * The start of a "last N days" window: local midnight N-1 days before today, so the request (and its cache key)
 * stays the same all day instead of changing every render.
 */
export function windowStart(days: number, now = new Date()): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()
  return midnight - (days - 1) * DAY_MS
}

function search(list: ListState) {
  const key = list.select('q_in')
  return {
    search_key: key === '' ? undefined : (key as PersonFilterRequest['search_key']),
    search_value: list.text('q'),
  }
}

const statusOf = (list: ListState) => {
  const s = list.select('status')
  return s === '' ? undefined : (Number(s) as PersonFilterRequest['status'])
}

/** POST /promo/closed-loops/filter from the list state; unset filters are left out (B §5). */
export function personFilterBody(list: ListState): PersonFilterRequest {
  return cleanFilters({
    limit: PERSONS_PAGE_SIZE,
    offset: (list.page - 1) * PERSONS_PAGE_SIZE,
    status: statusOf(list),
    ...search(list),
  }) as PersonFilterRequest
}

/** POST /promo/employees/filter from the list state: the filters nested in `filter` (B §7). */
export function employeeFilterBody(
  list: ListState,
  variant: EmployeeBalanceType,
  now = new Date(),
): EmployeeFilterRequest {
  const from = (key: string) => {
    const days = Number(list.select(key))
    return days > 0 ? windowStart(days, now) : undefined
  }
  const filter = cleanFilters({
    limit: EMPLOYEES_PAGE_SIZE,
    offset: (list.page - 1) * EMPLOYEES_PAGE_SIZE,
    balance_type: variant,
    status: statusOf(list),
    set_list: list.multi('sets').map(String),
    last_collection_from: from('collected'),
    created_at_lower: from('created'),
    last_result_from: variant === EmployeeBalanceType.Quota ? from('refreshed') : undefined,
    ...search(list),
  }) as EmployeeFilterRequest['filter']
  return { filter }
}
