import type { EvUserDetail, EvUserTotals } from '@portal/contract'
import { formatDate, formatDateTime, nationalities } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useChargingEntities } from '@/components/options/charging-entities'
import { formatUnits } from '@/components/charging-session/session-format'
import { DetailCard, Field } from '@/components/ev-overview/detail-card'
import { FigureCard } from '@/components/ev-overview/figure-card'
import { formatCount, formatEnergy } from '@/components/ev-overview/format'
import { RecentSessions } from '@/components/ev-overview/recent-sessions'
import { DetailState } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { useSession } from '@/lib/session/session-store'
import { useEvUser } from './api/ev-users-api'
import { RegisteredBadge } from './user-columns'

const DASH = '—'

/** A period's charging as three figures: sessions, energy, and spend per currency (refunds under it). */
function TotalsRow({ title, totals }: { title: string; totals: EvUserTotals }) {
  const { t, i18n } = useTranslation()
  const [first, ...rest] = totals.spend
  const refunded = totals.spend.filter((s) => s.refunded > 0)
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <FigureCard
          label={t('evUsers.detail.sessions')}
          value={formatCount(totals.sessions, i18n.language)}
        />
        <FigureCard
          label={t('evUsers.detail.energy')}
          value={formatEnergy(totals.energy_kwh, i18n.language)}
        />
        <FigureCard
          className="col-span-2 sm:col-span-1"
          label={t('evUsers.detail.spend')}
          value={first ? formatUnits(first.incl_vat, first.currency) : DASH}
          sub={
            rest.length > 0 || refunded.length > 0
              ? [
                  ...rest.map((s) => `+ ${formatUnits(s.incl_vat, s.currency)}`),
                  ...(refunded.length > 0
                    ? [
                        t('evUsers.detail.refunded', {
                          amount: refunded.map((s) => formatUnits(s.refunded, s.currency)).join(' · '),
                        }),
                      ]
                    : []),
                ].join(' · ')
              : t('evUsers.detail.inclTax')
          }
        />
      </div>
    </section>
  )
}

function Profile({ u }: { u: EvUserDetail }) {
  const { t } = useTranslation()
  const { nameOf } = useChargingEntities()
  return (
    <DetailCard title={t('evUsers.detail.profile')}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
        <Field label={t('evUsers.col.mobile_number')}>{u.mobile_number}</Field>
        <Field label={t('evUsers.col.email')}>{u.email}</Field>
        <Field label={t('evUsers.col.nationality')}>{labelOf(nationalities, u.nationality)}</Field>
        <Field label={t('evUsers.col.license_plate')}>
          {u.license_plate ? <span className="font-mono text-xs">{u.license_plate}</span> : DASH}
        </Field>
        <Field label={t('evUsers.col.is_registered')}>
          <RegisteredBadge registered={u.is_registered} />
        </Field>
        <Field label={t('evUsers.col.created_at')}>{formatDateTime(u.created_at)}</Field>
        <Field label={t('evUsers.detail.updated')}>{formatDateTime(u.updated_at)}</Field>
        <Field label={t('evUsers.col.last_session_at')}>
          {u.last_session_at === null ? DASH : formatDateTime(u.last_session_at)}
        </Field>
        <Field className="col-span-2" label={t('evUsers.detail.networks')}>
          {u.subscribed_cpo_entities.length === 0
            ? t('evUsers.detail.noNetworks')
            : u.subscribed_cpo_entities.map((code) => nameOf(code)).join(', ')}
        </Field>
        <Field className="col-span-2" label={t('evUsers.detail.uuid')}>
          <span className="font-mono text-xs">{u.uuid}</span>
        </Field>
      </dl>
    </DetailCard>
  )
}

/**
 * One app user (/users/{id}): profile, charging totals this month and all time (spend per currency), and the recent
 * sessions, each opening on the sessions list (docs/decisions/0026-ev-home-users-devices.md).
 */
export function EvUserPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const { entityCode } = useSession()
  const query = useEvUser(id)
  const { nameOf } = useChargingEntities()
  const [now] = useState(() => Date.now())
  const back = (
    <Link to="/users" className="text-brand-700 hover:underline">
      ← {t('evUsers.title')}
    </Link>
  )
  if (!query.data)
    return (
      <DetailState
        valid={id !== ''}
        query={query}
        title={t('evUsers.title')}
        breadcrumb={back}
        notFoundTitle={t('evUsers.detail.notFoundTitle')}
        notFoundDescription={t('evUsers.detail.notFoundDescription')}
      />
    )
  const u = query.data
  const plateHref =
    u.license_plate && entityCode
      ? `/ev-charging-sessions?plates=${encodeURIComponent(u.license_plate)}&emsp=${encodeURIComponent(entityCode)}`
      : undefined
  return (
    <>
      <PageHeader
        title={u.name}
        breadcrumb={back}
        description={t('evUsers.detail.joined', { date: formatDate(u.created_at) })}
        actions={<RegisteredBadge registered={u.is_registered} />}
      />
      <div className="flex flex-col gap-6">
        <Profile u={u} />
        <TotalsRow title={t('evUsers.detail.thisMonth')} totals={u.totals.this_month} />
        <TotalsRow title={t('evUsers.detail.allTime')} totals={u.totals.all_time} />
        <DetailCard
          title={t('evUsers.detail.recent')}
          padded={false}
          actions={
            plateHref && (
              <Link to={plateHref} className="text-sm font-medium text-brand-700 hover:underline">
                {t('evUsers.detail.plateSessions', { plate: u.license_plate })}
              </Link>
            )
          }
        >
          <RecentSessions
            sessions={u.recent_sessions}
            of="user"
            caption={t('evUsers.detail.recent')}
            now={now}
            nameOf={nameOf}
          />
        </DetailCard>
      </div>
    </>
  )
}
