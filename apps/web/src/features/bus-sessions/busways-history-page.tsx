import type { DashboardSession } from '@portal/contract'
import { BUS_SESSION_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChargingSessionDetail } from '@/components/charging-session/charging-session-detail'
import { SessionPanel, useSessionParam } from '@/components/charging-session/session-panel'
import { SessionRangeControl } from '@/components/charging-session/session-range-control'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { useChargingEntities } from '@/components/options/charging-entities'
import { PageHeader } from '@/components/page/page-header'
import { useSession } from '@/lib/session/session-store'
import { busSessionKeys } from './api/bus-session-keys'
import { listBusSessions, useBusSession } from './api/bus-sessions-api'
import { dashboardColumns, resetColumnIds } from './dashboard-columns'
import { toDetailView } from './dashboard-detail-view'
import { busFilterDefs, busListQuery, isBarFilter } from './session-list-filters'

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
  const columns = useMemo(() => dashboardColumns(t, nameOf), [t, nameOf])
  const exportColumns = useExportColumns('busways-charging-history', columns)
  const { hrefOf } = useSessionParam()
  // The v3 list, its next-page probe and its export all take the same query (B §7).
  const { list, table, exportFilters } = useList({
    filters: defs,
    pageSize: BUS_SESSION_PAGE_SIZE,
    paging: 'probe',
    request: (state, page) => busListQuery(state, page, now, entityCode),
    queryKey: (query, entity) => busSessionKeys.buswaysList(entity, query),
    fetch: listBusSessions,
    rows: (sessions) => sessions,
  })

  return (
    <>
      <PageHeader title={t('busSessions.busways.title')} description={t('busSessions.busways.subtitle')} />
      <DataTable
        tableId="busways-charging-history"
        caption={t('busSessions.busways.title')}
        columns={columns}
        resetColumns={resetColumnIds(columns)}
        getRowId={rowId}
        rowHref={(s) => hrefOf(s._id)}
        {...table}
        emptyTitle={t('busSessions.empty')}
        actions={<ExportButton source="bus-sessions" filters={exportFilters} columns={exportColumns} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter(isBarFilter)} list={list} />
            <SessionRangeControl list={list} now={now} label={t('busSessions.filter.lastUpdated')} />
          </div>
        }
      />
      <BusSessionPanel nameOf={nameOf} />
    </>
  )
}
