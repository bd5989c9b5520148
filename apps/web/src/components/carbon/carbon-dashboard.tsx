import type { CarbonDashboard } from '@portal/contract'
import {
  bucketSeries,
  formatEmissions,
  formatEnergy,
  formatMoney,
  minorUnitDigits,
  seriesBucketFor,
} from '@portal/contract'
import type { ReactNode } from 'react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ColumnChart } from '@/components/charts/column-chart'
import { DonutChart } from '@/components/charts/donut-chart'
import { HorizontalBarChart } from '@/components/charts/horizontal-bar-chart'
import { FigureCard, FigureCardSkeleton } from '@/components/ev-overview/figure-card'
import { cn } from '@/components/ui/cn'
import { ScrollRegion } from '@/components/ui/scroll-region/scroll-region'
import { tableEmissions, tableEnergy } from './carbon-format'

/** The programme's days are Singapore days: label them in Singapore time whatever the browser's zone. */
export const PROGRAMME_TIME_ZONE = 'Asia/Singapore'
const DAY_MS = 86_400_000

/** Scenario colours, in order of the scenarios' share (distinct at a glance, readable on white). */
export const SCENARIO_COLOURS = [
  '#059669',
  '#2563eb',
  '#d97706',
  '#7c3aed',
  '#e11d48',
  '#0891b2',
  '#65a30d',
  '#64748b',
]
const REBATES_COLOUR = '#059669'
const ENERGY_COLOUR = '#0284c7'

/**
 * A chart panel: the chart for the eye (a named image, whose figures show on hover or with the arrow keys), and the
 * same figures as a table — visually hidden for screen readers while the chart shows, on screen when "Show as table"
 * is pressed.
 */
export function ChartCard({
  title,
  description,
  chart,
  table,
  empty,
  className,
}: {
  title: string
  description?: string
  chart: ReactNode
  table: ReactNode
  empty?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const [asTable, setAsTable] = useState(false)
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white shadow-xs', className)}
    >
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-xs text-slate-500">{description}</p>}
        </div>
        {!empty && (
          <button
            type="button"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
            className="h-7 rounded-md border border-slate-300 bg-white px-2.5 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            {t('carbon.dashboard.showTable')}
          </button>
        )}
      </div>
      <div className="flex-1 p-4">
        {empty ? (
          <p className="py-10 text-center text-sm text-slate-500">{t('carbon.dashboard.noData')}</p>
        ) : asTable ? (
          <ScrollRegion label={title} className="overflow-x-auto">
            {table}
          </ScrollRegion>
        ) : (
          <>
            {chart}
            <div className="sr-only">{table}</div>
          </>
        )}
      </div>
    </section>
  )
}

/** A plain, dense table of figures (the charts' accessible twin). */
export function FigureTable({
  caption,
  headers,
  rows,
}: {
  caption: string
  headers: readonly string[]
  rows: readonly (readonly ReactNode[])[]
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {headers.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={cn(
                'border-b border-slate-200 px-2 py-1.5 text-xs font-semibold whitespace-nowrap text-slate-600',
                i === 0 ? 'text-left' : 'text-right',
              )}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-b border-slate-100 last:border-b-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-2 py-1.5 text-left font-normal text-slate-800">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function useDayFormat() {
  const { i18n } = useTranslation()
  return useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        month: 'short',
        day: 'numeric',
        timeZone: PROGRAMME_TIME_ZONE,
      }),
    [i18n.language],
  )
}

/** The four headline figures. `rebatesLabel` says whose: "Your rebates", "Credit value" for the exchange. */
export function CarbonSummaryCards({
  dashboard,
  rebatesLabel,
}: {
  dashboard: CarbonDashboard | undefined
  rebatesLabel: string
}) {
  const { t, i18n } = useTranslation()
  if (!dashboard) {
    return (
      <div
        className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4"
        role="status"
        aria-label={t('ui.loading')}
      >
        {[0, 1, 2, 3].map((i) => (
          <FigureCardSkeleton key={i} />
        ))}
      </div>
    )
  }
  const s = dashboard.summary
  const money = (minor: number) => formatMoney(minor, dashboard.currency)
  // The split under the total: amounts without the currency code, which the total above already shows.
  const amount = (minor: number) => money(minor).replace(`${dashboard.currency} `, '')
  const perKwh = s.kWh > 0 ? s.emissions_reduced / s.kWh : 0
  return (
    <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
      <FigureCard
        label={rebatesLabel}
        value={money(s.rebates)}
        sub={
          dashboard.sides.includes('CRX')
            ? t('carbon.dashboard.split', { cpo: amount(s.cpo_earnings), fo: amount(s.fo_earnings) })
            : t('carbon.dashboard.ofTotal', { total: money(s.total_earnings) })
        }
      />
      <FigureCard
        label={t('carbon.dashboard.energy')}
        value={formatEnergy(s.kWh)}
        sub={t('carbon.dashboard.sessions', {
          count: s.records,
          formatted: s.records.toLocaleString(i18n.language),
        })}
      />
      <FigureCard
        label={t('carbon.dashboard.emissions')}
        value={formatEmissions(s.emissions_reduced)}
        sub={t('carbon.dashboard.perKwh', { value: perKwh.toFixed(3) })}
      />
      <FigureCard
        label={t('carbon.dashboard.records')}
        value={s.records.toLocaleString(i18n.language)}
        sub={t('carbon.dashboard.scenarioCount', { count: dashboard.scenarios.length })}
      />
    </div>
  )
}

