import type { TiFilterRequest } from '@portal/contract'
import { cleanFilters, isInCatalogue, TEST_SEARCH_FIELDS, teamQuery, testResults } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, FilterOption, ListSort, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { oneOf } from '@/components/list-filters/typed-values'
import { catalogueOptions } from '@/lib/labels'

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
      options: [{ value: '', label: t('testProgrammes.filter.any') }, ...catalogueOptions(testResults)],
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
export function tiFilterBody(
  list: ListState,
  page: PageWindow,
  groupUuid: string,
  person?: string,
): TiFilterRequest {
  const result = list.text(RESULT_KEYS.result)
  return {
    limit: page.limit,
    offset: page.offset,
    group_id: groupUuid,
    ...cleanFilters({
      created_at_lower: localDayStart(list.text(RESULT_KEYS.from)),
      created_at_upper: localDayEnd(list.text(RESULT_KEYS.to)),
      result: isInCatalogue(testResults, result) ? result : undefined,
      test_site: list.text(RESULT_KEYS.site),
      tests_list: list.multi(RESULT_KEYS.tests).map(String),
      users_list: person ? [person] : list.multi(RESULT_KEYS.users).map(String),
      search: list.text(RESULT_KEYS.search),
      search_by: oneOf(list.text(RESULT_KEYS.searchBy), TEST_SEARCH_FIELDS),
    }),
  }
}

/** The team view's order (B §7 `$sort[timeResultRecorded]`): the column's sort key, newest first by default. */
export const TEAM_SORT_KEY = 'timeResultRecorded'
export const DEFAULT_TEAM_SORT: ListSort = { key: TEAM_SORT_KEY, dir: 'desc' }

/** The team view's Feathers query for a page of the list state. */
export function teamListQuery(
  list: ListState,
  page: PageWindow,
  groupUuid: string,
): Record<string, string | number> {
  return teamQuery({
    group: groupUuid,
    ...teamBounds(list.text(TEAM_KEYS.from), list.text(TEAM_KEYS.to)),
    page: Math.floor(page.offset / page.limit) + 1,
    pageSize: page.limit,
    sort: list.sort?.key === TEAM_SORT_KEY ? (list.sort.dir === 'asc' ? 1 : -1) : undefined,
  })
}

/** URL keys of the team view's range (apart from the results' `from`/`to`, as both views share the address). */
export const TEAM_KEYS = { from: 'recorded_from', to: 'recorded_to' } as const

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
