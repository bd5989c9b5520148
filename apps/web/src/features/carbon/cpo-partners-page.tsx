import type { CarbonPartner } from '@portal/contract'
import { isCarbonMode, PARTNER_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useCarbonPartners, useCarbonProgramme } from '@/components/carbon/carbon-api'
import { partnerColumns } from '@/components/carbon/partner-columns'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const SEARCH = 'search'

/**
 * CPO partners (/cpo-partners, a fleet owner's screen): the CPOs on whose chargers the fleet's vehicles earn
 * credits, with the split of each record's value and what the two made together (all time).
 */
export function CpoPartnersPage() {
  const { t } = useTranslation()
  const { entity } = useSession()
  const carbonMode = isCarbonMode(entity?.industries ?? [])
  const defs = useMemo<FilterDef[]>(
    () => [{ kind: 'search', key: SEARCH, label: t('carbon.partners.search') }],
    [t],
  )
  const list = useListState(defs)
  const programme = useCarbonProgramme()
  const exchange = programme.data?.sides.includes('CRX') ?? false
  const search = list.text(SEARCH).trim()
  const partners = useCarbonPartners({
    limit: PARTNER_PAGE_SIZE,
    offset: (list.page - 1) * PARTNER_PAGE_SIZE,
    role: 'CPO',
    ...(search ? { search } : {}),
  })
  const columns = useMemo(() => partnerColumns(t, exchange), [t, exchange])

  if (!carbonMode) {
    return (
      <>
        <PageHeader title={t('carbon.partners.cpoTitle')} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={t('carbon.notCarbonTitle')} description={t('carbon.notCarbonDescription')} />
        </div>
      </>
    )
  }

  const state: TableState = partners.isPending
    ? 'loading'
    : partners.isError
      ? isForbidden(partners.error)
        ? 'forbidden'
        : 'error'
      : 'ready'

  return (
    <>
      <PageHeader title={t('carbon.partners.cpoTitle')} description={t('carbon.partners.cpoSubtitle')} />
      <DataTable<CarbonPartner>
        tableId={exchange ? 'carbon-cpo-partners-exchange' : 'carbon-cpo-partners'}
        caption={t('carbon.partners.cpoTitle')}
        columns={columns}
        rows={partners.data?.partners}
        getRowId={(p) => p.entity_code}
        state={state}
        fetching={partners.isFetching}
        errorMessage={partners.error?.message}
        onRetry={() => void partners.refetch()}
        page={list.page}
        pageSize={PARTNER_PAGE_SIZE}
        total={partners.data?.count}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('carbon.partners.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
