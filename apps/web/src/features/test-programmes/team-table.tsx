import type { TeamRow } from '@portal/contract'
import { TEST_RESULTS_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import type { FilterDef } from '@/components/data-table/list-state'
import { useList } from '@/components/data-table/use-list'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { fetchTeamResults } from './api/reporting-api'
import { reportingKeys } from './api/reporting-keys'
import { teamColumns } from './result-columns'
import { DEFAULT_TEAM_SORT, TEAM_KEYS, TEAM_SORT_KEY, teamListQuery } from './result-filters'

const rowId = (r: TeamRow) => r.uuid
const TEAM_DEFS: readonly FilterDef[] = [
  { kind: 'search', key: TEAM_KEYS.from, label: TEAM_KEYS.from },
  { kind: 'search', key: TEAM_KEYS.to, label: TEAM_KEYS.to },
]
const TEAM_SORT_KEYS = [TEAM_SORT_KEY]

/**
 * The team view of a group (B §3 team variant, B §7 testInstances): every reporter's results (as=superuser) by the
 * time the result was recorded, 25 a page; page N skips (N − 1) × 25 rows. The Recorded header orders the list
 * (`$sort[timeResultRecorded]`), newest first until the user picks.
 */
export function TeamTable({ programme, groupUuid }: { programme: string; groupUuid: string }) {
  const { t } = useTranslation()
  const columns = useMemo(() => teamColumns(t, programme), [t, programme])
  const { list, table } = useList({
    filters: TEAM_DEFS,
    pageSize: TEST_RESULTS_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => teamListQuery(state, page, groupUuid),
    queryKey: (query, entityCode) => reportingKeys.team(entityCode, query),
    fetch: fetchTeamResults,
    rows: (data) => data.data,
    total: (data) => data.total,
    defaultSort: DEFAULT_TEAM_SORT,
    sortKeys: TEAM_SORT_KEYS,
  })
  return (
    <DataTable
      tableId="test-team"
      caption={t('testProgrammes.teamTitle')}
      columns={columns}
      getRowId={rowId}
      {...table}
      emptyTitle={t('testProgrammes.noResults')}
      toolbar={
        <RangeFilter
          list={list}
          label={t('testProgrammes.filter.recorded')}
          fromKey={TEAM_KEYS.from}
          toKey={TEAM_KEYS.to}
          fromLabel={t('testProgrammes.filter.from')}
          toLabel={t('testProgrammes.filter.to')}
          type="date"
        />
      }
    />
  )
}
