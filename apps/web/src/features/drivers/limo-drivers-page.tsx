import { LIMO_DRIVER_LIST_MAX, LIMO_DRIVER_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { useList } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { driverKeys } from './api/driver-keys'
import { listLimoDrivers } from './api/drivers-api'
import { driverColumns, driverRowId } from './driver-columns'
import {
  DEFAULT_SORT,
  DRIVER_SORT_KEYS,
  driverFilterDefs,
  driverSortOf,
  KEYS,
  limoDriverQuery,
} from './driver-filters'
import { DRIVER_VARIANTS } from './driver-variant'
import { limoDriverRows } from './driver-view'
import { DriversToolbar } from './drivers-toolbar'

const config = DRIVER_VARIANTS.limo
const rowHref = (d: { id: string }) => `${config.listPath}/${encodeURIComponent(d.id)}`

/**
 * Limousine drivers (/limo/drivers; B §3, §5, §7, §9): the call's filters go to `GET /v2/eleccalimo/drivers`, which
 * answers every matching driver; the created-on range (both days included), the four sorts (the Users and Created On
 * headers) and the pages of 10 are done here. A row opens the driver.
 */
export function LimoDriversPage() {
  const { t } = useTranslation()
  const defs = useMemo(() => driverFilterDefs(t, null), [t])
  const columns = useMemo(() => driverColumns(t), [t])
  const { list, table, query } = useList({
    filters: defs,
    pageSize: LIMO_DRIVER_PAGE_SIZE,
    paging: 'client',
    request: limoDriverQuery,
    queryKey: (q, entityCode) => driverKeys.limo(entityCode, q),
    fetch: listLimoDrivers,
    // B §5, §9: the range and the order are the portal's; the hook slices the pages.
    rows: (data, state) =>
      limoDriverRows(data.drivers, {
        from: state.text(KEYS.from),
        to: state.text(KEYS.to),
        sort: driverSortOf(state.sort),
      }),
    defaultSort: DEFAULT_SORT,
    sortKeys: DRIVER_SORT_KEYS,
  })

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
      {query.data?.truncated && (
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
        getRowId={driverRowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('drivers.empty')}
        toolbar={<DriversToolbar defs={defs} list={list} />}
      />
    </>
  )
}
