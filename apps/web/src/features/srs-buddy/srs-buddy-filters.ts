import type { SrsBuddyFilterRequest } from '@portal/contract'
import {
  cleanFilters,
  SRS_BUDDY_PAGE_SIZE,
  SRS_SORTS,
  srsBuddyStatuses,
  srsCompliances,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { multiIn, oneOf } from '@/components/list-filters/typed-values'

export const SRS_PAGE_SIZE = SRS_BUDDY_PAGE_SIZE

/** The last-swab range, drawn by the screen beside the filter bar (the FilterBar has no range control). */
export const RANGE_KEYS = ['last_from', 'last_to'] as const

/** The list's filters; their state lives in the URL (`?q=&status=&compliance=&last_from=`), the order in `sort`. */
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
    ...RANGE_KEYS.map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

/** The order the list opens on: the most urgent (earliest due) first. */
export const DEFAULT_SRS_SORT: ListSort = { key: 'next_due', dir: 'asc' }

/** The body of POST /srs/buddies/filter from the list state; unset filters are left out (A §5). */
export function srsFilterBody(list: ListState, page: PageWindow): SrsBuddyFilterRequest {
  const search = list.text('q').trim()
  const sortBy = oneOf(list.sort?.key, SRS_SORTS)
  const body = {
    limit: page.limit,
    offset: page.offset,
    search: search === '' ? undefined : search,
    status_list: multiIn(list, 'status', srsBuddyStatuses),
    compliance_list: multiIn(list, 'compliance', srsCompliances),
    last_test_lower: localDayStart(list.text('last_from')),
    last_test_upper: localDayEnd(list.text('last_to')),
    sort_by: sortBy,
    sort_order: sortBy === undefined ? undefined : list.sort?.dir,
  }
  return cleanFilters(body)
}
