import type { CarbonPartner } from '@portal/contract'
import { formatDate, formatMoney } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { tableEmissions, tableEnergy } from './carbon-format'

const percent = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`

/**
 * Partner columns. For a fleet owner or a CPO: the partner, since when, the split with the caller and what they
 * made together; for the exchange: the partner, its role, its counterparts and what it earned.
 */
export function partnerColumns(t: TFunction, exchange: boolean): DataColumn<CarbonPartner>[] {
  const money = (minor: number, p: CarbonPartner) => formatMoney(minor, p.currency)
  const name: DataColumn<CarbonPartner> = {
    id: 'name',
    card: 'title',
    header: t('carbon.partners.col.name'),
    cell: (p) => (
      <span className="flex flex-col leading-tight">
        <span className="font-medium text-slate-900">{p.name}</span>
        <span className="text-xs text-slate-500">{p.entity_code}</span>
      </span>
    ),
  }
  const figures: DataColumn<CarbonPartner>[] = [
    {
      id: 'records',
      card: 'meta',
      header: t('carbon.partners.col.records'),
      cell: (p) => p.records.toLocaleString('en-US'),
      align: 'right',
    },
    {
      id: 'kWh',
      card: 'meta',
      header: t('carbon.partners.col.kWh'),
      cell: (p) => tableEnergy(p.kWh),
      align: 'right',
    },
    {
      id: 'emissions_reduced',
      header: t('carbon.partners.col.emissions_reduced'),
      cell: (p) => tableEmissions(p.emissions_reduced),
      align: 'right',
    },
  ]
  if (exchange) {
    // What the exchange reads first: who, what it earned, what its credits were worth; then the rest.
    return [
      name,
      {
        id: 'partner_earnings',
        card: 'meta',
        header: t('carbon.partners.col.earned'),
        cell: (p) => money(p.partner_earnings, p),
        align: 'right',
      },
      {
        id: 'total_earnings',
        header: t('carbon.partners.col.total_earnings'),
        cell: (p) => money(p.total_earnings, p),
        align: 'right',
      },
      ...figures,
      {
        id: 'counterparts',
        header: t('carbon.partners.col.counterparts'),
        cell: (p) => p.counterparts,
        align: 'right',
      },
      {
        id: 'since',
        card: 'meta',
        header: t('carbon.partners.col.joined'),
        cell: (p) => <span className="whitespace-nowrap">{formatDate(p.since)}</span>,
      },
    ]
  }
  return [
    name,
    {
      id: 'since',
      card: 'meta',
      header: t('carbon.partners.col.since'),
      cell: (p) => <span className="whitespace-nowrap">{formatDate(p.since)}</span>,
    },
    {
      id: 'cpo_share',
      header: t('carbon.partners.col.cpo_share'),
      cell: (p) => (p.cpo_share_percent === null ? '—' : percent(p.cpo_share_percent)),
      align: 'right',
    },
    {
      id: 'fo_share',
      header: t('carbon.partners.col.fo_share'),
      cell: (p) => (p.cpo_share_percent === null ? '—' : percent(100 - p.cpo_share_percent)),
      align: 'right',
    },
    ...figures,
    {
      id: 'own_earnings',
      card: 'meta',
      header: t('carbon.partners.col.own_earnings'),
      cell: (p) => money(p.own_earnings, p),
      align: 'right',
    },
    {
      id: 'partner_earnings',
      header: t('carbon.partners.col.partner_earnings'),
      cell: (p) => money(p.partner_earnings, p),
      align: 'right',
    },
  ]
}
