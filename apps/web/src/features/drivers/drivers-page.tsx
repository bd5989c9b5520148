import { DRIVER_DASHBOARD_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { useList } from '@/components/data-table/use-list'
import { useChargingEntities } from '@/components/options/charging-entities'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { driverKeys } from './api/driver-keys'
import { listDashboardDrivers } from './api/drivers-api'
import { driverColumns, driverRowId } from './driver-columns'
import {
  DEFAULT_SORT,
  dashboardDriverQuery,
  DRIVER_SORT_KEYS,
  driverFilterDefs,
  KEYS,
} from './driver-filters'
import { DRIVER_VARIANTS } from './driver-variant'
import { DriversToolbar } from './drivers-toolbar'

const config = DRIVER_VARIANTS.dashboard
const rowHref = (d: { id: string }) => `${config.listPath}/${encodeURIComponent(d.id)}`

/**
 * Drivers of the voltnet EMSP (/drivers; B §3, §7, §9): every filter of `GET /v2/dashboard/drivers`, the four sorts
 * done by the server from the Users and Created On headers, 20 a page with the next page learnt from one extra row;
 * a row opens the driver.
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
  const columns = useMemo(() => driverColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: DRIVER_DASHBOARD_PAGE_SIZE,
    paging: 'probe',
    request: dashboardDriverQuery,
    queryKey: (query, entityCode) => driverKeys.dashboard(entityCode, query),
    fetch: listDashboardDrivers,
    rows: (drivers) => drivers,
    defaultSort: DEFAULT_SORT,
    sortKeys: DRIVER_SORT_KEYS,
  })

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
        getRowId={driverRowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('drivers.empty')}
        toolbar={<DriversToolbar defs={defs} list={list} />}
      />
    </>
  )
}
