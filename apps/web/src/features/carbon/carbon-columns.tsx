import type { CarbonRecord } from '@portal/contract'
import { formatDateTime, formatMoney, fuels, vehicleTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'

const number3 = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })
const mono = (text: string) => <span className="font-mono text-xs">{text}</span>

/**
 * The carbon-credit record columns of B §3, in order (all on), then what the screen adds (off until picked): the
 * partners' names, the plate, the location and the factor the record was computed with. On a phone a record is a
 * card led by its time and scenario, with its credential's state and what it earned.
 */
export function carbonColumns(t: TFunction): DataColumn<CarbonRecord>[] {
  const money = (minor: number, r: CarbonRecord) => formatMoney(minor, r.currency)
  return [
    { id: 'id', exportHeader: 'id', header: t('carbon.col.id'), cell: (r) => r.id, align: 'right' },
    {
      id: 'cpo_entity_code',
      exportHeader: 'cpo_entity_code',
      card: 'meta',
      header: t('carbon.col.cpo_entity_code'),
      cell: (r) => <span title={r.cpo_entity_name}>{r.cpo_entity_code}</span>,
    },
    {
      id: 'fo_entity_code',
      exportHeader: 'fo_entity_code',
      header: t('carbon.col.fo_entity_code'),
      cell: (r) => <span title={r.fo_entity_name}>{r.fo_entity_code}</span>,
    },
    {
      id: 'kWh',
      exportHeader: 'kWh',
      card: 'meta',
      header: t('carbon.col.kWh'),
      cell: (r) => number3(r.kWh),
      align: 'right',
    },
    {
      id: 'date_time',
      exportHeader: 'date_time',
      card: 'title',
      header: t('carbon.col.date_time'),
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.date_time)}</span>,
    },
    {
      id: 'emissions_reduced',
      exportHeader: 'emissions_reduced',
      card: 'meta',
      header: t('carbon.col.emissions_reduced'),
      cell: (r) => number3(r.emissions_reduced),
      align: 'right',
    },
    {
      id: 'total_earnings',
      exportHeader: 'total_earnings',
      card: 'meta',
      header: t('carbon.col.total_earnings'),
      cell: (r) => money(r.total_earnings, r),
      align: 'right',
    },
    {
      id: 'cpo_earnings',
      exportHeader: 'cpo_earnings',
      header: t('carbon.col.cpo_earnings'),
      cell: (r) => money(r.cpo_earnings, r),
      align: 'right',
    },
    {
      id: 'fo_earnings',
      exportHeader: 'fo_earnings',
      header: t('carbon.col.fo_earnings'),
      cell: (r) => money(r.fo_earnings, r),
      align: 'right',
    },
    {
      id: 'scenario',
      exportHeader: 'scenario',
      card: 'subtitle',
      header: t('carbon.col.scenario'),
      cell: (r) => r.scenario,
    },
    { id: 'cdr', exportHeader: 'cdr', header: t('carbon.col.cdr'), cell: (r) => mono(r.cdr) },
    {
      id: 'vc_url',
      exportHeader: 'vc_url',
      card: 'status',
      header: t('carbon.col.vc_url'),
      cell: (r) =>
        r.vc_url ? (
          <a
            href={r.vc_url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={t('carbon.vc.open', { id: r.id })}
          >
            {t('carbon.vc.view')}
            <span aria-hidden="true"> ↗</span>
          </a>
        ) : (
          <Badge tone="warning">{t('carbon.vc.pending')}</Badge>
        ),
    },
    {
      id: 'cpo_entity_name',
      header: t('carbon.col.cpo_entity_name'),
      cell: (r) => r.cpo_entity_name,
      defaultVisible: false,
    },
    {
      id: 'fo_entity_name',
      header: t('carbon.col.fo_entity_name'),
      cell: (r) => r.fo_entity_name,
      defaultVisible: false,
    },
    {
      id: 'license_plate',
      exportHeader: 'license_plate',
      header: t('carbon.col.license_plate'),
      cell: (r) => mono(r.license_plate),
      defaultVisible: false,
    },
    {
      id: 'vehicle',
      header: t('carbon.col.vehicle'),
      cell: (r) => `${labelOf(vehicleTypes, r.vehicle_type)} · ${labelOf(fuels, r.fuel)}`,
      defaultVisible: false,
    },
    {
      id: 'location_name',
      exportHeader: 'location_name',
      header: t('carbon.col.location_name'),
      cell: (r) => r.location_name,
      defaultVisible: false,
    },
    {
      id: 'emission_factor',
      exportHeader: 'emission_factor',
      header: t('carbon.col.emission_factor'),
      cell: (r) => number3(r.emission_factor),
      align: 'right',
      defaultVisible: false,
    },
  ]
}
