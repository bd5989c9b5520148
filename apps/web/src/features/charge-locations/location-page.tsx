import type { ChargeEvse, ChargeLocation } from '@portal/contract'
import { chargeLocationCountries, chargeProtocols, formatDateTime } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import { Card } from '@/components/form-kit/fields'
import { dash, DetailState, Field } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { cn } from '@/components/ui/cn'
import { Loader } from '@/components/ui/loader/loader'
import { useChargeLocation } from './api/charge-locations-api'
import { EvseStatusBadge, EvseStatusCounts } from './evse-status'
import type { LocationBase } from './location-format'
import { baseOf, evseHref, formatKw } from './location-format'
import { Crumbs, RestrictionBadges, Tile, useConnectorCells } from './location-parts'

const LocationPinMap = lazy(() => import('./location-map').then((m) => ({ default: m.LocationPinMap })))

function Details({ l }: { l: ChargeLocation }) {
  const { t } = useTranslation()
  return (
    <Card title={t('chargeLocations.detail.title')}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
        <Field label={t('chargeLocations.col.address')}>{l.address}</Field>
        <Field label={t('chargeLocations.col.city')}>{l.city}</Field>
        <Field label={t('chargeLocations.col.postalCode')}>{l.postal_code}</Field>
        <Field label={t('chargeLocations.col.state')}>{l.state || dash}</Field>
        <Field label={t('chargeLocations.col.country')}>
          {labelOf(chargeLocationCountries, l.country)} ({l.country})
        </Field>
        <Field label={t('chargeLocations.detail.coordinates')}>
          <span className="font-mono text-xs">
            {l.coordinates.latitude.toFixed(6)}, {l.coordinates.longitude.toFixed(6)}
          </span>
        </Field>
        <Field label={t('chargeLocations.detail.contactNumber')}>{l.contact_number || dash}</Field>
        <Field label={t('chargeLocations.detail.timeZone')}>{l.time_zone}</Field>
        <Field label={t('chargeLocations.col.externalId')}>
          <span className="font-mono text-xs">{l.external_id}</span>
        </Field>
        <Field label={t('chargeLocations.col.publish')}>
          {l.publish ? (
            <Badge tone="positive">{t('chargeLocations.published')}</Badge>
          ) : (
            <Badge tone="neutral">{t('chargeLocations.unpublished')}</Badge>
          )}
        </Field>
        <Field label={t('chargeLocations.detail.parkingRestrictions')}>
          <RestrictionBadges values={l.parking_restrictions} />
        </Field>
        <Field label={t('chargeLocations.col.lastUpdated')}>{formatDateTime(l.last_updated)}</Field>
        <Field className="col-span-2" label={t('chargeLocations.detail.directions')}>
          {l.directions || dash}
        </Field>
      </dl>
    </Card>
  )
}

