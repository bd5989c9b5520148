import { DRIVER_DASHBOARD_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useChargingEntities } from '@/components/charging-session/charging-entities'
import { DataTable } from '@/components/data-table/data-table'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { isForbidden } from '@/lib/http'
import { useDashboardDrivers } from './api/drivers-api'
import { driverColumns, driverRowId } from './driver-columns'
import { dashboardDriverQuery, driverFilterDefs, KEYS } from './driver-filters'
import { DRIVER_VARIANTS } from './driver-variant'
import { DriversToolbar } from './drivers-toolbar'

const config = DRIVER_VARIANTS.dashboard

/**
 * Drivers of the voltnet EMSP (/drivers; B §3, §7, §9): every filter of `GET /v2/dashboard/drivers` and the four
 * sorts done by the server, 20 a page with the next page learnt from one extra row; a row opens the driver.
 */
export function DriversPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { cpoEntities } = useChargingEntities()
  // Codes already in the address stay selectable while the entity names load, so the query does not change twice.
  const picked = params.getAll(KEYS.subscribed).join(',')
  const cpoOptions = useMemo(() => {
    const known = cpoEntities.map((e) => ({ value: e.code, label: e.name }))
    const pending = picked
      .split(',')
      .filter((code) => code !== '' && !known.some((k) => k.value === code))
      .map((code) => ({ value: code, label: code }))
    return [...known, ...pending]
  }, [cpoEntities, picked])
  const defs = useMemo(() => driverFilterDefs(t, cpoOptions), [t, cpoOptions])
  const list = useListState(defs)
  const result = useDashboardDrivers(dashboardDriverQuery(list))
  const columns = useMemo(() => driverColumns(t), [t])
  const rows = result.data?.slice(0, DRIVER_DASHBOARD_PAGE_SIZE)
  const hasNextPage = result.data ? result.data.length > DRIVER_DASHBOARD_PAGE_SIZE : undefined
  const state: TableState = result.isPending
    ? 'loading'
    : result.isError
      ? isForbidden(result.error)
        ? 'forbidden'
        : 'error'
      : 'ready'

  return (
    <>
      <PageHeader
        title={t('drivers.title')}
        description={t('drivers.subtitle')}
        actions={
          <Link to={`${config.listPath}/add-drivers`} className={buttonClasses()}>
            {t('drivers.addDrivers')}
          </Link>
        }
      />
      <DataTable
        tableId="drivers"
        caption={t('drivers.title')}
        columns={columns}
        rows={rows}
        getRowId={driverRowId}
        state={state}
        fetching={result.isFetching}
        errorMessage={result.error?.message}
        onRetry={() => void result.refetch()}
        page={list.page}
        pageSize={DRIVER_DASHBOARD_PAGE_SIZE}
        hasNextPage={hasNextPage}
        onPageChange={list.setPage}
        rowHref={(d) => `${config.listPath}/${encodeURIComponent(d.id)}`}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('drivers.empty')}
        toolbar={<DriversToolbar defs={defs} list={list} />}
      />
    </>
  )
}
