import type { Tariff, TariffValidity } from '@portal/contract'
import {
  componentPriceRange,
  componentTypesOf,
  formatDateTime,
  labelOf,
  tariffTypes,
  tariffValidity,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { formatRateRange, perMinute } from './tariff-words'

const DASH = '—'

const VALIDITY_TONES: Record<TariffValidity, BadgeTone> = {
  ACTIVE: 'positive',
  SCHEDULED: 'info',
  EXPIRED: 'neutral',
}

export function ValidityBadge({ validity, t }: { validity: TariffValidity; t: TFunction }) {
  return (
    <Badge tone={VALIDITY_TONES[validity]} dot>
      {t(`tariffs.validity.${validity}`)}
    </Badge>
  )
}

/** Columns hidden until picked: the owning entity (the list shows one entity unless children are named). */
export const HIDDEN_BY_DEFAULT = ['entity_code'] as const

/**
 * The tariff list's columns: what an operator compares plans by. Rates keep up to 4 decimals (B §3: a per-kWh
 * price with tax, 0.55 at 9 % is 0.5995); the hogging fee (OCPI PARKING_TIME, priced per hour) reads per minute,
 * as it is quoted to drivers. Validity is judged at `now` (fixed while the page is open).
 */
export function tariffColumns(t: TFunction, now: number): DataColumn<Tariff>[] {
  const col = (
    id: string,
    cell: (r: Tariff) => React.ReactNode,
    extra: Partial<DataColumn<Tariff>> = {},
  ): DataColumn<Tariff> => ({ id, header: t(`tariffs.column.${id}`), cell, ...extra })
  const right = { align: 'right' as const }
  return [
    col('name', (r) => r.name, { className: 'max-w-72' }),
    col('external_id', (r) => <span className="font-mono text-xs">{r.external_id}</span>),
    col('currency', (r) => r.currency),
    col('type', (r) => (r.type === null ? DASH : labelOf(tariffTypes, r.type))),
    col(
      'energy_excl',
      (r) => {
        const range = componentPriceRange(r.elements, 'ENERGY')
        return range ? formatRateRange(range.min, range.max) : DASH
      },
      right,
    ),
    col(
      'energy_incl',
      (r) => {
        const range = componentPriceRange(r.elements, 'ENERGY')
        return range ? formatRateRange(range.min_incl_vat, range.max_incl_vat) : DASH
      },
      right,
    ),
    col(
      'parking_fee',
      (r) => {
        const range = componentPriceRange(r.elements, 'PARKING_TIME')
        return range
          ? t('tariffs.perMinute', { price: formatRateRange(perMinute(range.min), perMinute(range.max)) })
          : DASH
      },
      right,
    ),
    col('components', (r) => (
      <span className="flex gap-1">
        {componentTypesOf(r.elements).map((type) => (
          <Badge key={type}>{t(`tariffs.componentShort.${type}`)}</Badge>
        ))}
      </span>
    )),
    col('validity', (r) => <ValidityBadge validity={tariffValidity(r, now)} t={t} />),
    col('valid_from', (r) => (r.start_date_time === null ? DASH : formatDateTime(r.start_date_time))),
    col('valid_to', (r) => (r.end_date_time === null ? DASH : formatDateTime(r.end_date_time))),
    col('last_updated', (r) => formatDateTime(r.last_updated)),
    col('entity_code', (r) => r.entity_code, { defaultVisible: false }),
  ]
}
