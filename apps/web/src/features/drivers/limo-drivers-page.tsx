import { LIMO_DRIVER_LIST_MAX, LIMO_DRIVER_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { isForbidden } from '@/lib/http'
import { useLimoDrivers } from './api/drivers-api'
import { driverColumns, driverRowId } from './driver-columns'
import { driverFilterDefs, KEYS, limoDriverQuery, sortOf } from './driver-filters'
import { DRIVER_VARIANTS } from './driver-variant'
import { limoDriverView } from './driver-view'
import { DriversToolbar } from './drivers-toolbar'

const config = DRIVER_VARIANTS.limo

/**
 * Limousine drivers (/limo/drivers; B §3, §5, §7, §9): the call's filters go to `GET /v2/eleccalimo/drivers`, which
 * answers every matching driver; the created-on range (both days included), the four sorts and the pages of 10 are
 * done here. A row opens the driver.
 */
export function LimoDriversPage() {
  const { t } = useTranslation()
  const defs = useMemo(() => driverFilterDefs(t, null), [t])
  const list = useListState(defs)
  const result = useLimoDrivers(limoDriverQuery(list))
  const columns = useMemo(() => driverColumns(t), [t])
  const from = list.text(KEYS.from)
  const to = list.text(KEYS.to)
  const sort = sortOf(list)
  const drivers = result.data?.drivers
  const view = useMemo(
    () => (drivers ? limoDriverView(drivers, { from, to, sort, page: list.page }) : undefined),
    [drivers, from, to, sort, list.page],
  )
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
        title={t('drivers.limoTitle')}
        description={t('drivers.limoSubtitle')}
        actions={
          <Link to={`${config.listPath}/add-drivers`} className={buttonClasses()}>
            {t('drivers.addDrivers')}
          </Link>
        }
      />
      {result.data?.truncated && (
        <p
          role="status"
          className="mb-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {t('drivers.truncated', { max: LIMO_DRIVER_LIST_MAX.toLocaleString() })}
        </p>
      )}
      <DataTable
        tableId="limo-drivers"
        caption={t('drivers.limoTitle')}
        columns={columns}
        rows={view?.rows}
        getRowId={driverRowId}
        state={state}
        fetching={result.isFetching}
        errorMessage={result.error?.message}
        onRetry={() => void result.refetch()}
        page={view?.page ?? list.page}
        pageSize={LIMO_DRIVER_PAGE_SIZE}
        total={view?.total}
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
