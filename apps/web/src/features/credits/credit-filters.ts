import type { CreditLogFilterRequest } from '@portal/contract'
import {
  cleanFilters,
  CREDIT_LOG_SORT_FIELDS,
  CreditMode,
  creditModes,
  isInCatalogue,
  PAGE_SIZES,
  paymentMethods,
  paymentTypes,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayStart, localDayEnd } from '@/components/list-filters/range-filter'
import { catalogueOptions } from '@/lib/labels'

export const CREDITS_PAGE_SIZE = PAGE_SIZES.creditLogs

/** The tabs (B §3 says the screen has tabs, not which): all logs, then one per credit mode. */
export const CREDIT_TABS = ['all', 'addition', 'consumed', 'cash_refund', 'timeout'] as const
export type CreditTab = (typeof CREDIT_TABS)[number]
export const TAB_KEY = 'tab'

const MODE_OF_TAB: Record<Exclude<CreditTab, 'all'>, CreditMode> = {
  addition: CreditMode.Addition,
  consumed: CreditMode.Consumed,
  cash_refund: CreditMode.CashRefund,
  timeout: CreditMode.Timeout,
}

export function tabOf(raw: string | null): CreditTab {
  return CREDIT_TABS.find((t) => t === raw) ?? 'all'
}

/** The range filters, drawn by the screen (the FilterBar has no range control). */
export const RANGE_KEYS = ['time_from', 'time_to', 'amount_from', 'amount_to'] as const

export function creditFilterDefs(t: TFunction, machines: readonly FilterOption[]): FilterDef[] {
  return [
    { kind: 'search', key: 'ids', label: t('credits.filter.ids') },
    { kind: 'multi', key: 'machines', label: t('credits.filter.machines'), options: machines },
    {
      kind: 'multi',
      key: 'modes',
      label: t('credits.filter.modes'),
      options: catalogueOptions(creditModes),
    },
    {
      kind: 'multi',
      key: 'methods',
      label: t('credits.filter.methods'),
      options: catalogueOptions(paymentMethods),
    },
    {
      kind: 'multi',
      key: 'types',
      label: t('credits.filter.types'),
      options: catalogueOptions(paymentTypes),
    },
    ...RANGE_KEYS.map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

/** Whole-unit amounts typed by the operator ("2.50") as minor units (250); blank or invalid is no bound. */
export function toMinorUnits(value: string, digits = 2): number | undefined {
  if (value.trim() === '') return undefined
  const n = Number(value)
  return Number.isFinite(n) ? Math.round(n * 10 ** digits) : undefined
}

/** "12, 15 18" → [12, 15, 18]: the ids typed in the log id filter. */
export function parseIds(value: string): number[] {
  return value
    .split(/[\s,]+/)
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0)
}

/** Newest client time first, until the operator sorts by a column header. */
export const CREDIT_DEFAULT_SORT: ListSort = { key: 'client_time', dir: 'desc' }

/** The request body of POST /iot/orders/creditlogs/filter from the list state; unset filters are left out. */
export function creditFilterBody(
  list: ListState,
  tab: CreditTab,
  page: PageWindow = { limit: CREDITS_PAGE_SIZE, offset: (list.page - 1) * CREDITS_PAGE_SIZE },
): CreditLogFilterRequest {
  const sort = list.sort ?? CREDIT_DEFAULT_SORT
  const filters = cleanFilters({
    amount_lower: toMinorUnits(list.text('amount_from')),
    amount_upper: toMinorUnits(list.text('amount_to')),
    client_time_lower: localDayStart(list.text('time_from')),
    client_time_upper: localDayEnd(list.text('time_to')),
    machine_credit_log_ids: parseIds(list.text('ids')),
    machine_ids: list.multi('machines').map(Number),
    // A mode tab is the mode filter; on "All" the operator picks modes themselves.
    modes:
      tab === 'all' ? list.multi('modes').filter((v) => isInCatalogue(creditModes, v)) : [MODE_OF_TAB[tab]],
    payment_methods: list.multi('methods').filter((v) => isInCatalogue(paymentMethods, v)),
    payment_types: list.multi('types').filter((v) => isInCatalogue(paymentTypes, v)),
  })
  return {
    limit: page.limit,
    offset: page.offset,
    sort_by: CREDIT_LOG_SORT_FIELDS.find((f) => f === sort.key) ?? 'client_time',
    order_by: sort.dir,
    ...filters,
  }
}
