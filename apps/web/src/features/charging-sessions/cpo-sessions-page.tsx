import { LiveEventName } from '@portal/contract'
import type { EvSession } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSessionParam } from '@/components/charging-session/session-panel'
import { SessionRangeControl } from '@/components/charging-session/session-range-control'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { useChargingEntities } from '@/components/options/charging-entities'
import { PageHeader } from '@/components/page/page-header'
import { useSession } from '@/lib/session/session-store'
import { evSessionKeys } from './api/ev-session-keys'
import { listEvSessions } from './api/ev-sessions-api'
import { OFF_AFTER_RESET, sessionColumns } from './session-columns'
import { isBarFilter, SESSIONS_PAGE_SIZE, sessionFilterDefs, sessionListQuery } from './session-filters'
import { EvSessionPanel } from './session-panel'

const rowId = (s: EvSession) => s.uid

/**
 * Charging sessions, CPO and EMSP view (/ev-charging-sessions; B §3, §4, §7): the entity's sessions on either side,
 * every filter of the call, 20 a page with the next page learnt from one extra row, the column picker with B §3's
 * defaults and reset rule, an export, and the detail in a side panel (`?session=<uid>`).
 */
export function CpoSessionsPage() {
  const { t } = useTranslation()
  const { entityCode } = useSession()
  // "Now" is fixed while the page is open so the default range (and the query key) stays put between renders.
  const [now] = useState(() => Date.now())
  const { nameOf, cpoEntities, emspEntities } = useChargingEntities()
  const defs = useMemo(() => sessionFilterDefs(t, cpoEntities, emspEntities), [t, cpoEntities, emspEntities])
  const columns = useMemo(() => sessionColumns(t, nameOf, now), [t, nameOf, now])
  const exportColumns = useExportColumns('ev-charging-sessions', columns)
  const resetColumns = useMemo(
    () => columns.map((c) => c.id).filter((id) => !(OFF_AFTER_RESET as readonly string[]).includes(id)),
    [columns],
  )
  const { hrefOf } = useSessionParam()
  const { list, table, exportFilters } = useList({
    filters: defs,
    pageSize: SESSIONS_PAGE_SIZE,
    paging: 'probe',
    live: {
      added: [LiveEventName.sessionStarted],
      refresh: [LiveEventName.sessionUpdated, LiveEventName.sessionStopped],
    },
    request: (state, page) => sessionListQuery(state, page, now, entityCode),
    queryKey: (query, entity) => evSessionKeys.list(entity, query),
    fetch: listEvSessions,
    rows: (sessions) => sessions,
  })

  return (
    <>
      <PageHeader title={t('cpoSessions.title')} description={t('cpoSessions.subtitle')} />
      <DataTable
        tableId="ev-charging-sessions"
        caption={t('cpoSessions.title')}
        columns={columns}
        resetColumns={resetColumns}
        getRowId={rowId}
        rowHref={(s) => hrefOf(s.uid)}
        {...table}
        emptyTitle={t('cpoSessions.empty')}
        actions={<ExportButton source="ev-sessions" filters={exportFilters} columns={exportColumns} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter(isBarFilter)} list={list} />
            <SessionRangeControl list={list} now={now} label={t('cpoSessions.filter.range')} />
          </div>
        }
      />
      <EvSessionPanel nameOf={nameOf} />
    </>
  )
}
