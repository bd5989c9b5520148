import type { DriverDetailData } from '@portal/contract'
import { formatDate, formatDateTime, formatMobile } from '@portal/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useChargingEntities } from '@/components/options/charging-entities'
import { formatKwh, formatUnits } from '@/components/charging-session/session-format'
import { SessionStatusBadge } from '@/components/charging-session/session-status-badge'
import { Card } from '@/components/form-kit/fields'
import { dash, DetailState, Field } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useDriver } from './api/drivers-api'
import { nationalityLabel } from './driver-columns'
import { DriverUserInfoCard } from './driver-user-info-card'
import type { DriverVariantConfig } from './driver-variant'
import { useDriverVariant } from './driver-variant'

function BackToList({ config }: { config: DriverVariantConfig }) {
  const { t } = useTranslation()
  return (
    <Link to={config.listPath} className="font-medium text-brand-700 hover:underline">
      ← {config.variant === 'limo' ? t('drivers.limoTitle') : t('drivers.title')}
    </Link>
  )
}

function Tile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-slate-500">{hint}</dd>}
    </div>
  )
}

function DriverView({ data, config }: { data: DriverDetailData; config: DriverVariantConfig }) {
  const { t, i18n } = useTranslation()
  const { nameOf } = useChargingEntities()
  const { driver, summary, sessions } = data
  const spend = summary.spend.map((s) => formatUnits(s.amount, s.currency)).join(' · ')

  return (
    <>
      <PageHeader
        title={driver.name}
        breadcrumb={<BackToList config={config} />}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="tabular-nums">{formatMobile(driver.mobileNumber)}</span>
            <span aria-hidden="true">·</span>
            <span>{driver.email}</span>
            <Badge tone={driver.isRegistered ? 'positive' : 'warning'} dot>
              {driver.isRegistered ? t('drivers.registered') : t('drivers.notRegistered')}
            </Badge>
          </span>
        }
      />
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('drivers.detail.summary')}>
          <Tile label={t('drivers.detail.sessions')} value={summary.sessions.toLocaleString(i18n.language)} />
          <Tile label={t('drivers.detail.energy')} value={`${formatKwh(summary.kWh, i18n.language)} kWh`} />
          <Tile label={t('drivers.detail.spend')} value={spend || dash} hint={t('drivers.detail.inclTax')} />
          <Tile
            label={t('drivers.detail.lastSession')}
            value={summary.lastSessionAt === null ? dash : formatDate(summary.lastSessionAt)}
          />
        </dl>

        <Card title={t('drivers.detail.profile')}>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label={t('drivers.field.name')}>{driver.name}</Field>
            <Field label={t('drivers.field.mobileNumber')}>{formatMobile(driver.mobileNumber)}</Field>
            <Field label={t('drivers.field.email')}>{driver.email}</Field>
            <Field label={t('drivers.field.nationality')}>{nationalityLabel(t, driver.nationality)}</Field>
            <Field label={t('drivers.field.isRegistered')}>
              {driver.isRegistered ? t('drivers.yes') : t('drivers.no')}
            </Field>
            <Field label={t('drivers.field.licensePlate')}>{driver.licensePlate ?? dash}</Field>
            {(config.subscriptions || driver.subscribedCpoEntities.length > 0) && (
              <Field label={t('drivers.field.subscribedCpoEntities')}>
                {driver.subscribedCpoEntities.length === 0 ? (
                  dash
                ) : (
                  <span className="flex flex-wrap gap-1">
                    {driver.subscribedCpoEntities.map((code) => (
                      <Badge key={code} tone="info">
                        {nameOf(code)} ({code})
                      </Badge>
                    ))}
                  </span>
                )}
              </Field>
            )}
            <Field label={t('drivers.field.createdAt')}>{formatDateTime(driver.createdAt)}</Field>
            <Field label={t('drivers.field.updatedAt')}>{formatDateTime(driver.updatedAt)}</Field>
          </dl>
        </Card>

        <DriverUserInfoCard config={config} driverId={driver.id} />

        <Card title={t('drivers.detail.recentSessions')}>
          {sessions.length === 0 ? (
            <EmptyState
              className="py-6"
              title={t('drivers.detail.noSessions')}
              description={t('drivers.detail.noSessionsHint')}
            />
          ) : (
            <div
              className="-m-4 overflow-x-auto"
              tabIndex={0}
              role="group"
              aria-label={t('drivers.detail.recentSessions')}
            >
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t('drivers.detail.recentSessions')}</caption>
                <thead className="bg-slate-50">
                  <tr>
                    {[
                      ['start', 'left'],
                      ['location', 'left'],
                      ['evse', 'left'],
                      ['plate', 'left'],
                      ['status', 'left'],
                      ['energy', 'right'],
                      ['cost', 'right'],
                    ].map(([key, align]) => (
                      <th
                        key={key}
                        scope="col"
                        className={`border-b border-slate-200 px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase ${align === 'right' ? 'text-right' : 'text-left'}`}
                      >
                        {t(`drivers.session.${key ?? ''}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sessions.map((s) => (
                    <tr key={s.uid} className="border-b border-slate-100 last:border-b-0">
                      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(s.startDateTime)}</td>
                      <td className="max-w-64 truncate px-3 py-2">{s.locationName}</td>
                      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{s.evseId}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{s.licensePlate ?? dash}</td>
                      <td className="px-3 py-2">
                        <SessionStatusBadge status={s.status} />
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatKwh(s.kWh, i18n.language)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatUnits(s.totalCost, s.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </>
  )
}

/** /drivers/{driverId} and /limo/drivers/{driverId}: the profile, charging totals and the newest sessions. */
export function DriverPage() {
  const { t } = useTranslation()
  const config = useDriverVariant()
  const driverId = useParams().driverId ?? ''
  const query = useDriver(config, driverId)
  if (!query.data)
    return (
      <DetailState
        valid={driverId !== ''}
        query={query}
        title={t('drivers.detail.title')}
        breadcrumb={<BackToList config={config} />}
        notFoundTitle={t('drivers.detail.notFound')}
        notFoundDescription={t('drivers.detail.notFoundDescription')}
      />
    )
  return <DriverView data={query.data} config={config} />
}
