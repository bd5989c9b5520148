import type { DashboardSession } from '@portal/contract'
import { BUS_SESSION_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChargingSessionDetail } from '@/components/charging-session/charging-session-detail'
import { useChargingEntities } from '@/components/charging-session/charging-entities'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { ExportButton } from '@/components/export/export-button'
import { PageHeader } from '@/components/page/page-header'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { useBusSession, useBusSessions } from './api/bus-sessions-api'
import { dashboardColumns, resetColumnIds } from './dashboard-columns'
import { toDetailView } from './dashboard-detail-view'
import { RangeControl } from './range-control'
import { busFilterDefs, busListQuery, RANGE_KEYS } from './session-list-filters'
import { SessionPanel, useSessionParam } from './session-panel'

const rowId = (s: DashboardSession) => s._id

/** The session of `?session=<id>` in the side panel: the shared detail with the stage timeline, no refund. */
function BusSessionPanel({ nameOf }: { nameOf: (code: string) => string }) {
  const { t } = useTranslation()
  const { openId, close } = useSessionParam()
  const query = useBusSession(openId)
  const session = query.data
  return (
    <SessionPanel
      openId={openId}
      onClose={close}
      query={query}
      title={session ? session.location : null}
      subtitle={session ? `${session.externalId} · ${session.evseId}` : null}
    >
      {session ? <ChargingSessionDetail session={toDetailView(session, nameOf, t)} /> : null}
    </SessionPanel>
  )
}

/**
 * Busways charging history (/busways-charging-history; B §3 Dashboard variant, §4, §7 v3, §9): the bus network's
 * sessions, the call's filters in the URL, the last 7 days by default, 20 a page with the next page learnt from one
 * extra row, the column picker with B §3's defaults and reset rule, an export mapped to readable columns, and the
 * session detail in a side panel (`?session=<id>`).
 */
export function BuswaysHistoryPage() {
  const { t } = useTranslation()
  const { entityCode, entity } = useSession()
  // "Now" is fixed while the page is open so the default range (and the query key) stays put between renders.
  const [now] = useState(() => Date.now())
  const { nameOf, cpoEntities, emspEntities } = useChargingEntities()
  const ownCode = entity?.code
  const ownName = entity?.name
  const defs = useMemo(
    () =>
      busFilterDefs(
        t,
        cpoEntities,
        emspEntities,
        ownCode && ownName ? { code: ownCode, name: ownName } : null,
      ),
    [t, cpoEntities, emspEntities, ownCode, ownName],
  )
  const list = useListState(defs)
  const query = busListQuery(list, now, entityCode)
  const result = useBusSessions(query)
  const columns = useMemo(() => dashboardColumns(t, nameOf), [t, nameOf])
  const { hrefOf } = useSessionParam()
  const rows = result.data?.slice(0, BUS_SESSION_PAGE_SIZE)
  const hasNextPage = result.data ? result.data.length > BUS_SESSION_PAGE_SIZE : undefined
  const { limit: _limit, offset: _offset, ...exportFilters } = query

  const state: TableState = result.isPending
    ? 'loading'
    : result.isError
      ? isForbidden(result.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const barDefs = defs.filter((d) => d.key !== RANGE_KEYS.from && d.key !== RANGE_KEYS.to)

  return (
    <>
      <PageHeader title={t('busSessions.busways.title')} description={t('busSessions.busways.subtitle')} />
      <DataTable
        tableId="busways-charging-history"
        caption={t('busSessions.busways.title')}
        columns={columns}
        resetColumns={resetColumnIds(columns)}
        rows={rows}
        getRowId={rowId}
        state={state}
        fetching={result.isFetching}
        errorMessage={result.error?.message}
        onRetry={() => void result.refetch()}
        page={list.page}
        pageSize={BUS_SESSION_PAGE_SIZE}
        hasNextPage={hasNextPage}
        onPageChange={list.setPage}
        rowHref={(s) => hrefOf(s._id)}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('busSessions.empty')}
        actions={<ExportButton source="bus-sessions" filters={exportFilters} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={barDefs} list={list} />
            <RangeControl list={list} now={now} label={t('busSessions.filter.lastUpdated')} />
          </div>
        }
      />
      <BusSessionPanel nameOf={nameOf} />
    </>
  )
}
