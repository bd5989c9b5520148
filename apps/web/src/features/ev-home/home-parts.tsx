import type { HomeMoney, HomeRefund } from '@portal/contract'
import { formatTime, evseStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatUnits } from '@/components/charging-session/session-format'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { FigureCardSkeleton } from '@/components/ev-overview/figure-card'
import { formatEnergy } from '@/components/ev-overview/format'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { isForbidden } from '@/lib/http'
import type { Segment, StatusTone } from './home-model'
import { serverMessage } from '@/lib/server-messages'

/** "Singapore time · updated 3:04 PM" and a refresh button, for the page header. */
export function HomeHeaderActions({
  generatedAt,
  fetching,
  onRefresh,
}: {
  generatedAt: number | undefined
  fetching: boolean
  onRefresh: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      {generatedAt !== undefined && (
        <span className="text-xs text-slate-500" aria-live="polite">
          {t('evHome.updated', { time: formatTime(generatedAt) })}
        </span>
      )}
      <Button variant="classic" size="sm" onClick={onRefresh} loading={fetching}>
        {t('evHome.refresh')}
      </Button>
    </>
  )
}

/** A money figure: the first currency large, any others under it (never added together). */
export function moneyValue(
  list: readonly HomeMoney[],
  fallbackCurrency: string,
): { main: string; more: string[] } {
  const [first, ...rest] = list
  return {
    main: formatUnits(first?.incl_vat ?? 0, first?.currency ?? fallbackCurrency),
    more: rest.map((m) => formatUnits(m.incl_vat, m.currency)),
  }
}

/** The second line of a money card: the other currencies, then the amounts excl. tax. */
export function MoneySub({ list, more }: { list: readonly HomeMoney[]; more: readonly string[] }) {
  const { t } = useTranslation()
  if (list.length === 0) return <>{t('evHome.noRevenue')}</>
  return (
    <>
      {more.map((m) => (
        <span key={m} className="block text-sm font-semibold text-slate-700">
          + {m}
        </span>
      ))}
      <span className="block">
        {t('evHome.exclTax', { amount: list.map((m) => formatUnits(m.excl_vat, m.currency)).join(' · ') })}
      </span>
    </>
  )
}

export function refundText(list: readonly HomeRefund[], currency: string): { main: string; more: string[] } {
  const [first, ...rest] = list
  return {
    main: formatUnits(first?.amount ?? 0, first?.currency ?? currency),
    more: rest.map((r) => formatUnits(r.amount, r.currency)),
  }
}

/** The home while its first answer loads: the cards, chart and list in outline. */
export function HomeSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-5" role="status" aria-label={label}>
      {[0, 1].map((row) => (
        <div key={row} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <FigureCardSkeleton key={i} />
          ))}
        </div>
      ))}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="h-80 animate-pulse rounded-lg border border-slate-200 bg-white lg:col-span-2" />
        <div className="h-80 animate-pulse rounded-lg border border-slate-200 bg-white" />
      </div>
    </div>
  )
}

/** The home's error: no access (403) or a failure with a retry. */
export function HomeProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation()
  const forbidden = isForbidden(error)
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <EmptyState
        icon={forbidden ? undefined : <ErrorIcon />}
        title={forbidden ? t('evHome.noAccessTitle') : t('evHome.errorTitle')}
        description={forbidden ? t('table.noAccessDescription') : serverMessage(error)}
        action={
          !forbidden && (
            <Button variant="classic" size="sm" onClick={onRetry}>
              {t('table.retry')}
            </Button>
          )
        }
      />
    </div>
  )
}

/** A titled group of figure cards ("Today", "This month"). */
export function FigureRow({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <div className="flex items-baseline gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {note && <span className="text-xs text-slate-500">{note}</span>}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">{children}</div>
    </section>
  )
}

const TONE_BAR: Record<StatusTone, string> = {
  positive: 'bg-emerald-500',
  info: 'bg-sky-500',
  warning: 'bg-amber-400',
  error: 'bg-rose-500',
  neutral: 'bg-slate-400',
}

