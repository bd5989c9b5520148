import type { CarbonPartner } from '@portal/contract'
import { cleanFilters, isCarbonMode, PARTNER_PAGE_SIZE } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchCarbonPartners, useCarbonProgramme } from '@/components/carbon/carbon-api'
import { carbonKeys } from '@/components/carbon/carbon-keys'
import { partnerColumns } from '@/components/carbon/partner-columns'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef } from '@/components/data-table/list-state'
import { useList } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useSession } from '@/lib/session/session-store'

const SEARCH = 'search'
const rowId = (p: CarbonPartner) => p.entity_code

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
  const programme = useCarbonProgramme()
  const exchange = programme.data?.sides.includes('CRX') ?? false
  const columns = useMemo(() => partnerColumns(t, exchange), [t, exchange])
  const { list, table } = useList({
    filters: defs,
    pageSize: PARTNER_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => ({
      limit: page.limit,
      offset: page.offset,
      role: 'CPO' as const,
      ...cleanFilters({ search: state.text(SEARCH).trim() }),
    }),
    queryKey: (body, entityCode) => carbonKeys.partners(entityCode, body),
    fetch: fetchCarbonPartners,
    rows: (data) => data.partners,
    total: (data) => data.count,
    enabled: carbonMode,
  })

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

  return (
    <>
      <PageHeader title={t('carbon.partners.cpoTitle')} description={t('carbon.partners.cpoSubtitle')} />
      <DataTable
        tableId={exchange ? 'carbon-cpo-partners-exchange' : 'carbon-cpo-partners'}
        caption={t('carbon.partners.cpoTitle')}
        columns={columns}
        getRowId={rowId}
        {...table}
        emptyTitle={t('carbon.partners.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
