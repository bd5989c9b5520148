import type { ChargeEvse } from '@portal/contract'
import { chargeProtocols, evseCapabilities, formatDateTime } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'react-router'
import { Card } from '@/components/form-kit/fields'
import { dash, DetailState, Field } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { cn } from '@/components/ui/cn'
import { useChargeEvse, useEvseCharger } from './api/charge-locations-api'
import {
  commandConnectors,
  OcppCommandsCard,
  runningSessions,
} from '@/components/ocpp-commands/ocpp-commands-card'
import { EvseStatusBadge, OcppStatusBadge } from './evse-status'
import { baseOf, locationHref } from './location-format'
import { Crumbs, RestrictionBadges, useConnectorCells } from './location-parts'

function Overview({ e }: { e: ChargeEvse }) {
  const { t } = useTranslation()
  return (
    <Card title={t('chargeLocations.evse.overview')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('chargeLocations.evse.status')}>
          <EvseStatusBadge status={e.status} />
        </Field>
        <Field label={t('chargeLocations.evse.evseId')}>
          <span className="font-mono text-xs">{e.evse_id}</span>
        </Field>
        <Field label={t('chargeLocations.evse.externalId')}>
          <span className="font-mono text-xs">{e.external_id}</span>
        </Field>
        <Field label={t('chargeLocations.evse.physicalReference')}>{e.physical_reference || dash}</Field>
        <Field label={t('chargeLocations.evse.floorLevel')}>{e.floor_level || dash}</Field>
        <Field label={t('chargeLocations.evse.protocol')}>{labelOf(chargeProtocols, e.protocol)}</Field>
        <Field label={t('chargeLocations.evse.parkingRestrictions')}>
          <RestrictionBadges values={e.parking_restrictions} />
        </Field>
        <Field label={t('chargeLocations.col.lastUpdated')}>{formatDateTime(e.last_updated)}</Field>
        <Field label={t('chargeLocations.evse.uid')}>
          <span className="font-mono text-xs break-all">{e.uid}</span>
        </Field>
        <Field className="sm:col-span-2 lg:col-span-3" label={t('chargeLocations.evse.directions')}>
          {e.directions || dash}
        </Field>
        <Field className="sm:col-span-2 lg:col-span-3" label={t('chargeLocations.evse.instructions')}>
          {e.instructions || dash}
        </Field>
      </dl>
    </Card>
  )
}

