import { LiveEventName } from '@portal/contract'
import type { EvDevice } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BulkActions } from '@/components/bulk/bulk-actions-lazy'
import { useBulkSelection } from '@/components/bulk/use-bulk-selection'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { AddChargerButton } from './add-charger'
import { evDeviceKeys } from './api/ev-device-keys'
import { listEvDevices } from './api/ev-devices-api'
import { deviceColumns } from './device-columns'
import { EnrolmentPanel } from './enrolment-panel'
import {
  DEFAULT_DEVICE_SORT,
  DEVICE_KEYS,
  DEVICE_SORT_KEYS,
  deviceFilterDefs,
  deviceListQuery,
  DEVICES_PAGE_SIZE,
  isBarFilter,
} from './device-filters'

const rowId = (d: EvDevice) => d.uid
const rowHref = (d: EvDevice) => `/ev-devices/${encodeURIComponent(d.uid)}`

/**
 * EV devices (/ev-devices; docs/decisions/0026-ev-home-users-devices.md): the CPO's chargers with their location,
 * OCPP status, heartbeat (online within 15 minutes) and EVSE counts; search, status, protocol and connectivity
 * filters, sortable serial, heartbeat and added headers, 20 a page with a capped total; a row opens the charger.
 * Above the list, where the server lets unknown chargers enrol, those waiting to be commissioned (decision 0107).
 */
export function EvDevicesPage() {
  const { t, i18n } = useTranslation()
  // Heartbeat ages are read against the moment the page opened (the list refreshes on every filter change).
  const [now] = useState(() => Date.now())
  const defs = useMemo(() => deviceFilterDefs(t), [t])
  const columns = useMemo(() => deviceColumns(t, i18n.language, now), [t, i18n.language, now])
  const bulk = useBulkSelection()
  const { list, table, query, total, body } = useList({
    filters: defs,
    pageSize: DEVICES_PAGE_SIZE,
    paging: 'count',
    live: { refresh: [LiveEventName.chargerStatus, LiveEventName.connectorStatus] },
    request: deviceListQuery,
    queryKey: (q, entityCode) => evDeviceKeys.list(entityCode, q),
    fetch: listEvDevices,
    rows: (data) => data.devices,
    total: (data) => data.count,
    defaultSort: DEFAULT_DEVICE_SORT,
    sortKeys: DEVICE_SORT_KEYS,
  })
  const formatted =
    total === undefined ? '' : `${total.toLocaleString(i18n.language)}${query.data?.count_capped ? '+' : ''}`
  const location = list.text(DEVICE_KEYS.location)
  const locationName = query.data?.devices[0]?.location.name

  return (
    <>
      <PageHeader
        title={t('evDevices.title')}
        description={
          total === undefined ? t('evDevices.subtitle') : t('evDevices.count', { count: total, formatted })
        }
        actions={<AddChargerButton />}
      />
      <EnrolmentPanel />
      <DataTable
        tableId="ev-devices"
        caption={t('evDevices.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        {...bulk.tableProps}
        selectionActions={<BulkActions list="chargers" selection={bulk} filter={body} />}
        emptyTitle={t('evDevices.empty')}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter(isBarFilter)} list={list} />
            {location !== '' && (
              <div>
                <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20">
                  {t('evDevices.filter.oneLocation', { name: locationName ?? location })}
                  <button
                    type="button"
                    aria-label={t('evDevices.filter.clearLocation')}
                    onClick={() => list.setFilter(DEVICE_KEYS.location, '')}
                    className="inline-flex size-5 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    ×
                  </button>
                </span>
              </div>
            )}
          </div>
        }
      />
    </>
  )
}
