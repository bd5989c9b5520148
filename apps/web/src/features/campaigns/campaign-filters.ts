import type { CampaignFilterRequest, CampaignPhase } from '@portal/contract'
import { CAMPAIGN_SEARCH_KEYS, campaignPhases, cleanFilters, statusCodeOfPhase } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'
import { oneOf } from '@/components/list-filters/typed-values'

/** The phase tabs (A §9: All, Pre-launch, Launched, Post-launch), kept in the URL as `phase`. */
export const PHASE_KEY = 'phase'
export const CAMPAIGN_RANGE_KEYS = ['from', 'to'] as const

export function phaseOf(raw: string | null): CampaignPhase {
  return campaignPhases.values.find((p) => p === raw) ?? 'All'
}

export function campaignFilterDefs(t: TFunction): FilterDef[] {
  return [
    {
      kind: 'search',
      key: 'q',
      label: t('campaigns.search'),
      fieldKey: 'in',
      fields: CAMPAIGN_SEARCH_KEYS.map((k) => ({ value: k, label: t(`campaigns.searchIn.${k}`) })),
    },
    { kind: 'search', key: PHASE_KEY, label: PHASE_KEY },
    ...CAMPAIGN_RANGE_KEYS.map((key): FilterDef => ({ kind: 'search', key, label: key })),
  ]
}

/**
 * POST /forms/campaign/filter from the list state (B §3): 5 a page, the phase as statusCode (All sends none), the
 * search in the chosen field (or in both), and the date window in epoch ms; unset filters are left out.
 */
export function campaignFilterBody(
  list: ListState,
  page: PageWindow,
  entityCode: string | null,
): CampaignFilterRequest {
  const searchKey = oneOf(list.select('in'), CAMPAIGN_SEARCH_KEYS)
  const body = {
    entityCode: entityCode ?? undefined,
    searchKey: list.text('q').trim() === '' ? undefined : searchKey,
    searchValue: list.text('q').trim(),
    statusCode: statusCodeOfPhase(phaseOf(list.text(PHASE_KEY))),
    startDate: localDayStart(list.text('from')),
    endDate: localDayEnd(list.text('to')),
    offset: page.offset,
    limit: page.limit,
  }
  return cleanFilters(body)
}

/** The info page of a campaign (A §2 /typeform-campaigns/{campaign_id?}/info). */
export const campaignInfoPath = (id: string) => `/typeform-campaigns/${encodeURIComponent(id)}/info`
