import type { HomeTrendPoint } from '@portal/contract'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ColumnChart } from '@/components/charts/column-chart'
import { formatUnits } from '@/components/charging-session/session-format'
import { cn } from '@/components/ui/cn'
import type { TrendMetric } from './home-model'
import { trendMetrics, trendValues } from './home-model'

/** The rollups' days are Singapore days: label them in Singapore time whatever the browser's zone. */
const SGT = 'Asia/Singapore'

function metricLabel(t: (key: string, o?: Record<string, string>) => string, metric: TrendMetric): string {
  if (metric === 'sessions') return t('evHome.trend.sessions')
  if (metric === 'energy') return t('evHome.trend.energy')
  return t('evHome.trend.revenue', { currency: metric.slice('revenue:'.length) })
}

/**
 * The daily trend (30 UTC+8 days) as columns: sessions, energy or one currency's revenue, picked with a segmented
 * control. A visually hidden table carries the same numbers for screen readers; the chart shows a day's figure on
 * hover or with the arrow keys.
 */
export function TrendChart({
  trend,
  currencies,
  revenueLabel,
}: {
  trend: readonly HomeTrendPoint[]
  currencies: readonly string[]
  /** 'Revenue' on the CPO home, 'Spend' on the EMSP home. */
  revenueLabel: string
}) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const metrics = trendMetrics(currencies)
  const [picked, setPicked] = useState<TrendMetric>('sessions')
  const metric = metrics.includes(picked) ? picked : 'sessions'
  const data = useMemo(() => trendValues(trend, metric), [trend, metric])
  const day = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: SGT }),
    [i18n.language],
  )
  const format = (value: number) => {
    if (metric === 'sessions') return value.toLocaleString(i18n.language)
    if (metric === 'energy') return `${value.toLocaleString(i18n.language, { maximumFractionDigits: 1 })} kWh`
    return formatUnits(value, metric.slice('revenue:'.length))
  }
  const label = (m: TrendMetric) =>
    m.startsWith('revenue:') ? `${revenueLabel} (${m.slice('revenue:'.length)})` : metricLabel(t, m)
  const total = data.reduce((s, p) => s + p.value, 0)

  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label={t('evHome.trend.metric')} className="flex flex-wrap gap-1">
        {metrics.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === metric}
            onClick={() => setPicked(m)}
            className={cn(
              'h-7 rounded-md border px-2.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
              m === metric
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {label(m)}
          </button>
        ))}
      </div>
      <figure aria-labelledby={`${id}-caption`} className="m-0">
        <figcaption id={`${id}-caption`} className="sr-only">
          {t('evHome.trend.caption', { metric: label(metric), days: String(trend.length) })}
        </figcaption>
        <ColumnChart
          data={data}
          label={t('evHome.trend.caption', { metric: label(metric), days: String(trend.length) })}
          tick={(p) => day.format(p.day)}
          integers={metric === 'sessions'}
          leftTick={(v) => v.toLocaleString(i18n.language, { notation: 'compact' })}
          series={[
            {
              key: 'value',
              label: label(metric),
              color: 'var(--color-brand-600)',
              value: (p) => p.value,
              format,
            },
          ]}
        />
        <table className="sr-only">
          <caption>
            {t('evHome.trend.caption', { metric: label(metric), days: String(trend.length) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('evHome.trend.day')}</th>
              <th scope="col">{label(metric)}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.day}>
                <th scope="row">{day.format(p.day)}</th>
                <td>{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <p className="text-xs text-slate-500">
        {t('evHome.trend.total', { days: String(trend.length), total: format(total) })}
      </p>
    </div>
  )
}
