import type { EvDevice } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { isForbidden } from '@/lib/http'
import { useEvDevices } from './api/ev-devices-api'
import { deviceColumns } from './device-columns'
import { DEVICE_KEYS, deviceFilterDefs, deviceListQuery, DEVICES_PAGE_SIZE } from './device-filters'

const rowId = (d: EvDevice) => d.uid
const rowHref = (d: EvDevice) => `/ev-devices/${encodeURIComponent(d.uid)}`

/**
 * EV devices (/ev-devices; docs/decisions/0026-ev-home-users-devices.md): the CPO's chargers with their location,
 * OCPP status, heartbeat (online within 15 minutes) and EVSE counts; search, status, protocol and connectivity
 * filters, three orders, 20 a page with a capped total; a row opens the charger.
 */
export function EvDevicesPage() {
  const { t, i18n } = useTranslation()
  // Heartbeat ages are read against the moment the page opened (the list refreshes on every filter change).
  const [now] = useState(() => Date.now())
  const defs = useMemo(() => deviceFilterDefs(t), [t])
  const columns = useMemo(() => deviceColumns(t, i18n.language, now), [t, i18n.language, now])
  const list = useListState(defs)
  const query = useEvDevices(deviceListQuery(list))
  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const total = query.data?.count
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
      />
      <DataTable
        tableId="ev-devices"
        caption={t('evDevices.title')}
        columns={columns}
        rows={query.data?.devices}
        getRowId={rowId}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={DEVICES_PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        rowHref={rowHref}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('evDevices.empty')}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter((d) => d.key !== DEVICE_KEYS.location)} list={list} />
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