/** Rebates (bars) and energy (line) by day, or by week for long ranges. */
export function SeriesCard({
  dashboard,
  rebatesLabel,
}: {
  dashboard: CarbonDashboard
  rebatesLabel: string
}) {
  const { t, i18n } = useTranslation()
  const day = useDayFormat()
  const first = dashboard.series[0]?.day ?? 0
  const last = dashboard.series.at(-1)?.day ?? 0
  const size = seriesBucketFor(Math.round((last - first) / DAY_MS) + 1)
  const points = useMemo(() => bucketSeries(dashboard.series, size), [dashboard.series, size])
  const money = (minor: number) => formatMoney(minor, dashboard.currency)
  const scale = 10 ** minorUnitDigits(dashboard.currency)
  const data = points.map((p) => ({ ...p, rebatesUnits: p.rebates / scale }))
  const compact = (v: number) => v.toLocaleString(i18n.language, { notation: 'compact' })
  const label = (d: number) =>
    size === 'week' ? t('carbon.dashboard.weekOf', { day: day.format(d) }) : day.format(d)
  return (
    <ChartCard
      className="lg:col-span-2"
      title={t('carbon.dashboard.seriesTitle', { rebates: rebatesLabel })}
      description={size === 'week' ? t('carbon.dashboard.byWeek') : t('carbon.dashboard.byDay')}
      empty={points.length === 0}
      chart={
        <div className="w-full">
          <ColumnChart
            data={data}
            label={t('carbon.dashboard.seriesTitle', { rebates: rebatesLabel })}
            tick={(p) => day.format(p.day)}
            title={(p) => label(p.day)}
            leftTick={compact}
            series={[
              {
                key: 'rebates',
                label: rebatesLabel,
                color: REBATES_COLOUR,
                value: (p) => p.rebatesUnits,
                format: (v) => money(Math.round(v * scale)),
              },
              {
                key: 'energy',
                label: t('carbon.dashboard.energy'),
                color: ENERGY_COLOUR,
                kind: 'line',
                axis: 'right',
                value: (p) => p.kWh,
                format: formatEnergy,
              },
            ]}
            maxBarWidth={24}
          />
          <div className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ background: REBATES_COLOUR }} />
              {rebatesLabel} ({dashboard.currency})
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="h-0.5 w-3 rounded" style={{ background: ENERGY_COLOUR }} />
              {t('carbon.dashboard.energy')} (kWh)
            </span>
          </div>
        </div>
      }
      table={
        <FigureTable
          caption={t('carbon.dashboard.seriesTitle', { rebates: rebatesLabel })}
          headers={[
            size === 'week' ? t('carbon.dashboard.week') : t('carbon.dashboard.day'),
            rebatesLabel,
            t('carbon.dashboard.energy'),
            t('carbon.dashboard.emissions'),
            t('carbon.dashboard.records'),
          ]}
          rows={points.map((p) => [
            label(p.day),
            money(p.rebates),
            tableEnergy(p.kWh, i18n.language),
            tableEmissions(p.emissions_reduced, i18n.language),
            p.records.toLocaleString(i18n.language),
          ])}
        />
      }
    />
  )
}

/** The scenarios' shares of the emissions reduced, as a donut with its legend. */
export function ScenarioCard({ dashboard }: { dashboard: CarbonDashboard }) {
  const { t, i18n } = useTranslation()
  const data = dashboard.scenarios
  return (
    <ChartCard
      title={t('carbon.dashboard.scenarioTitle')}
      description={t('carbon.dashboard.scenarioDescription')}
      empty={data.length === 0}
      chart={
        <div className="flex flex-col items-center gap-4">
          <DonutChart
            data={data}
            label={t('carbon.dashboard.scenarioTitle')}
            name={(s) => s.scenario}
            value={(s) => s.emissions_reduced}
            color={(_, i) => SCENARIO_COLOURS[i % SCENARIO_COLOURS.length] ?? REBATES_COLOUR}
            valueLabel={t('carbon.dashboard.emissions')}
            format={formatEmissions}
          />
          <ul className="flex w-full min-w-0 flex-col gap-1.5 text-sm">
            {data.map((s, i) => (
              <li key={s.scenario} className="flex items-center gap-2">
                <span
                  className="size-2.5 shrink-0 rounded-sm"
                  style={{ background: SCENARIO_COLOURS[i % SCENARIO_COLOURS.length] }}
                />
                <span className="min-w-0 flex-1 truncate text-slate-700">{s.scenario}</span>
                <span className="font-medium text-slate-900 tabular-nums">
                  {s.percentage.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}%
                </span>
              </li>
            ))}
          </ul>
        </div>
      }
      table={
        <FigureTable
          caption={t('carbon.dashboard.scenarioTitle')}
          headers={[
            t('carbon.dashboard.scenario'),
            t('carbon.dashboard.share'),
            t('carbon.dashboard.emissions'),
            t('carbon.dashboard.energy'),
            t('carbon.dashboard.records'),
          ]}
          rows={data.map((s) => [
            s.scenario,
            `${s.percentage.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}%`,
            tableEmissions(s.emissions_reduced, i18n.language),
            tableEnergy(s.kWh, i18n.language),
            s.records.toLocaleString(i18n.language),
          ])}
        />
      }
    />
  )
}

