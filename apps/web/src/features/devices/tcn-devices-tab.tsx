import type { TcnDevice } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import { useTcnDevices } from './api/tcn-devices'
import { DateRangeInputs } from './date-range-inputs'
import { tcnColumns } from './device-columns'
import { FROM, TCN_PAGE_SIZE, tcnFilterBody, tcnFilterDefs, TO } from './device-filters'
import { tableState } from './table-state'

const rowId = (d: TcnDevice) => String(d.id)
const rowHref = (d: TcnDevice) => `/devices/tcn/${String(d.id)}`

/** TCN devices (B §7, 50 a page): created-at range, last login, MID search and sort. */
export function TcnDevicesTab() {
  const { t } = useTranslation()
  const defs = useMemo(() => tcnFilterDefs(t), [t])
  const barDefs = useMemo(() => defs.filter((d) => d.key !== FROM && d.key !== TO), [defs])
  const columns = useMemo(() => tcnColumns(t), [t])
  const list = useListState(defs)
  const query = useTcnDevices(tcnFilterBody(list))
  return (
    <DataTable
      tableId="tcn-devices"
      caption={t('devices.tcnTab')}
      columns={columns}
      rows={query.data?.devices}
      getRowId={rowId}
      rowHref={rowHref}
      state={tableState(query)}
      fetching={query.isFetching}
      errorMessage={query.error?.message}
      onRetry={() => void query.refetch()}
      page={list.page}
      pageSize={TCN_PAGE_SIZE}
      total={query.data?.count}
      onPageChange={list.setPage}
      filtersActive={list.activeCount > 0}
      onResetFilters={() => list.reset()}
      emptyTitle={t('devices.emptyTcn')}
      toolbar={
        <div className="flex flex-wrap items-center gap-2">
          <FilterBar defs={barDefs} list={list} />
          <DateRangeInputs list={list} />
        </div>
      }
    />
  )
}
