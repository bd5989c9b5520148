import type { CpoHome } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FigureCard } from '@/components/ev-overview/figure-card'
import { formatCount, formatEnergy } from '@/components/ev-overview/format'
import { cn } from '@/components/ui/cn'
import { FigureRow, MoneySub, moneyValue, refundText } from './home-parts'
import { RUNNING_STATUSES, sessionsHref } from './home-model'

/** What both homes report for today and this month (the CPO's and the EMSP's shapes share it). */
type PeriodHome = Pick<CpoHome, 'today' | 'month' | 'active_sessions' | 'currency' | 'generated_at'>

/**
 * Today and this month: sessions, energy, money, and what is plugged in now (today) or refunded (this month). The
 * two homes differ only in their words and in which side of the sessions list the links filter on.
 */
export function PeriodFigures({
  home,
  sessionsLabel,
  moneyLabel,
  side,
}: {
  home: PeriodHome
  sessionsLabel: string
  moneyLabel: string
  /** The sessions list's filter for this home's side: the CPO's own chargers, or the EMSP's customers. */
  side: { cpo: string | null } | { emsp: string | null }
}) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const refunds = refundText(home.month.refunded, home.currency)
  const period = (totals: PeriodHome['today']) => {
    const money = moneyValue(totals.revenue, home.currency)
    return (
      <>
        <FigureCard
          label={sessionsLabel}
          value={formatCount(totals.sessions, lang)}
          href={sessionsHref({ from: totals.from, to: home.generated_at, ...side })}
        />
        <FigureCard label={t('evHome.energy')} value={formatEnergy(totals.energy_kwh, lang)} />
        <FigureCard
          label={moneyLabel}
          value={money.main}
          sub={<MoneySub list={totals.revenue} more={money.more} />}
        />
      </>
    )
  }
  return (
    <>
      <FigureRow title={t('evHome.today')} note={t('evHome.sgt')}>
        {period(home.today)}
        <FigureCard
          label={t('evHome.now')}
          tone="live"
          value={formatCount(home.active_sessions.total, lang)}
          sub={t('evHome.nowSplit', {
            charging: formatCount(home.active_sessions.charging, lang),
            hogging: formatCount(home.active_sessions.hogging, lang),
          })}
          href={sessionsHref({ statuses: RUNNING_STATUSES, ...side })}
        />
      </FigureRow>
      <FigureRow title={t('evHome.month')} note={t('evHome.sgt')}>
        {period(home.month)}
        <FigureCard
          label={t('evHome.refunds')}
          value={refunds.main}
          sub={refunds.more.length > 0 ? `+ ${refunds.more.join(' · ')}` : t('evHome.refundsHint')}
        />
      </FigureRow>
    </>
  )
}

/** One figure of a side card's list (the CPO's network, the EMSP's users), linked to the list behind it. */
export function FigureLine({
  label,
  value,
  href,
  warn,
  large,
}: {
  label: string
  value: string
  href?: string
  warn?: boolean
  /** The EMSP's users card has three lines and room for larger figures. */
  large?: boolean
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', large ? 'py-2' : 'py-1.5')}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={cn(
          'font-semibold tabular-nums',
          large && 'text-lg',
          warn ? 'text-amber-700' : 'text-slate-900',
        )}
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
