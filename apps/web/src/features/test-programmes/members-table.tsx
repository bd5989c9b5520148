import type { TestPerson } from '@portal/contract'
import { TEST_RESULTS_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { isForbidden } from '@/lib/http'
import { useTestPeople } from './api/reporting-api'
import { personPath } from './programme-paths'
import { memberColumns } from './result-columns'

const rowId = (p: TestPerson) => p.uuid

/** The people of a group with their compliance this period, by name; a row opens the person's record. */
export function MembersTable({ programme, groupUuid }: { programme: string; groupUuid: string }) {
  const { t } = useTranslation()
  const defs = useMemo<FilterDef[]>(
    () => [{ kind: 'search', key: 'member', label: t('testProgrammes.filter.searchPeople') }],
    [t],
  )
  const list = useListState(defs)
  const search = list.text('member')
  const query = useTestPeople({
    group_id: groupUuid,
    limit: TEST_RESULTS_PAGE_SIZE,
    offset: (list.page - 1) * TEST_RESULTS_PAGE_SIZE,
    ...(search ? { search } : {}),
  })
  const columns = useMemo(() => memberColumns(t), [t])
  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  return (
    <DataTable
      tableId="test-members"
      caption={t('testProgrammes.membersTitle')}
      columns={columns}
      rows={query.data?.people}
      getRowId={rowId}
      rowHref={(p) => personPath(programme, p.uuid)}
      state={state}
      fetching={query.isFetching}
      errorMessage={query.error?.message}
      onRetry={() => void query.refetch()}
      page={list.page}
      pageSize={TEST_RESULTS_PAGE_SIZE}
      total={query.data?.count}
      onPageChange={list.setPage}
      filtersActive={list.activeCount > 0}
      onResetFilters={() => list.reset()}
      emptyTitle={t('testProgrammes.noPeople')}
      toolbar={<FilterBar defs={defs} list={list} />}
    />
  )
}
