import type { TeamRow } from '@portal/contract'
import { TEST_RESULTS_PAGE_SIZE, teamQuery } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import type { FilterDef } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { isForbidden } from '@/lib/http'
import { useTeamResults } from './api/reporting-api'
import { teamColumns } from './result-columns'
import { teamBounds } from './result-filters'

const rowId = (r: TeamRow) => r.uuid
const TEAM_DEFS: readonly FilterDef[] = [
  { kind: 'search', key: 'recorded_from', label: 'recorded_from' },
  { kind: 'search', key: 'recorded_to', label: 'recorded_to' },
]

/**
 * The team view of a group (B §3 team variant, B §7 testInstances): every reporter's results (as=superuser) by the
 * time the result was recorded, 25 a page; page N skips (N − 1) × 25 rows.
 */
export function TeamTable({ programme, groupUuid }: { programme: string; groupUuid: string }) {
  const { t } = useTranslation()
  const list = useListState(TEAM_DEFS)
  const bounds = teamBounds(list.text('recorded_from'), list.text('recorded_to'))
  const query = useTeamResults(teamQuery({ group: groupUuid, ...bounds, page: list.page }))
  const columns = useMemo(() => teamColumns(t, programme), [t, programme])
  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  return (
    <DataTable
      tableId="test-team"
      caption={t('testProgrammes.teamTitle')}
      columns={columns}
      rows={query.data?.data}
      getRowId={rowId}
      state={state}
      fetching={query.isFetching}
      errorMessage={query.error?.message}
      onRetry={() => void query.refetch()}
      page={list.page}
      pageSize={TEST_RESULTS_PAGE_SIZE}
      total={query.data?.total}
      onPageChange={list.setPage}
      filtersActive={list.activeCount > 0}
      onResetFilters={() => list.reset()}
      emptyTitle={t('testProgrammes.noResults')}
      toolbar={
        <RangeFilter
          list={list}
          label={t('testProgrammes.filter.recorded')}
          fromKey="recorded_from"
          toKey="recorded_to"
          fromLabel={t('testProgrammes.filter.from')}
          toLabel={t('testProgrammes.filter.to')}
          type="date"
        />
      }
    />
  )
}
