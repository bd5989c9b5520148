import type { CampaignListItem } from '@portal/contract'
import { CAMPAIGN_PAGE_SIZE, campaignPhases } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { ListTabs } from '@/components/list-filters/list-tabs'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { PageHeader } from '@/components/page/page-header'
import { useSession } from '@/lib/session/session-store'
import { campaignKeys } from './api/campaign-keys'
import { filterCampaigns } from './api/campaigns-api'
import { campaignColumns } from './campaign-columns'
import {
  CAMPAIGN_RANGE_KEYS,
  campaignFilterBody,
  campaignFilterDefs,
  campaignInfoPath,
  PHASE_KEY,
  phaseOf,
} from './campaign-filters'

const rowId = (c: CampaignListItem) => c.campaign_id
const rowHref = (c: CampaignListItem) => campaignInfoPath(c.campaign_id)
const drawnByScreen = (key: string) =>
  key === PHASE_KEY || (CAMPAIGN_RANGE_KEYS as readonly string[]).includes(key)

/** /typeform-campaigns (B §3, §7): the entity's campaigns by phase, search and dates, 5 a page. */
export function CampaignsPage() {
  const { t, i18n } = useTranslation()
  const { entityCode } = useSession()
  const defs = useMemo(() => campaignFilterDefs(t), [t])
  const columns = useMemo(() => campaignColumns(t), [t])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: CAMPAIGN_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => campaignFilterBody(state, page, entityCode),
    queryKey: (body, entity) => campaignKeys.list(entity, body),
    fetch: filterCampaigns,
    rows: (data) => data.campaigns,
    total: (data) => data.count,
  })
  const phase = phaseOf(list.text(PHASE_KEY))

  return (
    <>
      <PageHeader
        title={t('campaigns.title')}
        description={
          total === undefined
            ? t('campaigns.subtitle')
            : t('campaigns.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
      />
      <ListTabs
        label={t('campaigns.phaseTabs')}
        tabs={campaignPhases.values.map((p) => ({ id: p, label: t(`campaigns.phaseTab.${p}`) }))}
        current={phase}
        onSelect={(id) => list.setFilter(PHASE_KEY, id === 'All' ? '' : id)}
      />
      <DataTable
        tableId="typeform-campaigns"
        caption={t('campaigns.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('campaigns.empty')}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter((d) => !drawnByScreen(d.key))} list={list} />
            <RangeFilter
              list={list}
              label={t('campaigns.running')}
              fromKey="from"
              toKey="to"
              type="date"
              fromLabel={t('campaigns.from')}
              toLabel={t('campaigns.to')}
            />
          </div>
        }
      />
    </>
  )
}
