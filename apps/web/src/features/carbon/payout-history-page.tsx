import type { CarbonInvoice, CarbonPayout } from '@portal/contract'
import { formatMoney, INVOICE_PAGE_SIZE, isCarbonMode, PAYOUT_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import { useCarbonInvoices, useCarbonPayouts, useCarbonProgramme } from '@/components/carbon/carbon-api'
import { invoiceColumns, payoutColumns } from '@/components/carbon/payout-columns'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { FigureCard, FigureCardSkeleton } from '@/components/ev-overview/figure-card'
import { ListTabs } from '@/components/list-filters/list-tabs'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import {
  invoiceBody,
  payableYears,
  payoutBody,
  payoutFilterDefs,
  TAB_KEY,
  tabOf,
  TABS,
} from './payout-filters'

function stateOf(query: { isPending: boolean; isError: boolean; error: unknown }): TableState {
  if (query.isPending) return 'loading'
  if (query.isError) return isForbidden(query.error) ? 'forbidden' : 'error'
  return 'ready'
}

/**
 * Payout and invoice history (/payout-history, /cpo-payout-history; B §3, 50 a page B §9): the payouts of the
 * caller's carbon earnings, one a month, Pending until paid; and the self-billing invoice of every closed month.
 * A CPO or fleet owner sees its own; the exchange sees every partner's, and on /cpo-payout-history the CPOs'.
 */
export function PayoutHistoryPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const { entity } = useSession()
  const carbonMode = isCarbonMode(entity?.industries ?? [])
  const fixedRole = pathname.startsWith('/cpo-payout-history') ? 'CPO' : null
  const tab = tabOf(params.get(TAB_KEY))
  const [now] = useState(() => Date.now())
  const programme = useCarbonProgramme()
  const exchange = programme.data?.sides.includes('CRX') ?? false
  const years = useMemo(() => payableYears(programme.data?.programme?.started_at, now), [programme.data, now])
  const defs = useMemo(
    () => payoutFilterDefs(t, tab, programme.data, fixedRole, years),
    [t, tab, programme.data, fixedRole, years],
  )
  const list = useListState(defs)
  const payouts = useCarbonPayouts(payoutBody(list, fixedRole), carbonMode && tab === 'payouts')
  const invoices = useCarbonInvoices(invoiceBody(list, fixedRole), carbonMode && tab === 'invoices')
  // The tiles always count every payout of the role, whatever the tab and filters.
  const summary = useCarbonPayouts(
    { limit: 1, offset: 0, ...(fixedRole ? { payee_role: fixedRole } : {}) },
    carbonMode,
  )
  const payoutCols = useMemo(() => payoutColumns(t, exchange), [t, exchange])
  const invoiceCols = useMemo(() => invoiceColumns(t, exchange), [t, exchange])
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
  const toolbar = <FilterBar defs={defs} list={list} />
  const selectTab = (id: string) => {
    list.reset({ [TAB_KEY]: id === 'payouts' ? '' : id })
  }

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
      {tab === 'payouts' ? (
        <DataTable<CarbonPayout>
          tableId={exchange ? 'carbon-payouts-exchange' : 'carbon-payouts'}
          caption={t('carbon.tabs.payouts')}
          columns={payoutCols}
          rows={payouts.data?.payouts}
          getRowId={(p) => p.uuid}
          state={stateOf(payouts)}
          fetching={payouts.isFetching}
          errorMessage={payouts.error?.message}
          onRetry={() => void payouts.refetch()}
          page={list.page}
          pageSize={PAYOUT_PAGE_SIZE}
          total={payouts.data?.count}
          onPageChange={list.setPage}
          filtersActive={list.activeCount > 0}
          onResetFilters={() => list.reset()}
          emptyTitle={t('carbon.payouts.empty')}
          toolbar={toolbar}
        />
      ) : (
        <DataTable<CarbonInvoice>
          tableId={exchange ? 'carbon-invoices-exchange' : 'carbon-invoices'}
          caption={t('carbon.tabs.invoices')}
          columns={invoiceCols}
          rows={invoices.data?.invoices}
          getRowId={(i) => i.uuid}
          state={stateOf(invoices)}
          fetching={invoices.isFetching}
          errorMessage={invoices.error?.message}
          onRetry={() => void invoices.refetch()}
          page={list.page}
          pageSize={INVOICE_PAGE_SIZE}
          total={invoices.data?.count}
          onPageChange={list.setPage}
          filtersActive={list.activeCount > 0}
          onResetFilters={() => list.reset()}
          emptyTitle={t('carbon.invoices.empty')}
          toolbar={toolbar}
        />
      )}
    </>
  )
}
