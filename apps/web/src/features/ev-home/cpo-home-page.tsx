import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { FigureCard } from '@/components/ev-overview/figure-card'
import { formatCount, formatEnergy } from '@/components/ev-overview/format'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useSession } from '@/lib/session/session-store'
import { useCpoHome } from './api/home-api'
import {
  EvseStatusBar,
  FigureRow,
  HomeHeaderActions,
  HomeProblem,
  HomeSkeleton,
  MoneySub,
  moneyValue,
  refundText,
  TopTable,
} from './home-parts'
import { evseSegments, isEmptyCpoHome, RUNNING_STATUSES, sessionsHref } from './home-model'
import { TrendChart } from './trend-chart'

/** The EV devices list's URL keys (features/ev-devices): the home links to its connectivity filter. */
const devicesHref = (connectivity?: 'ONLINE' | 'OFFLINE') =>
  connectivity ? `/ev-devices?connectivity=${connectivity}` : '/ev-devices'

/**
 * The charge locations list's URL keys (features/charge-locations): its EVSE status filter, every country (the
 * list opens on SG; the home counts the whole network).
 */
const locationsWithStatusHref = (status: string) =>
  `/charge-locations?evse_status=${encodeURIComponent(status)}&country=ALL`

function NetworkLine({
  label,
  value,
  href,
  warn,
}: {
  label: string
  value: string
  href?: string
  warn?: boolean
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={
          warn ? 'font-semibold text-amber-700 tabular-nums' : 'font-semibold text-slate-900 tabular-nums'
        }
      >
        {href ? (
          <Link to={href} aria-label={`${label}: ${value}`} className="hover:underline">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
    </div>
  )
}

/**
 * The CPO home (/cpo; docs/decisions/0026-ev-home-users-devices.md): today and this month on the entity's chargers
 * (UTC+8), what is plugged in now, the 30-day trend, the network and this month's top locations. Each figure links
 * to the list behind it.
 */
export function CpoHomePage() {
  const { t, i18n } = useTranslation()
  const { entityCode, entity } = useSession()
  const query = useCpoHome()
  const h = query.data
  const lang = i18n.language

  const header = (
    <PageHeader
      title={t('evHome.cpo.title')}
      description={
        // A carbon-credit CPO lands here too (A §4): only a CPO is called one.
        entity?.industries.includes('cpo') === true
          ? t('evHome.cpo.subtitle', { name: entity.name })
          : (entity?.name ?? entityCode ?? '')
      }
      actions={
        <HomeHeaderActions
          generatedAt={h?.generated_at}
          fetching={query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      }
    />
  )
  if (query.isPending) {
    return (
      <>
        {header}
        <HomeSkeleton label={t('evHome.loading')} />
      </>
    )
  }
  if (query.isError) {
    return (
      <>
        {header}
        <HomeProblem error={query.error} onRetry={() => void query.refetch()} />
      </>
    )
  }
  const home = query.data
  if (isEmptyCpoHome(home)) {
    return (
      <>
        {header}
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title={t('evHome.cpo.emptyTitle')}
            description={t('evHome.cpo.emptyDescription')}
            action={
              <Link to="/charge-locations" className="text-sm font-medium text-brand-700 hover:underline">
                {t('evHome.cpo.emptyAction')}
              </Link>
            }
          />
        </div>
      </>
    )
  }

  const cpo = entityCode
  const todayRevenue = moneyValue(home.today.revenue, home.currency)
  const monthRevenue = moneyValue(home.month.revenue, home.currency)
  const monthRefunds = refundText(home.month.refunded, home.currency)
  const n = home.network

  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <FigureRow title={t('evHome.today')} note={t('evHome.sgt')}>
          <FigureCard
            label={t('evHome.cpo.sessions')}
            value={formatCount(home.today.sessions, lang)}
            href={sessionsHref({ from: home.today.from, to: home.generated_at, cpo })}
          />
          <FigureCard label={t('evHome.energy')} value={formatEnergy(home.today.energy_kwh, lang)} />
          <FigureCard
            label={t('evHome.cpo.revenue')}
            value={todayRevenue.main}
            sub={<MoneySub list={home.today.revenue} more={todayRevenue.more} />}
          />
          <FigureCard
            label={t('evHome.now')}
            tone="live"
            value={formatCount(home.active_sessions.total, lang)}
            sub={t('evHome.nowSplit', {
              charging: formatCount(home.active_sessions.charging, lang),
              hogging: formatCount(home.active_sessions.hogging, lang),
            })}
            href={sessionsHref({ statuses: RUNNING_STATUSES, cpo })}
          />
        </FigureRow>

        <FigureRow title={t('evHome.month')} note={t('evHome.sgt')}>
          <FigureCard
            label={t('evHome.cpo.sessions')}
            value={formatCount(home.month.sessions, lang)}
            href={sessionsHref({ from: home.month.from, to: home.generated_at, cpo })}
          />
          <FigureCard label={t('evHome.energy')} value={formatEnergy(home.month.energy_kwh, lang)} />
          <FigureCard
            label={t('evHome.cpo.revenue')}
            value={monthRevenue.main}
            sub={<MoneySub list={home.month.revenue} more={monthRevenue.more} />}
          />
          <FigureCard
            label={t('evHome.refunds')}
            value={monthRefunds.main}
            sub={
              monthRefunds.more.length > 0 ? `+ ${monthRefunds.more.join(' · ')}` : t('evHome.refundsHint')
            }
          />
        </FigureRow>

        <div className="grid gap-4 lg:grid-cols-3">
          <DetailCard
            title={t('evHome.trend.title', { days: String(home.trend.length) })}
            className="lg:col-span-2"
          >
            <TrendChart
              trend={home.trend}
              currencies={home.currencies}
              revenueLabel={t('evHome.cpo.revenue')}
            />
          </DetailCard>
          <DetailCard title={t('evHome.network.title')}>
            <dl className="divide-y divide-slate-100">
              <NetworkLine
                label={t('evHome.network.locations')}
                value={formatCount(n.locations, lang)}
                href="/charge-locations"
              />
              <NetworkLine
                label={t('evHome.network.chargers')}
                value={formatCount(n.chargers, lang)}
                href={devicesHref()}
              />
              <NetworkLine
                label={t('evHome.network.online')}
                value={formatCount(n.chargers_online, lang)}
                href={devicesHref('ONLINE')}
              />
              <NetworkLine
                label={t('evHome.network.offline')}
                value={formatCount(n.chargers_offline, lang)}
                href={devicesHref('OFFLINE')}
                warn={n.chargers_offline > 0}
              />
              <NetworkLine label={t('evHome.network.connectors')} value={formatCount(n.connectors, lang)} />
            </dl>
            <div className="mt-4 border-t border-slate-100 pt-4">
              <h3 className="mb-3 flex items-baseline justify-between text-sm font-medium text-slate-900">
                {t('evHome.network.evses')}
                <span className="font-semibold tabular-nums">{formatCount(n.evses, lang)}</span>
              </h3>
              <EvseStatusBar segments={evseSegments(n.evses_by_status)} hrefOf={locationsWithStatusHref} />
            </div>
          </DetailCard>
        </div>

        <TopTable
          title={t('evHome.cpo.topTitle')}
          nameHeader={t('evHome.cpo.topLocation')}
          moneyHeader={t('evHome.cpo.revenue')}
          emptyText={t('evHome.cpo.topEmpty')}
          rows={home.top_locations.map((l) => ({
            key: l.uid,
            name: l.name,
            sub: l.address,
            href: `/charge-locations/${encodeURIComponent(l.uid)}`,
            sessions: l.sessions,
            energy_kwh: l.energy_kwh,
            revenue: l.revenue,
          }))}
        />
      </div>
    </>
  )
}
