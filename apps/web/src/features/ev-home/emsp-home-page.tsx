import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { FigureCard } from '@/components/ev-overview/figure-card'
import { formatCount, formatEnergy } from '@/components/ev-overview/format'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useVisibleLinks } from '@/lib/nav/use-visible-links'
import { useSession } from '@/lib/session/session-store'
import { useEmspHome } from './api/home-api'
import {
  FigureRow,
  HomeHeaderActions,
  HomeProblem,
  HomeSkeleton,
  MoneySub,
  moneyValue,
  refundText,
  TopTable,
} from './home-parts'
import { isEmptyEmspHome, RUNNING_STATUSES, sessionsHref } from './home-model'
import { TrendChart } from './trend-chart'

/** The users list's URL key for the registered filter (features/ev-users). */
const USERS_REGISTERED_HREF = '/users?registered=true'

function UsersLine({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">
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

  const header = (
    <PageHeader
      title={t('evHome.emsp.title')}
      description={
        // A fleet owner lands here too (A §4): only an EMSP is called one.
        entity?.industries.includes('emsp') === true ? t('evHome.emsp.subtitle', { name }) : name
      }
      actions={
        <HomeHeaderActions
          generatedAt={query.data?.generated_at}
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
  if (isEmptyEmspHome(home)) {
    return (
      <>
        {header}
        <NoCustomers name={name} />
      </>
    )
  }
  const emsp = entityCode
  const todaySpend = moneyValue(home.today.revenue, home.currency)
  const monthSpend = moneyValue(home.month.revenue, home.currency)
  const monthRefunds = refundText(home.month.refunded, home.currency)

  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <FigureRow title={t('evHome.today')} note={t('evHome.sgt')}>
          <FigureCard
            label={t('evHome.emsp.sessions')}
            value={formatCount(home.today.sessions, lang)}
            href={sessionsHref({ from: home.today.from, to: home.generated_at, emsp })}
          />
          <FigureCard label={t('evHome.energy')} value={formatEnergy(home.today.energy_kwh, lang)} />
          <FigureCard
            label={t('evHome.emsp.spend')}
            value={todaySpend.main}
            sub={<MoneySub list={home.today.revenue} more={todaySpend.more} />}
          />
          <FigureCard
            label={t('evHome.now')}
            tone="live"
            value={formatCount(home.active_sessions.total, lang)}
            sub={t('evHome.nowSplit', {
              charging: formatCount(home.active_sessions.charging, lang),
              hogging: formatCount(home.active_sessions.hogging, lang),
            })}
            href={sessionsHref({ statuses: RUNNING_STATUSES, emsp })}
          />
        </FigureRow>

        <FigureRow title={t('evHome.month')} note={t('evHome.sgt')}>
          <FigureCard
            label={t('evHome.emsp.sessions')}
            value={formatCount(home.month.sessions, lang)}
            href={sessionsHref({ from: home.month.from, to: home.generated_at, emsp })}
          />
          <FigureCard label={t('evHome.energy')} value={formatEnergy(home.month.energy_kwh, lang)} />
          <FigureCard
            label={t('evHome.emsp.spend')}
            value={monthSpend.main}
            sub={<MoneySub list={home.month.revenue} more={monthSpend.more} />}
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
              revenueLabel={t('evHome.emsp.spend')}
            />
          </DetailCard>
          <DetailCard title={t('evHome.emsp.usersTitle')}>
            <dl className="divide-y divide-slate-100">
              <UsersLine
                label={t('evHome.emsp.usersTotal')}
                value={formatCount(home.users.total, lang)}
                href="/users"
              />
              <UsersLine
                label={t('evHome.emsp.usersRegistered')}
                value={formatCount(home.users.registered, lang)}
                href={USERS_REGISTERED_HREF}
              />
              <UsersLine
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
    </>
  )
}
