import type { Tariff, TariffValidity } from '@portal/contract'
import {
  componentPriceRange,
  componentTypesOf,
  formatDate,
  formatDateTime,
  isInCatalogue,
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

/** The validity badge with the date that matters: when a scheduled tariff starts, when a tariff ends or ended. */
function ValidityCell({ tariff, now, t }: { tariff: Tariff; now: number; t: TFunction }) {
  const validity = tariffValidity(tariff, now)
  const hint =
    validity === 'SCHEDULED' && tariff.start_date_time !== null
      ? t('tariffs.validityHint.starts', { date: formatDate(tariff.start_date_time) })
      : validity === 'EXPIRED' && tariff.end_date_time !== null
        ? t('tariffs.validityHint.ended', { date: formatDate(tariff.end_date_time) })
        : validity === 'ACTIVE' && tariff.end_date_time !== null
          ? t('tariffs.validityHint.until', { date: formatDate(tariff.end_date_time) })
          : null
  return (
    <span className="inline-flex items-center gap-2">
      <ValidityBadge validity={validity} t={t} />
      {hint && <span className="text-xs text-slate-500">{hint}</span>}
    </span>
  )
}

/** An OCPI tariff type in words ("Fast" for PROFILE_FAST); a value outside the catalogue reads "Unknown (…)". */
export function tariffTypeLabel(type: string | null, t: TFunction): string {
  if (type === null) return DASH
  return isInCatalogue(tariffTypes, type) ? t(`tariffs.type.${type}`) : labelOf(tariffTypes, type)
}

/** Columns hidden until picked: the component list, the validity dates (the Validity column says what matters) and
 * the owning entity (the list shows one entity unless entities below it are named). */
export const HIDDEN_BY_DEFAULT = ['components', 'valid_from', 'valid_to', 'entity_code'] as const

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
    // Names wrap (two lines at most in practice) so the prices and validity fit beside them.
    col('name', (r) => <span className="block max-w-56 min-w-40 whitespace-normal">{r.name}</span>),
    col('external_id', (r) => <span className="font-mono text-xs">{r.external_id}</span>),
    col('validity', (r) => <ValidityCell tariff={r} now={now} t={t} />),
    col('currency', (r) => r.currency),
    col('type', (r) => tariffTypeLabel(r.type, t)),
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
    col('last_updated', (r) => formatDateTime(r.last_updated)),
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
