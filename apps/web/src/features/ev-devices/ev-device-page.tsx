import type { EvDeviceDetail, EvDeviceEvse } from '@portal/contract'
import { LiveEventName } from '@portal/contract'
import { useLiveRefresh } from '@/lib/live/live-store'
import {
  chargeProtocols,
  connectorFormats,
  connectorStandards,
  formatDateTime,
  formatTime,
  powerTypes,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { SessionStatusBadge } from '@/components/charging-session/session-status-badge'
import { DetailCard, Field } from '@/components/ev-overview/detail-card'
import { formatAge } from '@/components/ev-overview/format'
import { RecentSessions, sessionHref } from '@/components/ev-overview/recent-sessions'
import { ConnectivityBadge, EvseStatusBadge, OcppStatusBadge } from '@/components/ev-overview/status-badges'
import { OcppCard } from './ocpp-card'
import { OcppMessageLog } from './ocpp-message-log'
import {
  commandConnectors,
  OcppCommandsCard,
  runningSessions,
} from '@/components/ocpp-commands/ocpp-commands-card'
import { RemoteStopButton } from '@/components/ocpp-commands/remote-stop-button'
import { DetailState } from '@/components/form-kit/detail-state'
import { OpenAlertsLink } from '@/components/alerts/open-alerts-link'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useEvDevice } from './api/ev-devices-api'
import { DEVICE_KEYS } from './device-filters'

const DASH = '—'
const head = 'px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
const cell = 'px-3 py-2 whitespace-nowrap'

function Overview({ d, now }: { d: EvDeviceDetail; now: number }) {
  const { t, i18n } = useTranslation()
  return (
    <DetailCard title={t('evDevices.detail.overview')}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
        <Field label={t('evDevices.col.serial_number')}>
          <span className="font-mono text-xs">{d.serial_number}</span>
        </Field>
        <Field label={t('evDevices.detail.vendor')}>{d.vendor}</Field>
        <Field label={t('evDevices.detail.modelName')}>{d.model}</Field>
        <Field label={t('evDevices.col.firmware_version')}>
          <span className="font-mono text-xs">{d.firmware_version || DASH}</span>
        </Field>
        <Field label={t('evDevices.col.protocol')}>{labelOf(chargeProtocols, d.protocol)}</Field>
        <Field label={t('evDevices.col.ocpp_status')}>
          <OcppStatusBadge status={d.ocpp_status} />
        </Field>
        <Field label={t('evDevices.filter.connectivity')}>
          <ConnectivityBadge connectivity={d.connectivity} />
        </Field>
        <Field label={t('evDevices.col.last_heartbeat_at')}>
          {d.last_heartbeat_at === null ? (
            t('evDevices.never')
          ) : (
            <>
              {formatDateTime(d.last_heartbeat_at)}
              <span className="block text-xs text-slate-500">
                {formatAge(d.last_heartbeat_at, now, i18n.language)}
              </span>
            </>
          )}
        </Field>
        <Field label={t('evDevices.col.created_at')}>{formatDateTime(d.created_at)}</Field>
        <Field label={t('evDevices.detail.updated')}>{formatDateTime(d.updated_at)}</Field>
        <Field className="col-span-2" label={t('evDevices.detail.uid')}>
          <span className="font-mono text-xs">{d.uid}</span>
        </Field>
      </dl>
    </DetailCard>
  )
}

