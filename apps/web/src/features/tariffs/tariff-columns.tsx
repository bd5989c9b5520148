import type { Tariff, TariffValidity } from '@portal/contract'
import {
  componentPriceRange,
  componentTypesOf,
  formatDate,
  formatDateTime,
  isInCatalogue,
  tariffTypes,
  tariffValidity,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
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

/** The date that matters for a tariff's validity: when a scheduled one starts, when one ends or ended. */
export function validityHint(tariff: Tariff, validity: TariffValidity, t: TFunction): string | null {
  if (validity === 'SCHEDULED' && tariff.start_date_time !== null)
    return t('tariffs.validityHint.starts', { date: formatDate(tariff.start_date_time) })
  if (validity === 'EXPIRED' && tariff.end_date_time !== null)
    return t('tariffs.validityHint.ended', { date: formatDate(tariff.end_date_time) })
  if (validity === 'ACTIVE' && tariff.end_date_time !== null)
    return t('tariffs.validityHint.until', { date: formatDate(tariff.end_date_time) })
  return null
}

/** The validity badge; its date (start, end) shows on hover and in the Valid from / Valid until columns. */
function ValidityCell({ tariff, now, t }: { tariff: Tariff; now: number; t: TFunction }) {
  const validity = tariffValidity(tariff, now)
  const hint = validityHint(tariff, validity, t)
  return (
    <span title={hint ?? undefined}>
      <ValidityBadge validity={validity} t={t} />
      {hint && <span className="sr-only"> {hint}</span>}
    </span>
  )
}

/** An OCPI tariff type in words ("Fast" for PROFILE_FAST); a value outside the catalogue reads "Unknown (…)". */
export function tariffTypeLabel(type: string | null, t: TFunction): string {
  if (type === null) return DASH
  return isInCatalogue(tariffTypes, type) ? t(`tariffs.type.${type}`) : labelOf(tariffTypes, type)
}

/**
 * Columns hidden until picked, so the ones an operator compares fit a laptop screen: the OCPI type, the component
 * list, the validity dates (the Validity badge says what matters; its date shows on hover) and the owning entity
 * (the list shows one entity unless entities below it are named).
 */
export const HIDDEN_BY_DEFAULT = ['type', 'components', 'valid_from', 'valid_to', 'entity_code'] as const

/**
 * The tariff list's columns: what an operator compares plans by. Rates keep up to 4 decimals (B §3: a per-kWh
 * price with tax, 0.55 at 9 % is 0.5995); the hogging fee (OCPI PARKING_TIME, priced per hour) reads per minute
 * excluding tax, as operators set it and drivers are quoted it. Validity is judged at `now` (fixed while the page is open).
 */
export function tariffColumns(t: TFunction, now: number): DataColumn<Tariff>[] {
  const col = (
    id: string,
    cell: (r: Tariff) => React.ReactNode,
    extra: Partial<DataColumn<Tariff>> = {},
  ): DataColumn<Tariff> => ({ id, header: t(`tariffs.column.${id}`), cell, ...extra })
  const right = { align: 'right' as const }
  return [
    col(
      'name',
      (r) => (
        <span title={r.name} className="block max-w-48 truncate">
          {r.name}
        </span>
      ),
      { card: 'title' },
    ),
    col('external_id', (r) => <span className="font-mono text-xs">{r.external_id}</span>, {
      card: 'subtitle',
    }),
    col('validity', (r) => <ValidityCell tariff={r} now={now} t={t} />, { card: 'status' }),
    col('currency', (r) => r.currency),
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
      { ...right, card: 'meta' },
    ),
    col(
      'parking_fee',
      (r) => {
        const range = componentPriceRange(r.elements, 'PARKING_TIME')
        return range
          ? t('tariffs.perMinute', { price: formatRateRange(perMinute(range.min), perMinute(range.max)) })
          : DASH
      },
      { ...right, card: 'meta' },
    ),
    // The day reads at a glance; the time shows on hover (the date filter works to the minute).
    col(
      'last_updated',
      (r) => <span title={formatDateTime(r.last_updated)}>{formatDate(r.last_updated)}</span>,
      { card: 'meta' },
    ),
    col('type', (r) => tariffTypeLabel(r.type, t)),
    col('components', (r) => (
      <span className="flex gap-1">
        {componentTypesOf(r.elements).map((type) => (
          <Badge key={type}>{t(`tariffs.componentShort.${type}`)}</Badge>
        ))}
      </span>
    )),
    col('valid_from', (r) => (r.start_date_time === null ? DASH : formatDateTime(r.start_date_time))),
    col('valid_to', (r) => (r.end_date_time === null ? DASH : formatDateTime(r.end_date_time))),
    col('entity_code', (r) => r.entity_code),
  ].map((c) =>
    (HIDDEN_BY_DEFAULT as readonly string[]).includes(c.id) ? { ...c, defaultVisible: false } : c,
  )
}
