import type { SrsBuddyFilterRequest, SrsSort } from '@portal/contract'
import {
  cleanFilters,
  SRS_BUDDY_PAGE_SIZE,
  SRS_SORTS,
  srsBuddyStatuses,
  srsCompliances,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'

export const SRS_PAGE_SIZE = SRS_BUDDY_PAGE_SIZE

/** The last-swab range, drawn by the screen beside the filter bar (the FilterBar has no range control). */
export const RANGE_KEYS = ['last_from', 'last_to'] as const

/** The list's filters; their state lives in the URL (`?q=&status=&compliance=&last_from=&sort=`). */
export function srsFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('srsBuddy.filter.search') },
    {
      kind: 'multi',
      key: 'status',
      label: t('srsBuddy.filter.status'),
      options: srsBuddyStatuses.entries.map((e) => ({
        value: e.value,
        label: t(`srsBuddy.status.${e.value}`),
      })),
    },
    {
      kind: 'multi',
      key: 'compliance',
      label: t('srsBuddy.filter.compliance'),
      options: srsCompliances.entries.map((e) => ({
        value: e.value,
        label: t(`srsBuddy.compliance.${e.value}`),
      })),
    },
    {
      kind: 'select',
      key: 'sort',
      label: t('srsBuddy.sortBy'),
      defaultValue: 'next_due',
      options: SRS_SORTS.map((s) => ({ value: s, label: t(`srsBuddy.sort.${s}`) })),
    },
    ...RANGE_KEYS.map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

/** The body of POST /srs/buddies/filter from the list state; unset filters are left out (A §5). */
export function srsFilterBody(list: ListState): SrsBuddyFilterRequest {
  const search = list.text('q').trim()
  const body = {
    limit: SRS_PAGE_SIZE,
    offset: (list.page - 1) * SRS_PAGE_SIZE,
    search: search === '' ? undefined : search,
    status_list: list.multi('status').map(String) as SrsBuddyFilterRequest['status_list'],
    compliance_list: list.multi('compliance').map(String) as SrsBuddyFilterRequest['compliance_list'],
    last_test_lower: localDayStart(list.text('last_from')),
    last_test_upper: localDayEnd(list.text('last_to')),
    sort_by: list.select('sort') as SrsSort,
  }
  return cleanFilters(body)
}