/** The EVSEs by status as one stacked bar and a legend whose entries link to the list of each. */
export function EvseStatusBar({
  segments,
  hrefOf,
}: {
  segments: readonly Segment[]
  hrefOf?: (status: string) => string | undefined
}) {
  const { t, i18n } = useTranslation()
  if (segments.length === 0) return <p className="text-sm text-slate-500">{t('evHome.network.noEvses')}</p>
  return (
    <div className="flex flex-col gap-3">
      <div className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {segments.map((s) => (
          <div
            key={s.status}
            className={cn('h-full', TONE_BAR[s.tone])}
            style={{ width: `${String(s.percent)}%` }}
          />
        ))}
      </div>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
        {segments.map((s) => {
          const href = hrefOf?.(s.status)
          const text = (
            <>
              <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', TONE_BAR[s.tone])} />
              <span className="truncate text-slate-600">{labelOf(evseStatuses, s.status)}</span>
              <span className="ml-auto font-medium text-slate-900 tabular-nums">
                {s.count.toLocaleString(i18n.language)}
              </span>
            </>
          )
          return (
            <li key={s.status}>
              {href ? (
                <Link to={href} className="flex items-center gap-2 rounded hover:bg-slate-50 hover:underline">
                  {text}
                </Link>
              ) : (
                <span className="flex items-center gap-2">{text}</span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

export interface TopRow {
  key: string
  name: string
  sub?: string
  href: string
  sessions: number
  energy_kwh: number
  revenue: readonly { currency: string; incl_vat: number }[]
}

/** "Top this month": ranked by energy, with sessions and money per currency; each row links to its screen. */
export function TopTable({
  title,
  nameHeader,
  moneyHeader,
  rows,
  emptyText,
}: {
  title: string
  nameHeader: string
  moneyHeader: string
  rows: readonly TopRow[]
  emptyText: string
}) {
  const { t, i18n } = useTranslation()
  const head = 'px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
  return (
    <DetailCard title={title} padded={false}>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">{emptyText}</p>
      ) : (
        <>
          {/* Phones: one line of figures under each name instead of a table wider than the screen. */}
          <ol className="divide-y divide-slate-100 sm:hidden">
            {rows.map((r, i) => (
              <li key={r.key} className="flex gap-3 px-4 py-3">
                <span className="w-4 shrink-0 text-right text-sm text-slate-400 tabular-nums">{i + 1}</span>
                <div className="min-w-0">
                  <Link to={r.href} className="font-medium text-brand-700 hover:underline">
                    {r.name}
                  </Link>
                  {r.sub && <span className="block truncate text-xs text-slate-500">{r.sub}</span>}
                  <span className="mt-1 block text-xs text-slate-700 tabular-nums">
                    {[
                      t('evHome.top.sessionsCount', {
                        count: r.sessions,
                        formatted: r.sessions.toLocaleString(i18n.language),
                      }),
                      formatEnergy(r.energy_kwh, i18n.language),
                      ...r.revenue.map((m) => formatUnits(m.incl_vat, m.currency)),
                    ].join(' · ')}
                  </span>
                </div>
              </li>
            ))}
          </ol>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-slate-50">
                <tr className="border-b border-slate-200">
                  <th scope="col" className={`${head} w-8 text-right`}>
                    #
                  </th>
                  <th scope="col" className={`${head} text-left`}>
                    {nameHeader}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {t('evHome.top.sessions')}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {t('evHome.top.energy')}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {moneyHeader}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.key} className="border-b border-slate-100 last:border-b-0">
                    <td className="px-4 py-2.5 text-right text-slate-400 tabular-nums">{i + 1}</td>
                    <td className="max-w-96 px-4 py-2.5">
                      <Link to={r.href} className="font-medium text-brand-700 hover:underline">
                        {r.name}
                      </Link>
                      {r.sub && <span className="block truncate text-xs text-slate-500">{r.sub}</span>}
                    </td>
                    <td className="px-4 py-2.5 text-right tabular-nums">
                      {r.sessions.toLocaleString(i18n.language)}
                    </td>
                    <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums">
                      {formatEnergy(r.energy_kwh, i18n.language)}
                    </td>
                    <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums">
                      {r.revenue.length === 0
                        ? '—'
                        : r.revenue.map((m) => (
                            <span key={m.currency} className="block">
                              {formatUnits(m.incl_vat, m.currency)}
                            </span>
                          ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </DetailCard>
  )
}

/**
 * A home's frame: its header (with when the figures were computed and a refresh), then the loading skeleton, the
 * problem with a retry, or the home itself once it has loaded.
 */
export function HomeFrame<T extends { generated_at: number }>({
  title,
  description,
  query,
  children,
}: {
  title: string
  description: string
  query: UseQueryResult<T>
  children: (home: T) => ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <HomeHeaderActions
            generatedAt={query.data?.generated_at}
            fetching={query.isFetching}
            onRefresh={() => void query.refetch()}
          />
        }
      />
      {query.isPending ? (
        <HomeSkeleton label={t('evHome.loading')} />
      ) : query.isError ? (
        <HomeProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </>
  )
}