function LocationCard({ d }: { d: EvDeviceDetail }) {
  const { t } = useTranslation()
  return (
    <DetailCard
      title={t('evDevices.detail.location')}
      actions={
        <Link
          to={`/ev-devices?${DEVICE_KEYS.location}=${encodeURIComponent(d.location.uid)}`}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t('evDevices.detail.chargersHere')}
        </Link>
      }
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
        <Field label={t('evDevices.detail.locationName')}>
          <Link
            to={`/charge-locations/${encodeURIComponent(d.location.uid)}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {d.location.name}
          </Link>
        </Field>
        <Field label={t('evDevices.detail.address')}>{d.location.address}</Field>
        <Field label={t('evDevices.detail.city')}>{d.location.city || DASH}</Field>
        <Field label={t('evDevices.detail.postalCode')}>{d.location.postal_code || DASH}</Field>
      </dl>
    </DetailCard>
  )
}

function EvseCard({ e, deviceUid, onSent }: { e: EvDeviceEvse; deviceUid: string; onSent: () => unknown }) {
  const { t, i18n } = useTranslation()
  const title = t('evDevices.detail.evse', { ref: e.physical_reference || e.evse_id })
  return (
    <DetailCard title={title} padded={false} actions={<EvseStatusBadge status={e.status} />}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 p-4 lg:grid-cols-4">
        <Field label={t('evDevices.detail.evseId')}>
          <span className="font-mono text-xs">{e.evse_id}</span>
        </Field>
        <Field label={t('evDevices.detail.externalId')}>
          <span className="font-mono text-xs">{e.external_id || DASH}</span>
        </Field>
        <Field label={t('evDevices.detail.floor')}>{e.floor_level || DASH}</Field>
        <Field label={t('evDevices.detail.capabilities')}>
          {e.capabilities.length === 0 ? (
            DASH
          ) : (
            <span className="flex flex-wrap gap-1">
              {e.capabilities.map((c) => (
                <span
                  key={c}
                  className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700"
                >
                  {c}
                </span>
              ))}
            </span>
          )}
        </Field>
      </dl>
      {e.connectors.length === 0 ? (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
          {t('evDevices.detail.noConnectors')}
        </p>
      ) : (
        <div
          className="overflow-x-auto border-t border-slate-200"
          tabIndex={0}
          role="group"
          aria-label={t('evDevices.detail.connectorsOf', { evse: title })}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t('evDevices.detail.connectorsOf', { evse: title })}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200">
                <th scope="col" className={`${head} text-left`}>
                  {t('evDevices.detail.connector')}
                </th>
                <th scope="col" className={`${head} text-left`}>
                  {t('evDevices.detail.connectorStatus')}
                </th>
                <th scope="col" className={`${head} text-left`}>
                  {t('evDevices.detail.standard')}
                </th>
                <th scope="col" className={`${head} text-left`}>
                  {t('evDevices.detail.powerType')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('evDevices.detail.maxPower')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('evDevices.detail.rating')}
                </th>
                <th scope="col" className={`${head} text-left`}>
                  {t('evDevices.detail.tariff')}
                </th>
                <th scope="col" className={`${head} text-left`}>
                  {t('evDevices.detail.inUse')}
                </th>
              </tr>
            </thead>
            <tbody>
              {e.connectors.map((c) => (
                <tr key={c.uid} className="border-b border-slate-100 last:border-b-0">
                  <td className={`${cell} font-medium`}>{c.connector_id}</td>
                  <td className={cell}>
                    <OcppStatusBadge status={c.status} />
                    {c.error_code !== null && (
                      <span className="ml-1.5 font-mono text-xs text-red-700">{c.error_code}</span>
                    )}
                  </td>
                  <td className={cell}>
                    {labelOf(connectorStandards, c.standard)}
                    <span className="ml-1.5 text-xs text-slate-500">
                      {labelOf(connectorFormats, c.format)}
                    </span>
                  </td>
                  <td className={cell}>{labelOf(powerTypes, c.power_type)}</td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {(c.max_electric_power / 1000).toLocaleString(i18n.language, {
                      maximumFractionDigits: 1,
                    })}{' '}
                    kW
                  </td>
                  <td className={`${cell} text-right text-slate-600 tabular-nums`}>
                    {c.max_voltage} V · {c.max_amperage} A
                  </td>
                  <td className={cell}>
                    {c.tariff ? (
                      <Link
                        to={`/tariff/${encodeURIComponent(c.tariff.uid)}`}
                        className="text-brand-700 hover:underline"
                      >
                        {c.tariff.name}
                      </Link>
                    ) : (
                      <span className="text-slate-500">{t('evDevices.detail.noTariff')}</span>
                    )}
                  </td>
                  <td className="min-w-56 px-3 py-2">
                    {c.active_session ? (
                      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <Link
                          to={sessionHref(c.active_session.uid)}
                          className="inline-flex items-center gap-2 hover:underline"
                        >
                          <SessionStatusBadge status={c.active_session.status} />
                          <span className="text-xs text-slate-600">
                            {t('evDevices.detail.since', {
                              time: formatTime(c.active_session.start_date_time),
                              kwh: c.active_session.kwh.toLocaleString(i18n.language, {
                                maximumFractionDigits: 1,
                              }),
                            })}
                          </span>
                        </Link>
                        {c.active_session.status === 'ACTIVE' && (
                          <RemoteStopButton
                            deviceUid={deviceUid}
                            sessionUid={c.active_session.uid}
                            onSent={onSent}
                          />
                        )}
                      </span>
                    ) : (
                      <span className="text-slate-500">{t('evDevices.detail.free')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DetailCard>
  )
}

/**
 * One charger (/ev-devices/{id}): its overview (firmware, protocol, OCPP status, heartbeat), location, EVSEs with
 * their connectors and what is plugged in, and the sessions on it (docs/decisions/0026-ev-home-users-devices.md).
 */
export function EvDevicePage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const query = useEvDevice(id)
  // What the charger reports (status, connectors, sessions) shows as it happens (issue 16).
  useLiveRefresh(
    [
      LiveEventName.chargerStatus,
      LiveEventName.connectorStatus,
      LiveEventName.sessionStarted,
      LiveEventName.sessionStopped,
    ],
    () => void query.refetch(),
    { when: (event) => 'charge_point' in event.data && event.data.charge_point === id },
  )
  const [now] = useState(() => Date.now())
  // The route's id is optional (A §2 `/ev-devices/{id?}`): without one this is the list.
  if (id === '') return <Navigate to="/ev-devices" replace />
  const back = (
    <Link to="/ev-devices" className="text-brand-700 hover:underline">
      ← {t('evDevices.title')}
    </Link>
  )
  if (!query.data)
    return (
      <DetailState
        valid
        query={query}
        title={t('evDevices.title')}
        breadcrumb={back}
        notFoundTitle={t('evDevices.detail.notFoundTitle')}
        notFoundDescription={t('evDevices.detail.notFoundDescription')}
      />
    )
  const d = query.data
  // A command may change what the page shows (a stopped session, an availability): read it again.
  const refresh = () => query.refetch()
  return (
    <>
      <PageHeader
        title={d.serial_number}
        breadcrumb={back}
        description={`${d.vendor} ${d.model} · ${d.location.name}`}
        actions={
          <>
            <OcppStatusBadge status={d.ocpp_status} />
            <ConnectivityBadge connectivity={d.connectivity} />
            <OpenAlertsLink subject={{ charge_point: d.uid }} />
          </>
        }
      />
      <div className="flex flex-col gap-4">
        <Overview d={d} now={now} />
        <OcppCard d={d} />
        <OcppCommandsCard
          uid={d.uid}
          connectors={commandConnectors(d)}
          sessions={runningSessions(d)}
          onSent={refresh}
        />
        <LocationCard d={d} />
        <section
          aria-label={t('evDevices.detail.evses', { count: d.evses.length })}
          className="flex flex-col gap-3"
        >
          <h2 className="text-sm font-semibold text-slate-900">
            {t('evDevices.detail.evses', { count: d.evses.length })}
          </h2>
          {d.evses.length === 0 ? (
            <div className="rounded-lg border border-slate-200 bg-white">
              <EmptyState
                title={t('evDevices.detail.noEvses')}
                description={t('evDevices.detail.noEvsesHint')}
              />
            </div>
          ) : (
            d.evses.map((e) => <EvseCard key={e.uid} e={e} deviceUid={d.uid} onSent={refresh} />)
          )}
        </section>
        <DetailCard title={t('evDevices.detail.recent')} padded={false}>
          <RecentSessions
            sessions={d.recent_sessions}
            of="device"
            caption={t('evDevices.detail.recent')}
            now={now}
          />
        </DetailCard>
        <OcppMessageLog uid={d.uid} />
      </div>
    </>
  )
}
