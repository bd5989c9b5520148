import type { CarbonPartner } from '@portal/contract'
import { formatDate, formatMoney, PARTNER_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { fetchCarbonPartners, useCarbonDashboard, useCarbonProgramme } from '@/components/carbon/carbon-api'
import { CarbonSummaryCards, ScenarioCard } from '@/components/carbon/carbon-dashboard'
import { carbonKeys } from '@/components/carbon/carbon-keys'
import { partnerColumns } from '@/components/carbon/partner-columns'
import { DataTable } from '@/components/data-table/data-table'
import type { FilterDef } from '@/components/data-table/list-state'
import { useList } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { CATEGORIES_PATH, cpoDetailsPath, foDetailsPath } from './crx-paths'
import { serverMessage } from '@/lib/server-messages'

const NO_FILTERS: readonly FilterDef[] = []
const rowId = (p: CarbonPartner) => p.entity_code

/** One role's partners of the programme, each opening its details page; each table pages on its own. */
function PartnerTable({ role }: { role: 'CPO' | 'FO' }) {
  const { t } = useTranslation()
  const columns = useMemo(() => partnerColumns(t, true), [t])
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: PARTNER_PAGE_SIZE,
    paging: 'count',
    paramPrefix: role.toLowerCase(),
    request: (_state, page) => ({ limit: page.limit, offset: page.offset, role }),
    queryKey: (body, entityCode) => carbonKeys.partners(entityCode, body),
    fetch: fetchCarbonPartners,
    rows: (data) => data.partners,
    total: (data) => data.count,
  })
  const title = role === 'CPO' ? t('crx.home.cpoPartners') : t('crx.home.fleetOwners')
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <DataTable
        tableId={`crx-partners-${role}`}
        caption={title}
        columns={columns}
        getRowId={rowId}
        {...table}
        rowHref={(p) => (role === 'CPO' ? cpoDetailsPath(p.entity_code) : foDetailsPath(p.entity_code))}
        emptyTitle={t('carbon.partners.empty')}
      />
    </div>
  )
}

/**
 * The exchange's home (/crx, where carbon_credits_crx lands, A §4): its programme's terms, the credits' all-time
 * figures, the scenarios' shares, and its partners by role, each leading to its details.
 */
export function CrxPage() {
  const { t } = useTranslation()
  const programme = useCarbonProgramme()
  const dashboard = useCarbonDashboard({})
  const p = programme.data?.programme
  const exchange = programme.data?.sides.includes('CRX') ?? false

  if (programme.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Loader message={t('ui.loading')} />
      </div>
    )
  }
  if (!p || !exchange) {
    return (
      <>
        <PageHeader title={t('crx.home.title')} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title={programme.isError ? t('table.errorTitle') : t('crx.home.noProgrammeTitle')}
            description={
              programme.isError ? serverMessage(programme.error) : t('crx.home.noProgrammeDescription')
            }
          />
        </div>
      </>
    )
  }

  return (
    <>
      <PageHeader
        title={p.name}
        description={t('crx.home.subtitle', {
          exchange: p.entity_name,
          price: formatMoney(p.credit_price_per_tonne, p.currency),
          since: formatDate(p.started_at),
        })}
        actions={
          <>
            <Link to="/ev-carbon-data" className={buttonClasses({ variant: 'classic' })}>
              {t('crx.home.records')}
            </Link>
            <Link to="/payout-history" className={buttonClasses({ variant: 'classic' })}>
              {t('crx.home.payouts')}
            </Link>
            <Link to={CATEGORIES_PATH} className={buttonClasses({ variant: 'primary' })}>
              {t('crx.categories.title')}
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-5">
        <section aria-label={t('crx.home.allTime')} className="flex flex-col gap-3">
          <h2 className="text-sm font-semibold text-slate-700">{t('crx.home.allTime')}</h2>
          <CarbonSummaryCards dashboard={dashboard.data} rebatesLabel={t('carbon.dashboard.creditValue')} />
        </section>
        <div className="grid gap-5 xl:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-5 xl:col-span-2">
            <PartnerTable role="CPO" />
            <PartnerTable role="FO" />
          </div>
          {dashboard.data && <ScenarioCard dashboard={dashboard.data} />}
        </div>
        <p className="text-xs text-slate-500">
          {t('crx.home.registry')}{' '}
          <a
            href={p.registry_url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 hover:underline"
          >
            {p.registry_url}
          </a>
        </p>
      </div>
    </>
  )
}
