import type { EvSession } from '@portal/contract'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useChargingEntities } from '@/components/charging-session/charging-entities'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { ListState } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { ExportButton } from '@/components/export/export-button'
import { fromLocalInput, toLocalInput } from '@/components/orders/date-range'
import { PageHeader } from '@/components/page/page-header'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { useEvSessions } from './api/ev-sessions-api'
import { OFF_AFTER_RESET, sessionColumns } from './session-columns'
import {
  KEYS,
  rangeOf,
  SESSION_KEY,
  SESSIONS_PAGE_SIZE,
  sessionFilterDefs,
  sessionListQuery,
} from './session-filters'
import { SessionPanel } from './session-panel'

const inputClass =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600'

/** The last-update range (ms in the URL); shows the default 7 days before now until the user picks. */
function RangeControl({ list, now }: { list: ListState; now: number }) {
  const { t } = useTranslation()
  const { from, to } = rangeOf(list, now)
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label={t('cpoSessions.filter.range')}
    >
      <span className="text-sm text-slate-600">{t('cpoSessions.filter.range')}</span>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        <span className="sr-only sm:not-sr-only">{t('cpoSessions.filter.from')}</span>
        <input
          type="datetime-local"
          aria-label={t('cpoSessions.filter.from')}
          className={inputClass}
          value={toLocalInput(Math.floor(from / 1000))}
          max={toLocalInput(Math.floor(to / 1000))}
          onChange={(e) => {
            const s = fromLocalInput(e.target.value, false)
            if (s !== undefined) list.setFilter(KEYS.from, String(s * 1000))
          }}
        />
      </label>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        <span className="sr-only sm:not-sr-only">{t('cpoSessions.filter.to')}</span>
        <input
          type="datetime-local"
          aria-label={t('cpoSessions.filter.to')}
          className={inputClass}
          value={toLocalInput(Math.floor(to / 1000))}
          min={toLocalInput(Math.floor(from / 1000))}
          onChange={(e) => {
            const s = fromLocalInput(e.target.value, true)
            if (s !== undefined) list.setFilter(KEYS.to, String(s * 1000 + 999))
          }}
        />
      </label>
    </div>
  )
}

const rowId = (s: EvSession) => s.uid

/**
 * Charging sessions, CPO and EMSP view (/ev-charging-sessions; B §3, §4, §7): the entity's sessions on either side,
 * every filter of the call, 20 a page with the next page learnt from one extra row, the column picker with B §3's
 * defaults and reset rule, an export, and the detail in a side panel (`?session=<uid>`).
 */
export function CpoSessionsPage() {
  const { t } = useTranslation()
  const { entityCode } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const [params, setParams] = useSearchParams()
  // "Now" is fixed while the page is open so the default range (and the query key) stays put between renders.
  const [now] = useState(() => Date.now())
  const { nameOf, cpoEntities, emspEntities } = useChargingEntities()
  const defs = useMemo(() => sessionFilterDefs(t, cpoEntities, emspEntities), [t, cpoEntities, emspEntities])
  const list = useListState(defs)
  const query = sessionListQuery(list, now, entityCode)
  const result = useEvSessions(query)
  const columns = useMemo(() => sessionColumns(t, nameOf, now), [t, nameOf, now])
  const rows = result.data?.slice(0, SESSIONS_PAGE_SIZE)
  const hasNextPage = result.data ? result.data.length > SESSIONS_PAGE_SIZE : undefined
  const { limit: _limit, offset: _offset, ...exportFilters } = query

  const openUid = params.get(SESSION_KEY)
  // Opened from this list (a row click pushed the URL): closing goes Back. Opened from a shared link: the URL
  // loses the parameter without leaving the page.
  const openedHere = useRef(false)
  const previousUid = useRef(openUid)
  useEffect(() => {
    if (openUid !== null && previousUid.current === null) openedHere.current = true
    if (openUid === null) openedHere.current = false
    previousUid.current = openUid
  }, [openUid])
  const closePanel = () => {
    if (openedHere.current) void navigate(-1)
    else
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev)
          next.delete(SESSION_KEY)
          return next
        },
        { replace: true },
      )
  }
  const rowHref = (s: EvSession) => {
    const next = new URLSearchParams(params)
    next.set(SESSION_KEY, s.uid)
    return `${location.pathname}?${next.toString()}`
  }

  const state: TableState = result.isPending
    ? 'loading'
    : result.isError
      ? isForbidden(result.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const barDefs = defs.filter((d) => d.key !== KEYS.from && d.key !== KEYS.to)

  return (
    <>
      <PageHeader title={t('cpoSessions.title')} description={t('cpoSessions.subtitle')} />
      <DataTable
        tableId="ev-charging-sessions"
        caption={t('cpoSessions.title')}
        columns={columns}
        resetColumns={columns
          .map((c) => c.id)
          .filter((id) => !(OFF_AFTER_RESET as readonly string[]).includes(id))}
        rows={rows}
        getRowId={rowId}
        state={state}
        fetching={result.isFetching}
        errorMessage={result.error?.message}
        onRetry={() => void result.refetch()}
        page={list.page}
        pageSize={SESSIONS_PAGE_SIZE}
        hasNextPage={hasNextPage}
        onPageChange={list.setPage}
        rowHref={rowHref}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('cpoSessions.empty')}
        actions={<ExportButton source="ev-sessions" filters={exportFilters} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={barDefs} list={list} />
            <RangeControl list={list} now={now} />
          </div>
        }
      />
      <SessionPanel uid={openUid} onClose={closePanel} nameOf={nameOf} />
    </>
  )
}
