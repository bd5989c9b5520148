import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { formatCount } from '@/components/ev-overview/format'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useVisibleLinks } from '@/lib/nav/use-visible-links'
import { useSession } from '@/lib/session/session-store'
import { useEmspHome } from './api/home-api'
import { HomeFrame, TopTable } from './home-parts'
import { isEmptyEmspHome, sessionsHref } from './home-model'
import { FigureLine, PeriodFigures } from './home-periods'
import { TrendChart } from './trend-chart'

/** The users list's URL key for the registered filter (features/ev-users). */
const USERS_REGISTERED_HREF = '/users?registered=true'

/** An entity with no EMSP business (e.g. a fleet owner landing here): say so, and offer its own screens. */
function NoCustomers({ name }: { name: string }) {
  const { t } = useTranslation()
  const links = useVisibleLinks().filter(
    (l) => !['/emsp', '/users', '/ev-charging-sessions'].includes(l.path),
  )
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <EmptyState
        title={t('evHome.emsp.emptyTitle')}
        description={t('evHome.emsp.emptyDescription', { name })}
        action={
          links.length > 0 && (
            <nav aria-label={t('evHome.emsp.elsewhere')} className="flex flex-col items-center gap-2">
              <span className="text-xs text-slate-500">{t('evHome.emsp.elsewhere')}</span>
              <ul className="flex flex-wrap justify-center gap-2">
                {links.slice(0, 6).map((l) => (
                  <li key={l.path}>
                    <Link
                      to={l.path}
                      className="inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
                    >
                      {t(`nav.${l.path}`, { defaultValue: l.title })}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )
        }
      />
    </div>
  )
}

/**
 * The EMSP home (/emsp; docs/decisions/0026-ev-home-users-devices.md): its customers' charging today and this month
 * on every network (UTC+8), what they have plugged in now, its app users, the 30-day trend and this month's top CPO
 * partners. An entity without customers or users (a fleet owner) gets an honest empty state.
 */
export function EmspHomePage() {
  const { t, i18n } = useTranslation()
  const { entityCode, entity } = useSession()
  const query = useEmspHome()
  const lang = i18n.language
  const name = entity?.name ?? entityCode ?? ''
  const emsp = entityCode
  return (
    <HomeFrame
      title={t('evHome.emsp.title')}
      description={
        // A fleet owner lands here too (A §4): only an EMSP is called one.
        entity?.industries.includes('emsp') === true ? t('evHome.emsp.subtitle', { name }) : name
      }
      query={query}
    >
      {(home) =>
        isEmptyEmspHome(home) ? (
          <NoCustomers name={name} />
        ) : (
          <div className="flex flex-col gap-6">
            <PeriodFigures
              home={home}
              sessionsLabel={t('evHome.emsp.sessions')}
              moneyLabel={t('evHome.emsp.spend')}
              side={{ emsp }}
            />

            <div className="grid gap-4 lg:grid-cols-3">
              <DetailCard
                title={t('evHome.trend.title', { days: String(home.trend.length) })}
                className="lg:col-span-2"
              >
                <TrendChart
                  trend={home.trend}
                  currencies={home.currencies}
                  revenueLabel={t('evHome.emsp.spend')}
                />
              </DetailCard>
              <DetailCard title={t('evHome.emsp.usersTitle')}>
                <dl className="divide-y divide-slate-100">
                  <FigureLine
                    large
                    label={t('evHome.emsp.usersTotal')}
                    value={formatCount(home.users.total, lang)}
                    href="/users"
                  />
                  <FigureLine
                    large
                    label={t('evHome.emsp.usersRegistered')}
                    value={formatCount(home.users.registered, lang)}
                    href={USERS_REGISTERED_HREF}
                  />
                  <FigureLine
                    large
                    label={t('evHome.emsp.usersActive')}
                    value={formatCount(home.users.active_this_month, lang)}
                  />
                </dl>
                <p className="mt-3 text-xs text-slate-500">{t('evHome.emsp.usersHint')}</p>
              </DetailCard>
            </div>

            <TopTable
              title={t('evHome.emsp.topTitle')}
              nameHeader={t('evHome.emsp.topPartner')}
              moneyHeader={t('evHome.emsp.spend')}
              emptyText={t('evHome.emsp.topEmpty')}
              rows={home.top_partners.map((p) => ({
                key: p.entity_code,
                name: p.name,
                sub: p.entity_code,
                href: sessionsHref({ cpo: p.entity_code, emsp }),
                sessions: p.sessions,
                energy_kwh: p.energy_kwh,
                revenue: p.revenue,
              }))}
            />
          </div>
        )
      }
    </HomeFrame>
  )
}
