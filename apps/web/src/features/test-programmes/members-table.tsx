import type { TestPerson } from '@portal/contract'
import { cleanFilters, TEST_RESULTS_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef } from '@/components/data-table/list-state'
import { useList } from '@/components/data-table/use-list'
import { fetchTestPeople } from './api/reporting-api'
import { reportingKeys } from './api/reporting-keys'
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
  const columns = useMemo(() => memberColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: TEST_RESULTS_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => ({
      group_id: groupUuid,
      limit: page.limit,
      offset: page.offset,
      ...cleanFilters({ search: state.text('member') }),
    }),
    queryKey: (body, entityCode) => reportingKeys.people(entityCode, body),
    fetch: fetchTestPeople,
    rows: (data) => data.people,
    total: (data) => data.count,
  })
  return (
    <DataTable
      tableId="test-members"
      caption={t('testProgrammes.membersTitle')}
      columns={columns}
      getRowId={rowId}
      rowHref={(p) => personPath(programme, p.uuid)}
      {...table}
      emptyTitle={t('testProgrammes.noPeople')}
      toolbar={<FilterBar defs={defs} list={list} />}
    />
  )
}