export interface RankedItem {
  key: string
  name: string
  rebates: number
  kWh: number
  emissions_reduced: number
  records: number
}

/** A top-five list as horizontal bars of what the caller earned, longest first. */
export function RankingCard({
  title,
  items,
  currency,
  rebatesLabel,
  nameHeader,
}: {
  title: string
  items: readonly RankedItem[]
  currency: string
  rebatesLabel: string
  nameHeader: string
}) {
  const { t, i18n } = useTranslation()
  const money = (minor: number) => formatMoney(minor, currency)
  const scale = 10 ** minorUnitDigits(currency)
  return (
    <ChartCard
      title={title}
      description={t('carbon.dashboard.rankedBy', { rebates: rebatesLabel.toLowerCase() })}
      empty={items.length === 0}
      chart={
        <HorizontalBarChart
          data={items}
          label={title}
          name={(i) => i.name}
          value={(i) => i.rebates / scale}
          valueLabel={rebatesLabel}
          format={(v) => money(Math.round(v * scale))}
          tick={(v) => v.toLocaleString(i18n.language, { notation: 'compact' })}
          color={REBATES_COLOUR}
        />
      }
      table={
        <FigureTable
          caption={title}
          headers={[
            nameHeader,
            rebatesLabel,
            t('carbon.dashboard.energy'),
            t('carbon.dashboard.emissions'),
            t('carbon.dashboard.records'),
          ]}
          rows={items.map((i) => [
            i.name,
            money(i.rebates),
            tableEnergy(i.kWh, i18n.language),
            tableEmissions(i.emissions_reduced, i18n.language),
            i.records.toLocaleString(i18n.language),
          ])}
        />
      }
    />
  )
}

/**
 * The summary dashboard above the records (B §3): the headline figures, rebates and energy over time, the
 * scenarios' shares, and the top five partners and locations — every figure computed by the server from the records.
 */
export function CarbonDashboardView({ dashboard }: { dashboard: CarbonDashboard }) {
  const { t } = useTranslation()
  const exchange = dashboard.sides.includes('CRX')
  const rebatesLabel = exchange ? t('carbon.dashboard.creditValue') : t('carbon.dashboard.rebates')
  const partnerItems = (role: 'CPO' | 'FO') =>
    dashboard.top_partners.filter((p) => p.role === role).map((p) => ({ key: p.entity_code, ...p }))
  const rankings: { title: string; role: 'CPO' | 'FO' }[] = []
  if (exchange || dashboard.sides.includes('FO'))
    rankings.push({ title: t('carbon.dashboard.topCpos'), role: 'CPO' })
  if (exchange || dashboard.sides.includes('CPO'))
    rankings.push({ title: t('carbon.dashboard.topFleetOwners'), role: 'FO' })
  return (
    <div className="flex flex-col gap-4">
      <CarbonSummaryCards dashboard={dashboard} rebatesLabel={rebatesLabel} />
      <div className="grid gap-4 lg:grid-cols-3">
        <SeriesCard dashboard={dashboard} rebatesLabel={rebatesLabel} />
        <ScenarioCard dashboard={dashboard} />
      </div>
      <div className={cn('grid gap-4', rankings.length > 1 ? 'lg:grid-cols-3' : 'lg:grid-cols-2')}>
        {rankings.map((r) => (
          <RankingCard
            key={r.role}
            title={r.title}
            items={partnerItems(r.role)}
            currency={dashboard.currency}
            rebatesLabel={rebatesLabel}
            nameHeader={t('carbon.dashboard.partner')}
          />
        ))}
        <RankingCard
          title={t('carbon.dashboard.topLocations')}
          items={dashboard.top_locations.map((l) => ({ key: String(l.location_id), ...l }))}
          currency={dashboard.currency}
          rebatesLabel={rebatesLabel}
          nameHeader={t('carbon.dashboard.location')}
        />
      </div>
    </div>
  )
}
