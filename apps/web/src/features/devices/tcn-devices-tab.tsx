import type { TcnDevice } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { useList } from '@/components/data-table/use-list'
import { deviceKeys } from './api/device-keys'
import { filterTcnDevices } from './api/tcn-devices'
import { tcnColumns } from './device-columns'
import {
  DEFAULT_DEVICE_SORT,
  rangeProblem,
  TCN_PAGE_SIZE,
  TCN_SORT_KEYS,
  tcnFilterBody,
  tcnFilterDefs,
} from './device-filters'
import { DeviceListToolbar } from './device-list-toolbar'

const rowId = (d: TcnDevice) => String(d.id)
const rowHref = (d: TcnDevice) => `/devices/tcn/${String(d.id)}`

/** TCN devices (B §7, 50 a page): created-at range, last login, MID and device code search, header sorting. */
export function TcnDevicesTab() {
  const { t } = useTranslation()
  const defs = useMemo(() => tcnFilterDefs(t), [t])
  const columns = useMemo(() => tcnColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: TCN_PAGE_SIZE,
    paging: 'count',
    request: tcnFilterBody,
    queryKey: (body, entityCode) => deviceKeys.tcnList(entityCode, body),
    fetch: filterTcnDevices,
    rows: (data) => data.devices,
    total: (data) => data.count,
    defaultSort: DEFAULT_DEVICE_SORT,
    sortKeys: TCN_SORT_KEYS,
    invalid: (state) => rangeProblem(state, t),
  })
  return (
    <DataTable
      tableId="tcn-devices"
      caption={t('devices.tcnTab')}
      columns={columns}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
      emptyTitle={t('devices.emptyTcn')}
      toolbar={<DeviceListToolbar defs={defs} list={list} />}
    />
  )
}