/** Every EVSE with its connectors: one row per connector, the EVSE's cells spanning its connectors. */
function EvseTable({
  evses,
  base,
  locationUid,
}: {
  evses: readonly ChargeEvse[]
  base: LocationBase
  locationUid: string
}) {
  const { t } = useTranslation()
  const connector = useConnectorCells()
  const th =
    'border-b border-slate-200 px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
  const td = 'px-3 py-2 align-top whitespace-nowrap'
  if (evses.length === 0)
    return <p className="p-4 text-sm text-slate-500">{t('chargeLocations.detail.noEvses')}</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('chargeLocations.detail.evses')}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t('chargeLocations.evse.evseId')}
            </th>
            <th scope="col" className={th}>
              {t('chargeLocations.evse.status')}
            </th>
            {connector.headers.map((h, i) => (
              <th key={h} scope="col" className={cn(th, connector.numeric[i] && 'text-right')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {evses.map((e) => {
          const rows = e.connectors.length > 0 ? e.connectors : [null]
          const span = rows.length
          return (
            <tbody key={e.uid} className="border-b border-slate-200 last:border-b-0 hover:bg-brand-50/30">
              {rows.map((c, i) => (
                <tr key={c?.uid ?? 'none'} className={cn(i > 0 && 'border-t border-dashed border-slate-100')}>
                  {i === 0 && (
                    <>
                      <th scope="row" rowSpan={span} className={cn(td, 'text-left font-normal')}>
                        <Link
                          to={evseHref(base, locationUid, e.uid)}
                          className="font-mono text-xs font-medium text-brand-700 hover:underline"
                        >
                          {e.evse_id}
                        </Link>
                        <p
                          className="mt-0.5 text-xs text-slate-500"
                          title={
                            e.charge_point ? `${e.charge_point.vendor} ${e.charge_point.model}` : undefined
                          }
                        >
                          {t('chargeLocations.evse.bayFloor', {
                            bay: e.physical_reference || dash,
                            floor: e.floor_level || dash,
                          })}
                        </p>
                      </th>
                      <td rowSpan={span} className={td}>
                        <EvseStatusBadge status={e.status} />
                      </td>
                    </>
                  )}
                  {c === null ? (
                    <td colSpan={connector.headers.length} className={cn(td, 'text-slate-500')}>
                      {t('chargeLocations.evse.noConnectors')}
                    </td>
                  ) : (
                    connector.cells(c).map((cell, j) => (
                      <td key={j} className={cn(td, connector.numeric[j] && 'text-right tabular-nums')}>
                        {cell}
                      </td>
                    ))
                  )}
                </tr>
              ))}
            </tbody>
          )
        })}
      </table>
    </div>
  )
}

/**
 * One charge location (/charge-locations/{locationId}, /voltnet/charge-locations/{locationId},
 * /busways-charge-locations/{id}): its details, a map pin, and its EVSEs with their statuses and connectors.
 */
export function LocationPage() {
  const { t, i18n } = useTranslation()
  const params = useParams()
  const { pathname } = useLocation()
  const base = baseOf(pathname)
  const uid = params.locationId ?? params.id
  const query = useChargeLocation(uid)
  const listCrumb = { label: t('chargeLocations.title'), href: base }

  if (!query.data)
    return (
      <DetailState
        valid={Boolean(uid)}
        query={query}
        title={t('chargeLocations.detail.loadingTitle')}
        breadcrumb={<Crumbs items={[listCrumb]} />}
        notFoundTitle={t('chargeLocations.detail.notFound')}
        notFoundDescription={t('chargeLocations.detail.notFoundDescription')}
      />
    )
  const l = query.data
  const protocols = [...new Set(l.evses.map((e) => e.protocol))]
  return (
    <>
      <PageHeader
        title={l.name}
        description={l.address}
        breadcrumb={<Crumbs items={[listCrumb, { label: l.name }]} />}
      />
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label={t('chargeLocations.detail.evses')}
          value={l.summary.evse_count}
          hint={<EvseStatusCounts counts={l.summary.evse_status_counts} />}
        />
        <Tile label={t('chargeLocations.col.connectors')} value={l.summary.connector_count} />
        <Tile
          label={t('chargeLocations.col.maxPower')}
          value={formatKw(l.summary.max_power_kw, i18n.language)}
        />
        <Tile
          label={t('chargeLocations.detail.protocols')}
          value={protocols.length === 0 ? dash : protocols.map((p) => labelOf(chargeProtocols, p)).join(', ')}
        />
      </div>
      <div className="mb-4 grid grid-cols-1 gap-4 xl:grid-cols-5">
        <div className="xl:col-span-3">
          <Details l={l} />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-2 shadow-xs xl:col-span-2">
          <Suspense
            fallback={
              <div className="flex h-72 items-center justify-center">
                <Loader busy message={t('chargeLocations.map.loading')} />
              </div>
            }
          >
            <LocationPinMap
              latitude={l.coordinates.latitude}
              longitude={l.coordinates.longitude}
              name={l.name}
              counts={l.summary.evse_status_counts}
              className="h-72 xl:h-full xl:min-h-80"
            />
          </Suspense>
        </div>
      </div>
      <section
        aria-label={t('chargeLocations.detail.evses')}
        className="rounded-lg border border-slate-200 bg-white shadow-xs"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="text-sm font-semibold text-slate-900">
            {t('chargeLocations.detail.evsesCount', { count: l.evses.length })}
          </h2>
        </div>
        <EvseTable evses={l.evses} base={base} locationUid={l.uid} />
      </section>
    </>
  )
}
