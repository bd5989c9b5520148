import type { ChargeConnector } from '@portal/contract'
import { connectorFormats, connectorStandards, parkingRestrictions, powerTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge/badge'
import { formatKw } from './location-format'

/** A breadcrumb trail of links ending in the current page's name. */
export function Crumbs({ items }: { items: readonly { label: string; href?: string }[] }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('chargeLocations.breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={`${String(i)}-${item.label}`} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {item.href ? (
              <Link to={item.href} className="text-brand-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** A figure tile at the top of a detail page. */
export function Tile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{value}</p>
      {hint && <div className="mt-1 text-xs text-slate-500">{hint}</div>}
    </div>
  )
}

/** Parking restrictions as badges; none reads "None". */
export function RestrictionBadges({ values }: { values: readonly string[] }) {
  const { t } = useTranslation()
  if (values.length === 0) return <span className="text-slate-500">{t('chargeLocations.none')}</span>
  return (
    <span className="inline-flex flex-wrap gap-1">
      {values.map((v) => (
        <Badge key={v} tone="warning">
          {labelOf(parkingRestrictions, v)}
        </Badge>
      ))}
    </span>
  )
}

/** A connector's tariff: its name, with the external id beneath; none reads "No tariff". */
export function TariffCell({ connector }: { connector: ChargeConnector }) {
  const { t } = useTranslation()
  if (!connector.tariff) return <span className="text-slate-500">{t('chargeLocations.noTariff')}</span>
  return (
    <span className="flex flex-col">
      <span className="text-slate-900">{connector.tariff.name}</span>
      <span className="font-mono text-[11px] text-slate-500">
        {connector.tariff.external_id} · {connector.tariff.currency}
      </span>
    </span>
  )
}

/**
 * The connector columns both detail pages show: standard with its format, power type, power with its voltage and
 * current, tariff. Stacked in pairs so a connector fits the width of a detail card.
 */
export function useConnectorCells() {
  const { t, i18n } = useTranslation()
  const nf = (n: number) => n.toLocaleString(i18n.language)
  return {
    headers: [
      t('chargeLocations.connector.id'),
      t('chargeLocations.connector.standardFormat'),
      t('chargeLocations.connector.powerType'),
      t('chargeLocations.connector.powerRating'),
      t('chargeLocations.connector.tariff'),
    ],
    cells: (c: ChargeConnector): ReactNode[] => [
      <span key="id" className="font-medium text-slate-900">
        #{c.id}
      </span>,
      <span key="standard" className="flex flex-col">
        <span className="text-slate-900">{labelOf(connectorStandards, c.standard)}</span>
        <span className="text-xs text-slate-500">{labelOf(connectorFormats, c.format)}</span>
      </span>,
      <Badge key="pt" tone={c.power_type === 'DC' ? 'info' : 'neutral'}>
        {labelOf(powerTypes, c.power_type)}
      </Badge>,
      <span key="power" className="flex flex-col items-end">
        <span className="font-medium text-slate-900">{formatKw(c.max_power_kw, i18n.language)}</span>
        <span className="text-xs text-slate-500">
          {nf(c.max_voltage)} V · {nf(c.max_amperage)} A
        </span>
      </span>,
      <TariffCell key="tariff" connector={c} />,
    ],
    /** Which cells are numbers (right-aligned). */
    numeric: [false, false, false, true, false],
  }
}
