import type { DashboardSession, MyEntityType, VoltnetSessionDetail } from '@portal/contract'
import { LiveEventName, VOLTNET_SESSION_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChargingSessionDetail } from '@/components/charging-session/charging-session-detail'
import { SessionPanel, useSessionParam } from '@/components/charging-session/session-panel'
import { SessionRangeControl } from '@/components/charging-session/session-range-control'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList, withoutPaging } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { useChargingEntities } from '@/components/options/charging-entities'
import { PageHeader } from '@/components/page/page-header'
import { useSession } from '@/lib/session/session-store'
import { busSessionKeys } from './api/bus-session-keys'
import {
  countVoltnetSessions,
  listVoltnetSessions,
  useRefundVoltnetSession,
  useVoltnetSession,
} from './api/voltnet-sessions-api'
import { dashboardColumns, resetColumnIds } from './dashboard-columns'
import { toDetailView } from './dashboard-detail-view'
import { isBarFilter, voltnetFilterDefs, voltnetListBody } from './session-list-filters'

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
 * the URL, the last 7 days by default, 20 a page, the total from the count call (the list's body, B §7 "same
 * filters"), the column picker of B §3, an export. CPO rows open the detail in a side panel (with the refund panel);
 * EMSP rows open /voltnet/emsp/charging-sessions/{id}.
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
  const columns = useMemo(() => dashboardColumns(t, nameOf), [t, nameOf])
  const tableId = side === 'CPO' ? 'voltnet-cpo-charging-sessions' : 'voltnet-emsp-charging-sessions'
  const exportColumns = useExportColumns(tableId, columns)
  const { hrefOf } = useSessionParam()
  const { list, table, total, countQuery, exportFilters } = useList({
    filters: defs,
    pageSize: VOLTNET_SESSION_PAGE_SIZE,
    paging: 'full-page',
    live: {
      added: [LiveEventName.sessionStarted],
      refresh: [LiveEventName.sessionUpdated, LiveEventName.sessionStopped],
    },
    request: (state, page) => voltnetListBody(state, page, side, now),
    queryKey: (body, entityCode) => busSessionKeys.voltnetList(entityCode, body),
    fetch: listVoltnetSessions,
    rows: (sessions) => sessions,
    count: {
      // The paging left out: every page shares one count, asked again only when the filters change.
      request: (body) => withoutPaging(body),
      queryKey: (body, entityCode) => busSessionKeys.voltnetCount(entityCode, body),
      fetch: countVoltnetSessions,
    },
  })
  const formatted =
    total === undefined
      ? ''
      : `${total.toLocaleString(i18n.language)}${countQuery.data?.count_capped ? '+' : ''}`
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
        tableId={tableId}
        caption={t(`busSessions.voltnet.${key}.title`)}
        columns={columns}
        resetColumns={resetColumnIds(columns)}
        getRowId={rowId}
        rowHref={(s) =>
          side === 'CPO' ? hrefOf(s._id) : `${EMSP_SESSIONS_PATH}/${encodeURIComponent(s._id)}`
        }
        {...table}
        emptyTitle={t('busSessions.empty')}
        actions={<ExportButton source="voltnet-sessions" filters={exportFilters} columns={exportColumns} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter(isBarFilter)} list={list} />
            <SessionRangeControl list={list} now={now} label={t('busSessions.filter.started')} />
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
