import type { CaseFilterRequest, CaseSort } from '@portal/contract'
import {
  CASE_DEFAULT_SORT,
  CASE_SORT_FIELDS,
  caseStatuses,
  caseTemplates,
  caseUrgencies,
  cleanFilters,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { multiIn, oneOf } from '@/components/list-filters/typed-values'
import { statusLabel, templateLabel, urgencyLabel } from './case-labels'

/** The order the list opens on: the newest edit first (B §7's default). */
export const DEFAULT_CASE_SORT: ListSort = { key: 'lastEditedDate', dir: 'desc' }

/** The list's order as the call's sort map (B §7: field → 1 or -1); a key the call does not take is the default. */
export function sortMapOf(sort: ListSort | null): CaseSort {
  const field = oneOf(sort?.key, CASE_SORT_FIELDS)
  if (sort === null || field === undefined) return CASE_DEFAULT_SORT
  return { [field]: sort.dir === 'asc' ? 1 : -1 }
}

/** The range filters, drawn by the screen (the FilterBar has no range control). */
export const CASE_RANGE_KEYS = ['created_from', 'created_to', 'edited_from', 'edited_to'] as const

export function caseFilterDefs(
  t: TFunction,
  sites: readonly FilterOption[],
  staff: readonly FilterOption[],
): FilterDef[] {
  return [
    { kind: 'search', key: 'caseNo', label: t('digitalHealth.filter.caseNo') },
    { kind: 'search', key: 'patient', label: t('digitalHealth.filter.patient') },
    {
      kind: 'multi',
      key: 'template',
      label: t('digitalHealth.filter.template'),
      options: caseTemplates.values.map((v) => ({ value: v, label: templateLabel(t, v) })),
    },
    {
      kind: 'multi',
      key: 'status',
      label: t('digitalHealth.filter.status'),
      options: caseStatuses.values.map((v) => ({ value: v, label: statusLabel(t, v) })),
    },
    {
      kind: 'multi',
      key: 'urgency',
      label: t('digitalHealth.filter.urgency'),
      options: caseUrgencies.values.map((v) => ({ value: v, label: urgencyLabel(t, v) })),
    },
    { kind: 'multi', key: 'site', label: t('digitalHealth.filter.site'), options: sites },
    { kind: 'multi', key: 'createdBy', label: t('digitalHealth.filter.createdBy'), options: staff },
    ...CASE_RANGE_KEYS.map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

/** POST /cases/filter from the list state: 20 a page, the order as a sort map, unset filters left out (A §5). */
export function caseFilterBody(list: ListState, page: PageWindow): CaseFilterRequest {
  const body = {
    limit: page.limit,
    offset: page.offset,
    sort: sortMapOf(list.sort),
    caseNo: list.text('caseNo').trim(),
    patientName: list.text('patient').trim(),
    caseTemplate: multiIn(list, 'template', caseTemplates),
    status: multiIn(list, 'status', caseStatuses),
    urgency: multiIn(list, 'urgency', caseUrgencies),
    siteCode: list.multi('site').map(String),
    createdBy: list.multi('createdBy').map(String),
    createdFrom: localDayStart(list.text('created_from')),
    createdTo: localDayEnd(list.text('created_to')),
    editedFrom: localDayStart(list.text('edited_from')),
    editedTo: localDayEnd(list.text('edited_to')),
  }
  return cleanFilters(body)
}
