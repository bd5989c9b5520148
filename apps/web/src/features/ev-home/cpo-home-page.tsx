import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { formatCount } from '@/components/ev-overview/format'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useSession } from '@/lib/session/session-store'
import { useCpoHome } from './api/home-api'
import { EvseStatusBar, HomeFrame, TopTable } from './home-parts'
import { evseSegments, isEmptyCpoHome } from './home-model'
import { FigureLine, PeriodFigures } from './home-periods'
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

/**
 * The CPO home (/cpo; docs/decisions/0026-ev-home-users-devices.md): today and this month on the entity's chargers
 * (UTC+8), what is plugged in now, the 30-day trend, the network and this month's top locations. Each figure links
 * to the list behind it.
 */
export function CpoHomePage() {
  const { t, i18n } = useTranslation()
  const { entityCode, entity } = useSession()
  const query = useCpoHome()
  const lang = i18n.language
  return (
    <HomeFrame
      title={t('evHome.cpo.title')}
      description={
        // A carbon-credit CPO lands here too (A §4): only a CPO is called one.
        entity?.industries.includes('cpo') === true
          ? t('evHome.cpo.subtitle', { name: entity.name })
          : (entity?.name ?? entityCode ?? '')
      }
      query={query}
    >
      {(home) => {
        if (isEmptyCpoHome(home)) {
          return (
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
          )
        }
        const n = home.network
        return (
          <div className="flex flex-col gap-6">
            <PeriodFigures
              home={home}
              sessionsLabel={t('evHome.cpo.sessions')}
              moneyLabel={t('evHome.cpo.revenue')}
              side={{ cpo: entityCode }}
            />

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
                  <FigureLine
                    label={t('evHome.network.locations')}
                    value={formatCount(n.locations, lang)}
                    href="/charge-locations"
                  />
                  <FigureLine
                    label={t('evHome.network.chargers')}
                    value={formatCount(n.chargers, lang)}
                    href={devicesHref()}
                  />
                  <FigureLine
                    label={t('evHome.network.online')}
                    value={formatCount(n.chargers_online, lang)}
                    href={devicesHref('ONLINE')}
                  />
                  <FigureLine
                    label={t('evHome.network.offline')}
                    value={formatCount(n.chargers_offline, lang)}
                    href={devicesHref('OFFLINE')}
                    warn={n.chargers_offline > 0}
                  />
                  <FigureLine
                    label={t('evHome.network.connectors')}
                    value={formatCount(n.connectors, lang)}
                  />
                </dl>
                <div className="mt-4 border-t border-slate-100 pt-4">
                  <h3 className="mb-3 flex items-baseline justify-between text-sm font-medium text-slate-900">
                    {t('evHome.network.evses')}
                    <span className="font-semibold tabular-nums">{formatCount(n.evses, lang)}</span>
                  </h3>
                  <EvseStatusBar
                    segments={evseSegments(n.evses_by_status)}
                    hrefOf={locationsWithStatusHref}
                  />
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
        )
      }}
    </HomeFrame>
  )
}
