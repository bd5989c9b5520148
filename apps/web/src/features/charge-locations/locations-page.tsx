import { LiveEventName } from '@portal/contract'
import type { ChargeLocation } from '@portal/contract'
import { lazy, Suspense, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList, withoutPaging } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { Loader } from '@/components/ui/loader/loader'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { chargeLocationKeys } from './api/charge-location-keys'
import type { ChargeLocationFilters } from './api/charge-locations-api'
import { countChargeLocations, listChargeLocations, useChargeLocationPins } from './api/charge-locations-api'
import { locationColumns } from './location-columns'
import {
  isBarFilter,
  KEYS,
  locationFilterDefs,
  locationFilters,
  locationListQuery,
  LOCATIONS_PAGE_SIZE,
  powerRangeOf,
} from './location-filters'
import { baseOf, locationHref } from './location-format'
import { serverMessage } from '@/lib/server-messages'

// Leaflet and its CSS load only when the map is shown.
const LocationsMap = lazy(() => import('./location-map').then((m) => ({ default: m.LocationsMap })))

const rowId = (l: ChargeLocation) => l.uid

function MapIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true">
      <path d="M7 3.5 2.5 5.2v11.3L7 14.8l6 1.7 4.5-1.7V3.5L13 5.2 7 3.5zM7 3.5v11.3M13 5.2v11.3" />
    </svg>
  )
}

/** The map panel: the filtered locations' pins, read in one capped call while it is open. */
function MapPanel({ filters, base }: { filters: ChargeLocationFilters; base: ReturnType<typeof baseOf> }) {
  const { t } = useTranslation()
  const pins = useChargeLocationPins(filters)
  const frame = 'h-72 sm:h-96'
  let content
  if (pins.isPending)
    content = (
      <div className={`flex ${frame} items-center justify-center`}>
        <Loader busy message={t('chargeLocations.map.loading')} />
      </div>
    )
  else if (pins.isError)
    content = (
      <div className={`flex ${frame} flex-col items-center justify-center gap-3 text-sm text-slate-600`}>
        <p>{isForbidden(pins.error) ? t('table.noAccessDescription') : serverMessage(pins.error)}</p>
        <Button variant="classic" size="sm" onClick={() => void pins.refetch()}>
          {t('table.retry')}
        </Button>
      </div>
    )
  else
    content = (
      <Suspense
        fallback={
          <div className={`flex ${frame} items-center justify-center`}>
            <Loader busy message={t('chargeLocations.map.loading')} />
          </div>
        }
      >
        <LocationsMap pins={pins.data.pins} truncated={pins.data.truncated} base={base} className={frame} />
      </Suspense>
    )
  return <div className="mb-4 rounded-lg border border-slate-200 bg-white p-2 shadow-xs">{content}</div>
}

/**
 * EV charge locations (/charge-locations, /voltnet/charge-locations, /busways-charge-locations; B §3, §7, §9): the
 * entity's network with every filter of the call in the URL, 20 a page with the total from `/count`, Reset to SG and
 * ALL, a map of the filtered locations, and the connector export. A row opens the location.
 */
export function LocationsPage() {
  const { t, i18n } = useTranslation()
  const { entityCode } = useSession()
  const { pathname } = useLocation()
  const base = baseOf(pathname)
  const defs = useMemo(() => locationFilterDefs(t), [t])
  const columns = useMemo(() => locationColumns(t, i18n.language), [t, i18n.language])
  // B §7: the list answers a page of locations; its total comes from `/count`, asked with the same filters.
  const { list, table, total } = useList({
    filters: defs,
    pageSize: LOCATIONS_PAGE_SIZE,
    paging: 'full-page',
    live: { refresh: [LiveEventName.chargerStatus, LiveEventName.connectorStatus] },
    request: (state, page) => locationListQuery(state, page, entityCode),
    queryKey: (query, entity) => chargeLocationKeys.list(entity, query),
    fetch: (query, signal) => listChargeLocations(entityCode, query, signal),
    rows: (locations) => locations,
    count: {
      request: (body) => withoutPaging(body),
      queryKey: (body, entity) => chargeLocationKeys.count(entity, body),
      fetch: (body, signal) => countChargeLocations(entityCode, body, signal).then((count) => ({ count })),
    },
  })
  // The map and the export take the same filters as the count.
  const filters = locationFilters(list, entityCode)
  const range = powerRangeOf(list)
  // The map toggle is a view choice, not a filter: kept in the URL (shareable) but out of the list state and reset.
  const [params, setParams] = useSearchParams()
  const showMap = params.get(KEYS.map) === '1'
  const toggleMap = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (showMap) next.delete(KEYS.map)
        else next.set(KEYS.map, '1')
        return next
      },
      { replace: true },
    )

  return (
    <>
      <PageHeader
        title={t('chargeLocations.title')}
        description={
          total === undefined
            ? t('chargeLocations.subtitle')
            : t('chargeLocations.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
        actions={
          <Button
            variant={showMap ? 'primaryBasic' : 'classic'}
            size="sm"
            aria-pressed={showMap}
            onClick={toggleMap}
          >
            <MapIcon />
            {showMap ? t('chargeLocations.map.hide') : t('chargeLocations.map.show')}
          </Button>
        }
      />
      {showMap && <MapPanel filters={filters} base={base} />}
      <DataTable
        tableId="charge-locations"
        caption={t('chargeLocations.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={(l) => locationHref(base, l.uid)}
        {...table}
        emptyTitle={t('chargeLocations.empty')}
        actions={
          <ExportButton
            source="charge-location-connectors"
            filters={filters}
            label={t('chargeLocations.exportConnectors')}
          />
        }
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter(isBarFilter)} list={list} />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <RangeFilter
                list={list}
                label={t('chargeLocations.filter.maxPower')}
                fromKey={KEYS.powerFrom}
                toKey={KEYS.powerTo}
                fromLabel={t('chargeLocations.filter.from')}
                toLabel={t('chargeLocations.filter.to')}
                type="number"
              />
              {range.problem && (
                <p role="alert" className="text-xs font-medium text-rose-700">
                  {t(`chargeLocations.filter.powerProblem.${range.problem}`)}
                </p>
              )}
            </div>
          </div>
        }
      />
    </>
  )
}
