import type { PersonListItem } from '@portal/contract'
import { CLOSED_LOOP_EXPORTS } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { ExportButton } from '@/components/export/export-button'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { isForbidden } from '@/lib/http'
import { usePersons } from './api/filter-persons'
import { personFilterBody, personFilterDefs, PERSONS_PAGE_SIZE } from './closed-loop-filters'
import { personColumns } from './person-columns'

const rowId = (p: PersonListItem) => p.person_uuid
const rowHref = (p: PersonListItem) => `/closed-loop/${p.person_uuid}`

/** The Persons tab: 20 a page (B §9), search over the people fields of B §3, status filter, column picker. */
export function PersonsTab() {
  const { t } = useTranslation()
  const defs = useMemo(() => personFilterDefs(t), [t])
  const columns = useMemo(() => personColumns(t), [t])
  const list = useListState(defs)
  const body = personFilterBody(list)
  const query = usePersons(body)
  const { limit: _limit, offset: _offset, ...exportFilters } = body

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'

  return (
    <DataTable
      tableId="closed-loop-persons"
      caption={t('closedLoop.tabs.persons')}
      columns={columns}
      rows={query.data?.persons}
      getRowId={rowId}
      rowHref={rowHref}
      state={state}
      fetching={query.isFetching}
      errorMessage={query.error?.message}
      onRetry={() => void query.refetch()}
      page={list.page}
      pageSize={PERSONS_PAGE_SIZE}
      total={query.data?.count}
      onPageChange={list.setPage}
      filtersActive={list.activeCount > 0}
      onResetFilters={() => list.reset()}
      emptyTitle={t('closedLoop.emptyPersons')}
      actions={
        // The person variant of the redemption export (Person UUID / Person Name first), behind the same flag.
        query.data?.can_export === true && (
          <ExportButton
            source={CLOSED_LOOP_EXPORTS.persons}
            filters={exportFilters}
            label={t('closedLoop.export')}
          />
        )
      }
      toolbar={<FilterBar defs={defs} list={list} />}
    />
  )
}
