import type { AlertFilterRequest, AlertStatus } from '@portal/contract'
import { ALERT_KINDS, ALERT_SEVERITIES, alertKinds, alertSeverities, cleanFilters } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { UNRESOLVED } from '@/components/alerts/alert-paths'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { multiOf, oneOf } from '@/components/list-filters/typed-values'
import { catalogueOptions } from '@/lib/labels'

/** The call's default page (alertFilterRequest's `limit`). */
export const ALERTS_PAGE_SIZE = 20

/**
 * The status filter as one choice: what is still to deal with (open and acknowledged, the default), one status, or
 * everything. A multi-select could not hold the default and still say "all" once emptied.
 */
export const STATUS_CHOICES = ['unresolved', 'open', 'acknowledged', 'resolved', 'all'] as const
export type StatusChoice = (typeof STATUS_CHOICES)[number]
export const DEFAULT_STATUS: StatusChoice = 'unresolved'

const STATUSES_OF: Record<StatusChoice, readonly AlertStatus[] | undefined> = {
  unresolved: UNRESOLVED,
  open: ['open'],
  acknowledged: ['acknowledged'],
  resolved: ['resolved'],
  all: undefined,
}

/** The range and the subject (from the machine and charger pages) live in the URL but not in the filter bar. */
export const RANGE_KEYS = ['raised_from', 'raised_to'] as const
export const SUBJECT_KEYS = ['machine_id', 'charge_point'] as const

export const ALERT_SORT_KEYS = ['raised_at', 'updated_at'] as const
export const DEFAULT_ALERT_SORT: ListSort = { key: 'raised_at', dir: 'desc' }

export function alertFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('alerts.filter.search') },
    {
      kind: 'select',
      key: 'status',
      label: t('alerts.filter.status'),
      defaultValue: DEFAULT_STATUS,
      options: STATUS_CHOICES.map((value) => ({ value, label: t(`alerts.filter.statusChoice.${value}`) })),
    },
    { kind: 'multi', key: 'kind', label: t('alerts.filter.kind'), options: catalogueOptions(alertKinds) },
    {
      kind: 'multi',
      key: 'severity',
      label: t('alerts.filter.severity'),
      options: catalogueOptions(alertSeverities),
    },
    ...[...RANGE_KEYS, ...SUBJECT_KEYS].map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

/** The filters the bar draws; the others have their own controls. */
export const isBarFilter = (def: FilterDef) =>
  !(RANGE_KEYS as readonly string[]).includes(def.key) &&
  !(SUBJECT_KEYS as readonly string[]).includes(def.key)

/** A machine id from the URL: a positive whole number, else nothing. */
export function machineIdOf(list: Pick<ListState, 'text'>): number | undefined {
  const raw = list.text('machine_id')
  if (!/^\d{1,15}$/.test(raw)) return undefined
  const id = Number(raw)
  return id >= 1 && Number.isSafeInteger(id) ? id : undefined
}

/** A charger's uid from the URL, as the call takes it (1–100 characters). */
export function chargePointOf(list: Pick<ListState, 'text'>): string | undefined {
  const raw = list.text('charge_point').trim()
  return raw === '' || raw.length > 100 ? undefined : raw
}

/** The request body of POST /alerts/filter from the list state; unset filters are left out (A §5). */
export function alertFilterBody(
  list: ListState,
  page: PageWindow = { limit: ALERTS_PAGE_SIZE, offset: (list.page - 1) * ALERTS_PAGE_SIZE },
): AlertFilterRequest {
  const choice = oneOf(list.select('status'), STATUS_CHOICES) ?? DEFAULT_STATUS
  const statuses = STATUSES_OF[choice]
  const sort = list.sort ?? DEFAULT_ALERT_SORT
  const filters = cleanFilters({
    status: statuses === undefined ? undefined : [...statuses],
    kind: multiOf(list, 'kind', ALERT_KINDS),
    severity: multiOf(list, 'severity', ALERT_SEVERITIES),
    machine_id: machineIdOf(list),
    charge_point: chargePointOf(list),
    search: list.text('q').trim().slice(0, 100),
    raised_from: localDayStart(list.text('raised_from')),
    raised_to: localDayEnd(list.text('raised_to')),
  })
  return {
    ...filters,
    sort: oneOf(sort.key, ALERT_SORT_KEYS) ?? 'raised_at',
    order: sort.dir,
    limit: page.limit,
    offset: page.offset,
  }
}

/** Why the filters cannot be sent: a raised range that ends before it starts. */
export function alertRangeProblem(list: Pick<ListState, 'text'>, t: TFunction): string | undefined {
  const from = localDayStart(list.text('raised_from'))
  const to = localDayEnd(list.text('raised_to'))
  return from !== undefined && to !== undefined && to < from ? t('alerts.filter.endBeforeStart') : undefined
}
