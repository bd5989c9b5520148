import type { DashboardDevice } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { useList } from '@/components/data-table/use-list'
import { filterDevices } from './api/dashboard-devices'
import { deviceKeys } from './api/device-keys'
import { dashboardColumns } from './device-columns'
import {
  DEFAULT_DEVICE_SORT,
  DEVICE_SORT_KEYS,
  DEVICES_PAGE_SIZE,
  deviceFilterBody,
  deviceFilterDefs,
  rangeProblem,
} from './device-filters'
import { DeviceListToolbar } from './device-list-toolbar'

const rowId = (d: DashboardDevice) => String(d.id)
const rowHref = (d: DashboardDevice) => `/devices/${String(d.id)}`

/** Dashboard devices (B §7, 25 a page): created-at range, screen type, device codes, header sorting. */
export function DashboardDevicesTab() {
  const { t } = useTranslation()
  const defs = useMemo(() => deviceFilterDefs(t), [t])
  const columns = useMemo(() => dashboardColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: DEVICES_PAGE_SIZE,
    paging: 'count',
    request: deviceFilterBody,
    queryKey: (body, entityCode) => deviceKeys.list(entityCode, body),
    fetch: filterDevices,
    rows: (data) => data.devices,
    total: (data) => data.count,
    defaultSort: DEFAULT_DEVICE_SORT,
    sortKeys: DEVICE_SORT_KEYS,
    invalid: (state) => rangeProblem(state, t),
  })
  return (
    <DataTable
      tableId="dashboard-devices"
      caption={t('devices.dashboardTab')}
      columns={columns}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
      emptyTitle={t('devices.emptyDashboard')}
      toolbar={<DeviceListToolbar defs={defs} list={list} />}
    />
  )
}
