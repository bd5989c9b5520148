import type { DashboardDevice } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import { useDashboardDevices } from './api/dashboard-devices'
import { DateRangeInputs } from './date-range-inputs'
import { dashboardColumns } from './device-columns'
import { DEVICES_PAGE_SIZE, deviceFilterBody, deviceFilterDefs, FROM, TO } from './device-filters'
import { tableState } from './table-state'

const rowId = (d: DashboardDevice) => String(d.id)
const rowHref = (d: DashboardDevice) => `/devices/${String(d.id)}`

/** Dashboard devices (B §7, 25 a page): created-at range, screen type, device codes and sort. */
export function DashboardDevicesTab() {
  const { t } = useTranslation()
  const defs = useMemo(() => deviceFilterDefs(t), [t])
  const barDefs = useMemo(() => defs.filter((d) => d.key !== FROM && d.key !== TO), [defs])
  const columns = useMemo(() => dashboardColumns(t), [t])
  const list = useListState(defs)
  const query = useDashboardDevices(deviceFilterBody(list))
  return (
    <DataTable
      tableId="dashboard-devices"
      caption={t('devices.dashboardTab')}
      columns={columns}
      rows={query.data?.devices}
      getRowId={rowId}
      rowHref={rowHref}
      state={tableState(query)}
      fetching={query.isFetching}
      errorMessage={query.error?.message}
      onRetry={() => void query.refetch()}
      page={list.page}
      pageSize={DEVICES_PAGE_SIZE}
      total={query.data?.count}
      onPageChange={list.setPage}
      filtersActive={list.activeCount > 0}
      onResetFilters={() => list.reset()}
      emptyTitle={t('devices.emptyDashboard')}
      toolbar={
        <div className="flex flex-wrap items-center gap-2">
          <FilterBar defs={barDefs} list={list} />
          <DateRangeInputs list={list} />
        </div>
      }
    />
  )
}
