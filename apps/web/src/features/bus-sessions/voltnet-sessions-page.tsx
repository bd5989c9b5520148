import type { DashboardSession, MyEntityType, VoltnetSessionDetail } from '@portal/contract'
import { VOLTNET_SESSION_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChargingEntities } from '@/components/charging-session/charging-entities'
import { ChargingSessionDetail } from '@/components/charging-session/charging-session-detail'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { ExportButton } from '@/components/export/export-button'
import { PageHeader } from '@/components/page/page-header'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import {
  useRefundVoltnetSession,
  useVoltnetSession,
  useVoltnetSessionCount,
  useVoltnetSessions,
} from './api/voltnet-sessions-api'
import { dashboardColumns, resetColumnIds } from './dashboard-columns'
import { toDetailView } from './dashboard-detail-view'
import { RangeControl } from './range-control'
import { RANGE_KEYS, voltnetCountBody, voltnetFilterDefs, voltnetListBody } from './session-list-filters'
import { SessionPanel, useSessionParam } from './session-panel'

const rowId = (s: DashboardSession) => s._id
/** The EMSP detail route of A §2: /voltnet/emsp/charging-sessions/{id?}. */
export const EMSP_SESSIONS_PATH = '/voltnet/emsp/charging-sessions'

/** The shared detail of a voltnet session, with the refund panel where the caller is its CPO. */
export function VoltnetSessionDetailView({
  session,
  nameOf,
}: {
  session: VoltnetSessionDetail
  nameOf: (code: string) => string
}) {
  const { t } = useTranslation()
  const refund = useRefundVoltnetSession(session._id)
  return (
    <ChargingSessionDetail
      session={toDetailView(session, nameOf, t)}
      refund={
        session.canRefund
          ? {
              refundable: session.refundable,
              onRefund: async (amount, reason) => {
                await refund.mutateAsync({ amount, reason })
              },
            }
          : null
      }
    />
  )
}

/** The CPO list's side panel (`?session=<id>`): the session on voltnet's chargers, refundable there. */
function CpoSessionPanel({ nameOf }: { nameOf: (code: string) => string }) {
  const { openId, close } = useSessionParam()
  const query = useVoltnetSession(openId, 'CPO')
  const session = query.data
  return (
    <SessionPanel
      openId={openId}
      onClose={close}
      query={query}
      title={session ? session.location : null}
      subtitle={session ? `${session.externalId} · ${session.evseId}` : null}
    >
      {session ? <VoltnetSessionDetailView session={session} nameOf={nameOf} /> : null}
    </SessionPanel>
  )
}

/**
 * One side of voltnet's sessions (B §7 v1): CPO (on its chargers) or EMSP (by its customers). The call's filters in
 * the URL, the last 7 days by default, 20 a page, the count of matches, the column picker of B §3, an export. CPO
 * rows open the detail in a side panel (with the refund panel); EMSP rows open /voltnet/emsp/charging-sessions/{id}.
 */
function VoltnetSessionsScreen({ side }: { side: MyEntityType }) {
  const { t, i18n } = useTranslation()
  const { entity } = useSession()
  const [now] = useState(() => Date.now())
  const { nameOf, cpoEntities, emspEntities } = useChargingEntities()
  const ownCode = entity?.code
  const ownName = entity?.name
  const partners = side === 'CPO' ? emspEntities : cpoEntities
  const defs = useMemo(
    () => voltnetFilterDefs(t, side, partners, ownCode && ownName ? { code: ownCode, name: ownName } : null),
    [t, side, partners, ownCode, ownName],
  )
  const list = useListState(defs)
  const body = voltnetListBody(list, side, now)
  const countBody = voltnetCountBody(list, side, now)
  const result = useVoltnetSessions(body)
  const forbidden = result.isError && isForbidden(result.error)
  const count = useVoltnetSessionCount(countBody, !forbidden)
  const columns = useMemo(() => dashboardColumns(t, nameOf), [t, nameOf])
  const { hrefOf } = useSessionParam()
  const rows = result.data?.slice(0, VOLTNET_SESSION_PAGE_SIZE)
  const hasNextPage = result.data ? result.data.length > VOLTNET_SESSION_PAGE_SIZE : undefined
  const total = count.data?.count
  const formatted =
    total === undefined ? '' : `${total.toLocaleString(i18n.language)}${count.data?.count_capped ? '+' : ''}`

  const state: TableState = result.isPending
    ? 'loading'
    : result.isError
      ? forbidden
        ? 'forbidden'
        : 'error'
      : 'ready'
  const barDefs = defs.filter((d) => d.key !== RANGE_KEYS.from && d.key !== RANGE_KEYS.to)
  const key = side === 'CPO' ? 'cpo' : 'emsp'

  return (
    <>
      <PageHeader
        title={t(`busSessions.voltnet.${key}.title`)}
        description={
          total === undefined
            ? t(`busSessions.voltnet.${key}.subtitle`)
            : t('busSessions.voltnet.count', { count: total, formatted })
        }
      />
      <DataTable
        tableId={`voltnet-${key}-charging-sessions`}
        caption={t(`busSessions.voltnet.${key}.title`)}
        columns={columns}
        resetColumns={resetColumnIds(columns)}
        rows={rows}
        getRowId={rowId}
        state={state}
        fetching={result.isFetching}
        errorMessage={result.error?.message}
        onRetry={() => void result.refetch()}
        page={list.page}
        pageSize={VOLTNET_SESSION_PAGE_SIZE}
        total={total}
        hasNextPage={total === undefined ? hasNextPage : undefined}
        onPageChange={list.setPage}
        rowHref={(s) =>
          side === 'CPO' ? hrefOf(s._id) : `${EMSP_SESSIONS_PATH}/${encodeURIComponent(s._id)}`
        }
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('busSessions.empty')}
        actions={<ExportButton source="voltnet-sessions" filters={{ ...countBody }} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={barDefs} list={list} />
            <RangeControl list={list} now={now} label={t('busSessions.filter.started')} />
          </div>
        }
      />
      {side === 'CPO' && <CpoSessionPanel nameOf={nameOf} />}
    </>
  )
}

/** /voltnet/cpo/charging-sessions (voltnet_cpo). */
export function VoltnetCpoSessionsPage() {
  return <VoltnetSessionsScreen side="CPO" />
}

/** /voltnet/emsp/charging-sessions (voltnet_emsp). */
export function VoltnetEmspSessionsPage() {
  return <VoltnetSessionsScreen side="EMSP" />
}
