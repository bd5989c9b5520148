import type { TestSearchField, TiFilterRequest } from '@portal/contract'
import { cleanFilters, TEST_RESULTS_PAGE_SIZE, TEST_SEARCH_FIELDS, testResults } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'

/** URL keys of the group's result list (kept apart from the team view's, which shares the page). */
export const RESULT_KEYS = {
  search: 'q',
  searchBy: 'q_by',
  result: 'result',
  site: 'site',
  tests: 'tests',
  users: 'users',
  from: 'from',
  to: 'to',
} as const

/** The filters of B §7's ti-filter: search (B §3 fields), result, test site, tests (kit providers), users. */
export function resultFilterDefs(
  t: TFunction,
  options: { sites: readonly string[]; providers: readonly string[]; people: readonly FilterOption[] },
): FilterDef[] {
  return [
    {
      kind: 'search',
      key: RESULT_KEYS.search,
      label: t('testProgrammes.filter.search'),
      fieldKey: RESULT_KEYS.searchBy,
      fields: TEST_SEARCH_FIELDS.map((f) => ({ value: f, label: t(`testProgrammes.searchBy.${f}`) })),
    },
    {
      kind: 'select',
      key: RESULT_KEYS.result,
      label: t('testProgrammes.filter.result'),
      defaultValue: '',
      options: [
        { value: '', label: t('testProgrammes.filter.any') },
        ...testResults.entries.map((e) => ({ value: e.value, label: e.label })),
      ],
    },
    {
      kind: 'select',
      key: RESULT_KEYS.site,
      label: t('testProgrammes.filter.site'),
      defaultValue: '',
      options: [
        { value: '', label: t('testProgrammes.filter.any') },
        ...options.sites.map((s) => ({ value: s, label: s })),
      ],
    },
    {
      kind: 'multi',
      key: RESULT_KEYS.tests,
      label: t('testProgrammes.filter.tests'),
      options: options.providers.map((p) => ({ value: p, label: p })),
    },
    {
      kind: 'multi',
      key: RESULT_KEYS.users,
      label: t('testProgrammes.filter.users'),
      options: options.people,
    },
    // The date range is drawn by the screen (RangeFilter); declared here so reset and the active count cover it.
    { kind: 'search', key: RESULT_KEYS.from, label: RESULT_KEYS.from },
    { kind: 'search', key: RESULT_KEYS.to, label: RESULT_KEYS.to },
  ]
}

/**
 * The ti-filter body of a page of a group's results (B §7): paging by 25 (B §9), dates as epoch ms (the "to" day
 * included whole), and only the filters that are set (B §5). `person` pins the list to one person (their page).
 */
export function tiFilterBody(list: ListState, groupUuid: string, person?: string): TiFilterRequest {
  const users = person ? [person] : list.multi(RESULT_KEYS.users).map(String)
  const searchBy = list.text(RESULT_KEYS.searchBy)
  const body = {
    limit: TEST_RESULTS_PAGE_SIZE,
    offset: (list.page - 1) * TEST_RESULTS_PAGE_SIZE,
    group_id: groupUuid,
    created_at_lower: localDayStart(list.text(RESULT_KEYS.from)),
    created_at_upper: localDayEnd(list.text(RESULT_KEYS.to)),
    result: list.text(RESULT_KEYS.result) as TiFilterRequest['result'],
    test_site: list.text(RESULT_KEYS.site),
    tests_list: list.multi(RESULT_KEYS.tests).map(String),
    users_list: users,
    search: list.text(RESULT_KEYS.search),
    search_by: (TEST_SEARCH_FIELDS as readonly string[]).includes(searchBy)
      ? (searchBy as TestSearchField)
      : undefined,
  }
  return { ...(cleanFilters(body) as TiFilterRequest), limit: body.limit, offset: body.offset }
}

/** A file name for the CSV of a group's results. */
export function csvFileName(groupName: string, now: Date): string {
  const slug = groupName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `test-results-${slug || 'group'}-${now.toISOString().slice(0, 10)}.csv`
}

/** The team view's bounds from its date inputs: from a day (exclusive of the instant before it) up to a whole day. */
export function teamBounds(from: string, to: string): { after?: number; upTo?: number } {
  const start = localDayStart(from)
  const end = localDayEnd(to)
  return {
    ...(start === undefined ? {} : { after: start - 1 }),
    ...(end === undefined ? {} : { upTo: end }),
  }
}
