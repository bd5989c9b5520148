import type { ChargeLocation } from '@portal/contract'
import { chargeLocationCountries, formatDateTime, powerTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'
import { EvseStatusCounts } from './evse-status'
import { formatKw } from './location-format'

/**
 * The list's columns: what an operator scans a network by, fitting a 1440-pixel screen; the rest start hidden in
 * the column picker. The city carries the country's ISO code (the full name is on hover and in its own column).
 */
export function locationColumns(t: TFunction, locale: string): DataColumn<ChargeLocation>[] {
  return [
    {
      id: 'name',
      header: t('chargeLocations.col.name'),
      cell: (l) => (
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate" title={l.name}>
            {l.name}
          </span>
          {/* A roaming partner's location (issue 17), held as its eMSP: marked with the CPO that runs it. */}
          {l.roaming_party === null ? null : (
            <Badge tone="info" title={t('chargeLocations.roamingTitle', { party: l.roaming_party })}>
              {t('chargeLocations.roaming', { party: l.roaming_party })}
            </Badge>
          )}
        </span>
      ),
      className: 'max-w-60!',
      card: 'title',
    },
    {
      id: 'address',
      header: t('chargeLocations.col.address'),
      cell: (l) => <span title={l.address}>{l.address}</span>,
      className: 'max-w-52!',
      card: 'subtitle',
    },
    {
      id: 'city',
      header: t('chargeLocations.col.cityCountry'),
      cell: (l) => (
        <span title={labelOf(chargeLocationCountries, l.country)}>
          {l.city}
          <span className="text-slate-400">, </span>
          <span className="text-xs font-medium text-slate-500">{l.country}</span>
        </span>
      ),
      card: 'meta',
    },
    {
      id: 'country',
      header: t('chargeLocations.col.country'),
      cell: (l) => labelOf(chargeLocationCountries, l.country),
      defaultVisible: false,
    },
    {
      id: 'postal_code',
      header: t('chargeLocations.col.postalCode'),
      cell: (l) => l.postal_code,
      defaultVisible: false,
    },
    {
      id: 'state',
      header: t('chargeLocations.col.state'),
      cell: (l) => l.state || '—',
      defaultVisible: false,
    },
    {
      id: 'evses',
      header: t('chargeLocations.col.evses'),
      cell: (l) => (
        <span className="inline-flex items-center gap-2">
          <span className="font-medium text-slate-900 tabular-nums">{l.summary.evse_count}</span>
          <EvseStatusCounts counts={l.summary.evse_status_counts} compact />
        </span>
      ),
      card: 'meta',
    },
    {
      id: 'connectors',
      header: t('chargeLocations.col.connectors'),
      cell: (l) => l.summary.connector_count,
      align: 'right',
      defaultVisible: false,
    },
    {
      id: 'max_power',
      header: t('chargeLocations.col.maxPower'),
      cell: (l) => (
        <span className="font-medium text-slate-900">{formatKw(l.summary.max_power_kw, locale)}</span>
      ),
      align: 'right',
      card: 'meta',
    },
    {
      id: 'power_types',
      header: t('chargeLocations.col.powerTypes'),
      cell: (l) =>
        l.summary.power_types.length === 0 ? (
          '—'
        ) : (
          <span className="inline-flex gap-1">
            {l.summary.power_types.map((p) => (
              <Badge key={p} tone={p === 'DC' ? 'info' : 'neutral'}>
                {labelOf(powerTypes, p)}
              </Badge>
            ))}
          </span>
        ),
      card: 'meta',
    },
    {
      id: 'publish',
      header: t('chargeLocations.col.publish'),
      cell: (l) =>
        l.publish ? (
          <Badge tone="positive">{t('chargeLocations.yes')}</Badge>
        ) : (
          <Badge tone="neutral">{t('chargeLocations.no')}</Badge>
        ),
    },
    {
      id: 'external_id',
      header: t('chargeLocations.col.externalId'),
      cell: (l) => <span className="font-mono text-xs">{l.external_id}</span>,
      defaultVisible: false,
    },
    {
      id: 'last_updated',
      header: t('chargeLocations.col.lastUpdated'),
      cell: (l) => formatDateTime(l.last_updated),
      defaultVisible: false,
    },
  ]
}
