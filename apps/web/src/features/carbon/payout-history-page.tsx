import type { CarbonProgrammeData } from '@portal/contract'
import { formatMoney, INVOICE_PAGE_SIZE, isCarbonMode, PAYOUT_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import {
  fetchCarbonInvoices,
  fetchCarbonPayouts,
  useCarbonPayouts,
  useCarbonProgramme,
} from '@/components/carbon/carbon-api'
import { carbonKeys } from '@/components/carbon/carbon-keys'
import { invoiceColumns, payoutColumns } from '@/components/carbon/payout-columns'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { FigureCard, FigureCardSkeleton } from '@/components/ev-overview/figure-card'
import { ListTabs } from '@/components/list-filters/list-tabs'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useSession } from '@/lib/session/session-store'
import type { PayoutTab } from './payout-filters'
import {
  invoiceBody,
  payableYears,
  payoutBody,
  payoutFilterDefs,
  TAB_KEY,
  tabOf,
  TABS,
} from './payout-filters'

interface TabProps {
  programme: CarbonProgrammeData | undefined
  fixedRole: 'CPO' | null
  years: readonly number[]
  exchange: boolean
}

function usePayoutDefs(tab: PayoutTab, { programme, fixedRole, years }: TabProps) {
  const { t } = useTranslation()
  return useMemo(
    () => payoutFilterDefs(t, tab, programme, fixedRole, years),
    [t, tab, programme, fixedRole, years],
  )
}

/** The payouts (B §3), Pending until paid; the exchange sees every partner's, with the payee first. */
function PayoutsTable(props: TabProps) {
  const { t } = useTranslation()
  const defs = usePayoutDefs('payouts', props)
  const columns = useMemo(() => payoutColumns(t, props.exchange), [t, props.exchange])
  const { list, table } = useList({
    filters: defs,
    pageSize: PAYOUT_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => payoutBody(state, page, props.fixedRole),
    queryKey: (body, entityCode) => carbonKeys.payouts(entityCode, body),
    fetch: fetchCarbonPayouts,
    rows: (data) => data.payouts,
    total: (data) => data.count,
  })
  return (
    <DataTable
      tableId={props.exchange ? 'carbon-payouts-exchange' : 'carbon-payouts'}
      caption={t('carbon.tabs.payouts')}
      columns={columns}
      getRowId={(p) => p.uuid}
      {...table}
      emptyTitle={t('carbon.payouts.empty')}
      toolbar={<FilterBar defs={defs} list={list} />}
    />
  )
}

/** The self-billing invoice of every closed month (B §3). */
function InvoicesTable(props: TabProps) {
  const { t } = useTranslation()
  const defs = usePayoutDefs('invoices', props)
  const columns = useMemo(() => invoiceColumns(t, props.exchange), [t, props.exchange])
  const { list, table } = useList({
    filters: defs,
    pageSize: INVOICE_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => invoiceBody(state, page, props.fixedRole),
    queryKey: (body, entityCode) => carbonKeys.invoices(entityCode, body),
    fetch: fetchCarbonInvoices,
    rows: (data) => data.invoices,
    total: (data) => data.count,
  })
  return (
    <DataTable
      tableId={props.exchange ? 'carbon-invoices-exchange' : 'carbon-invoices'}
      caption={t('carbon.tabs.invoices')}
      columns={columns}
      getRowId={(i) => i.uuid}
      {...table}
      emptyTitle={t('carbon.invoices.empty')}
      toolbar={<FilterBar defs={defs} list={list} />}
    />
  )
}

/**
 * Payout and invoice history (/payout-history, /cpo-payout-history; B §3, 50 a page B §9): the payouts of the
 * caller's carbon earnings, one a month, Pending until paid; and the self-billing invoice of every closed month.
 * A CPO or fleet owner sees its own; the exchange sees every partner's, and on /cpo-payout-history the CPOs'.
 */
export function PayoutHistoryPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params, setParams] = useSearchParams()
  const { entity } = useSession()
  const carbonMode = isCarbonMode(entity?.industries ?? [])
  const fixedRole = pathname.startsWith('/cpo-payout-history') ? 'CPO' : null
  const tab = tabOf(params.get(TAB_KEY))
  const [now] = useState(() => Date.now())
  const programme = useCarbonProgramme()
  const exchange = programme.data?.sides.includes('CRX') ?? false
  const years = useMemo(() => payableYears(programme.data?.programme?.started_at, now), [programme.data, now])
  // The tiles always count every payout of the role, whatever the tab and filters.
  const summary = useCarbonPayouts(
    { limit: 1, offset: 0, ...(fixedRole ? { payee_role: fixedRole } : {}) },
    carbonMode,
  )
  const title = fixedRole ? t('carbon.payouts.cpoTitle') : t('carbon.payouts.title')

  if (!carbonMode) {
    return (
      <>
        <PageHeader title={title} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={t('carbon.notCarbonTitle')} description={t('carbon.notCarbonDescription')} />
        </div>
      </>
    )
  }

  const totals = summary.data?.totals
  // A tab is a view of its own: its filters and page start afresh.
  const selectTab = (id: string) => setParams(id === 'payouts' ? {} : { [TAB_KEY]: id })
  const props: TabProps = { programme: programme.data, fixedRole, years, exchange }

  return (
    <>
      <PageHeader
        title={title}
        description={
          fixedRole && !exchange && !programme.data?.sides.includes('CPO')
            ? t('carbon.payouts.cpoOnly')
            : exchange
              ? t('carbon.payouts.subtitleExchange')
              : t('carbon.payouts.subtitle')
        }
      />
      <div className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {totals ? (
          <>
            <FigureCard
              label={exchange ? t('carbon.payouts.paidOut') : t('carbon.payouts.received')}
              value={formatMoney(totals.paid, totals.currency)}
            />
            <FigureCard
              label={t('carbon.payouts.pending')}
              value={formatMoney(totals.pending, totals.currency)}
              tone={totals.pending > 0 ? 'warning' : 'default'}
              sub={t('carbon.payouts.payday')}
            />
          </>
        ) : (
          <>
            <FigureCardSkeleton />
            <FigureCardSkeleton />
          </>
        )}
      </div>
      <ListTabs
        label={title}
        tabs={TABS.map((id) => ({ id, label: t(`carbon.tabs.${id}`) }))}
        current={tab}
        onSelect={selectTab}
      />
      {tab === 'payouts' ? <PayoutsTable {...props} /> : <InvoicesTable {...props} />}
    </>
  )
}