function Capabilities({ e }: { e: ChargeEvse }) {
  const { t } = useTranslation()
  return (
    <Card title={t('chargeLocations.evse.capabilities')}>
      {e.capabilities.length === 0 ? (
        <p className="text-sm text-slate-500">{t('chargeLocations.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('chargeLocations.evse.capabilities')}>
          {e.capabilities.map((c) => (
            <li key={c}>
              <Badge tone="info" title={c}>
                {labelOf(evseCapabilities, c)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function ChargePoint({ e }: { e: ChargeEvse }) {
  const { t } = useTranslation()
  const cp = e.charge_point
  return (
    <Card title={t('chargeLocations.evse.chargePoint')}>
      {!cp ? (
        <p className="text-sm text-slate-500">{t('chargeLocations.evse.noChargePoint')}</p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
          <Field label={t('chargeLocations.evse.vendorModel')}>
            {cp.vendor} {cp.model}
          </Field>
          <Field label={t('chargeLocations.evse.serialNumber')}>
            <span className="font-mono text-xs">{cp.serial_number}</span>
          </Field>
          <Field label={t('chargeLocations.evse.firmware')}>{cp.firmware_version}</Field>
          <Field label={t('chargeLocations.evse.protocol')}>{labelOf(chargeProtocols, cp.protocol)}</Field>
          <Field label={t('chargeLocations.evse.ocppStatus')}>
            <OcppStatusBadge status={cp.ocpp_status} />
          </Field>
          <Field label={t('chargeLocations.evse.heartbeat')}>
            {cp.last_heartbeat_at === null
              ? t('chargeLocations.evse.never')
              : formatDateTime(cp.last_heartbeat_at)}
          </Field>
        </dl>
      )}
    </Card>
  )
}

/** What operators tell the EVSE's charger, for this EVSE's connectors (issue 14). */
function Commands({ e, onSent }: { e: ChargeEvse; onSent: () => unknown }) {
  const cp = e.charge_point
  const charger = useEvseCharger(cp?.uid)
  if (!cp || !charger.data) return null
  return (
    <OcppCommandsCard
      uid={cp.uid}
      connectors={commandConnectors(charger.data, e.uid)}
      sessions={runningSessions(charger.data, e.uid)}
      onSent={() => Promise.all([charger.refetch(), onSent()])}
    />
  )
}

function Connectors({ e }: { e: ChargeEvse }) {
  const { t } = useTranslation()
  const connector = useConnectorCells()
  const th =
    'border-b border-slate-200 px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
  return (
    <section
      aria-label={t('chargeLocations.evse.connectors')}
      className="rounded-lg border border-slate-200 bg-white shadow-xs"
    >
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">
          {t('chargeLocations.evse.connectorsCount', { count: e.connectors.length })}
        </h2>
      </div>
      {e.connectors.length === 0 ? (
        <p className="p-4 text-sm text-slate-500">{t('chargeLocations.evse.noConnectors')}</p>
      ) : (
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-label={t('chargeLocations.evse.connectors')}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t('chargeLocations.evse.connectors')}</caption>
            <thead className="bg-slate-50">
              <tr>
                {connector.headers.map((h, i) => (
                  <th key={h} scope="col" className={cn(th, connector.numeric[i] && 'text-right')}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {e.connectors.map((c) => (
                <tr key={c.uid} className="border-b border-slate-100 last:border-b-0">
                  {connector.cells(c).map((cell, j) => (
                    <td
                      key={j}
                      className={cn(
                        'px-3 py-2 align-top whitespace-nowrap',
                        connector.numeric[j] && 'text-right tabular-nums',
                      )}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/**
 * One EVSE (/charge-locations/{locationId}/{evseId}, /voltnet/charge-locations/…, /busways-charge-locations/…):
 * status, capabilities, parking restrictions, physical reference, floor, directions, protocol, its charger and its
 * connectors.
 */
export function EvsePage() {
  const { t } = useTranslation()
  const params = useParams()
  const { pathname } = useLocation()
  const base = baseOf(pathname)
  const locationUid = params.locationId ?? params.id
  const evseUid = params.evseId
  const query = useChargeEvse(locationUid, evseUid)
  const listCrumb = { label: t('chargeLocations.title'), href: base }

  if (!query.data)
    return (
      <DetailState
        valid={Boolean(locationUid) && Boolean(evseUid)}
        query={query}
        title={t('chargeLocations.evse.loadingTitle')}
        breadcrumb={<Crumbs items={[listCrumb]} />}
        notFoundTitle={t('chargeLocations.evse.notFound')}
        notFoundDescription={t('chargeLocations.evse.notFoundDescription')}
      />
    )
  const { location, evse } = query.data
  return (
    <>
      <PageHeader
        title={evse.evse_id}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <EvseStatusBadge status={evse.status} />
            <span>
              {location.name} · {evse.physical_reference}
            </span>
          </span>
        }
        breadcrumb={
          <Crumbs
            items={[
              listCrumb,
              { label: location.name, href: locationHref(base, location.uid) },
              { label: evse.physical_reference || evse.evse_id },
            ]}
          />
        }
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="flex flex-col gap-4 xl:col-span-2">
          <Overview e={evse} />
          <Connectors e={evse} />
          <Commands e={evse} onSent={() => query.refetch()} />
        </div>
        <div className="flex flex-col gap-4">
          <ChargePoint e={evse} />
          <Capabilities e={evse} />
        </div>
      </div>
    </>
  )
}
