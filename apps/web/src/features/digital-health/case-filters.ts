import type { CaseFilterRequest, CaseSort, CaseSortField } from '@portal/contract'
import {
  CASE_PAGE_SIZE,
  CASE_SORT_FIELDS,
  caseStatuses,
  caseTemplates,
  caseUrgencies,
  cleanFilters,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { statusLabel, templateLabel, urgencyLabel } from './case-labels'

/** The sorts the list offers, as "field:direction" (the URL keeps this; the request sends `{ field: direction }`). */
export const CASE_SORT_OPTIONS = [
  'lastEditedDate:-1',
  'lastEditedDate:1',
  'createdAt:-1',
  'createdAt:1',
  'caseNo:-1',
  'caseNo:1',
  'urgency:-1',
  'status:1',
  'caseTemplate:1',
] as const
export const DEFAULT_CASE_SORT = CASE_SORT_OPTIONS[0]

/** "urgency:-1" → { urgency: -1 }; anything else is the default (newest edit first). */
export function sortMapOf(value: string): CaseSort {
  const [field, direction] = value.split(':')
  const known = CASE_SORT_FIELDS.find<CaseSortField>((f): f is CaseSortField => f === field)
  if (known === undefined || (direction !== '1' && direction !== '-1')) return { lastEditedDate: -1 }
  return { [known]: Number(direction) as 1 | -1 }
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
    {
      kind: 'select',
      key: 'sort',
      label: t('digitalHealth.filter.sort'),
      defaultValue: DEFAULT_CASE_SORT,
      options: CASE_SORT_OPTIONS.map((v) => ({
        value: v,
        label: t(`digitalHealth.sort.${v.replace(':-1', '_desc').replace(':1', '_asc')}`),
      })),
    },
    ...CASE_RANGE_KEYS.map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

/** POST /cases/filter from the list state: 20 a page, the sort as a map, unset filters left out (A §5). */
export function caseFilterBody(list: ListState): CaseFilterRequest {
  const body = {
    limit: CASE_PAGE_SIZE,
    offset: (list.page - 1) * CASE_PAGE_SIZE,
    sort: sortMapOf(String(list.select('sort'))),
    caseNo: list.text('caseNo').trim(),
    patientName: list.text('patient').trim(),
    caseTemplate: list.multi('template').map(String) as CaseFilterRequest['caseTemplate'],
    status: list.multi('status').map(String) as CaseFilterRequest['status'],
    urgency: list.multi('urgency').map(String) as CaseFilterRequest['urgency'],
    siteCode: list.multi('site').map(String),
    createdBy: list.multi('createdBy').map(String),
    createdFrom: localDayStart(list.text('created_from')),
    createdTo: localDayEnd(list.text('created_to')),
    editedFrom: localDayStart(list.text('edited_from')),
    editedTo: localDayEnd(list.text('edited_to')),
  }
  return cleanFilters(body)
}
