import { useId } from 'react'
import { ChartSvg, ChartTooltip, CHART_STYLE, useActivePoint } from './chart-parts'
import { barPath, labelStep, linear, niceTicks, textWidth } from './scale'
import { useElementWidth } from './use-element-width'

export interface ColumnSeries<D> {
  key: string
  /** Names the series in the tooltip. */
  label: string
  color: string
  value: (datum: D) => number
  /** The value as the tooltip shows it. */
  format: (value: number) => string
  /** Columns (the default) or a line through the columns' centres. */
  kind?: 'bar' | 'line'
  /** Which value axis: the left (default) or the right one. */
  axis?: 'left' | 'right'
}

export interface ColumnChartProps<D> {
  data: readonly D[]
  series: readonly ColumnSeries<D>[]
  /** A point's name on the axis (a day). */
  tick: (datum: D) => string
  /** A point's name in the tooltip; the axis name by default. */
  title?: (datum: D) => string
  /** The value axes' labels (compact numbers). */
  leftTick: (value: number) => string
  rightTick?: (value: number) => string
  /** Whole numbers only on the left axis (counts). */
  integers?: boolean
  /** Names the chart for assistive technology; its figures are in the table beside it. */
  label: string
  height?: number
  maxBarWidth?: number
}

const MARGIN = { top: 8, right: 8, bottom: 22 }

/**
 * Columns over a run of categories (days, weeks), with an optional line on a second axis: the CPO and EMSP homes'
 * trend and the carbon dashboard's rebates and energy. Responsive in width; hover, touch or arrow keys show a
 * point's figures.
 */
export function ColumnChart<D>({
  data,
  series,
  tick,
  title = tick,
  leftTick,
  rightTick = leftTick,
  integers = false,
  label,
  height = 256,
  maxBarWidth = 28,
}: ColumnChartProps<D>) {
  const { ref, width } = useElementWidth<HTMLDivElement>()
  const clipId = useId()
  const { active, setActive, focusProps } = useActivePoint(data.length)

  const bars = series.filter((s) => (s.kind ?? 'bar') === 'bar')
  const onAxis = (axis: 'left' | 'right') => series.filter((s) => (s.axis ?? 'left') === axis)
  const extent = (list: readonly ColumnSeries<D>[]) => {
    const values = list.flatMap((s) => data.map(s.value))
    return [Math.min(0, ...values), Math.max(0, ...values)] as const
  }
  const [leftMin, leftMax] = extent(onAxis('left'))
  const leftTicks = niceTicks(leftMin, leftMax, 5, integers)
  const hasRight = onAxis('right').length > 0
  const [rightMin, rightMax] = extent(onAxis('right'))
  const rightTicks = hasRight ? niceTicks(rightMin, rightMax, 5) : []

  const axisWidth = (ticks: number[], format: (v: number) => string) =>
    Math.max(28, ...ticks.map((t) => textWidth(format(t)))) + 8
  const left = axisWidth(leftTicks, leftTick)
  const right = hasRight ? axisWidth(rightTicks, rightTick) : MARGIN.right
  const plotWidth = Math.max(0, width - left - right)
  const plotHeight = height - MARGIN.top - MARGIN.bottom
  const bottom = MARGIN.top + plotHeight

  const yLeft = linear([leftTicks[0] ?? 0, leftTicks.at(-1) ?? 1], [bottom, MARGIN.top])
  const yRight = linear([rightTicks[0] ?? 0, rightTicks.at(-1) ?? 1], [bottom, MARGIN.top])
  const yOf = (s: ColumnSeries<D>) => ((s.axis ?? 'left') === 'left' ? yLeft : yRight)

  const band = data.length > 0 ? plotWidth / data.length : 0
  const groupWidth = Math.min(band * 0.8, maxBarWidth * Math.max(1, bars.length))
  const barWidth = bars.length > 0 ? groupWidth / bars.length : 0
  const centre = (i: number) => left + band * i + band / 2
  const step = labelStep(band, Math.max(0, ...data.map((d) => textWidth(tick(d)))))

  const picked = active === null ? undefined : data[active]

  return (
    <div ref={ref} className="relative w-full" style={{ height }}>
      {width > 0 && (
        <ChartSvg label={label} width={width} height={height} focusProps={focusProps}>
          <defs>
            <clipPath id={clipId}>
              <rect x={left} y={MARGIN.top} width={plotWidth} height={plotHeight} />
            </clipPath>
          </defs>
          {leftTicks.map((t) => (
            <g key={`l${String(t)}`}>
              <line x1={left} x2={left + plotWidth} y1={yLeft(t)} y2={yLeft(t)} stroke={CHART_STYLE.grid} />
              <text
                x={left - 8}
                y={yLeft(t)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={CHART_STYLE.fontSize}
                fill={CHART_STYLE.text}
              >
                {leftTick(t)}
              </text>
            </g>
          ))}
          {rightTicks.map((t) => (
            <text
              key={`r${String(t)}`}
              x={left + plotWidth + 8}
              y={yRight(t)}
              dominantBaseline="middle"
              fontSize={CHART_STYLE.fontSize}
              fill={CHART_STYLE.text}
            >
              {rightTick(t)}
            </text>
          ))}
          {active !== null && (
            <rect
              x={left + band * active}
              y={MARGIN.top}
              width={band}
              height={plotHeight}
              fill={CHART_STYLE.cursor}
            />
          )}
          <g clipPath={`url(#${clipId})`}>
            {bars.map((s, k) =>
              data.map((d, i) => {
                const value = s.value(d)
                const y0 = yOf(s)(0)
                const y1 = yOf(s)(value)
                const x = centre(i) - groupWidth / 2 + k * barWidth
                const h = Math.abs(y0 - y1)
                if (h < 0.5) return null
                return (
                  <path
                    key={`${s.key}${String(i)}`}
                    d={
                      value >= 0
                        ? barPath(x, y1, barWidth, h, 3, 'top')
                        : `M${x},${y0}h${barWidth}v${h}h${-barWidth}Z`
                    }
                    style={{ fill: s.color }}
                  />
                )
              }),
            )}
            {series
              .filter((s) => s.kind === 'line')
              .map((s) => (
                <path
                  key={s.key}
                  d={data.map((d, i) => `${i === 0 ? 'M' : 'L'}${centre(i)},${yOf(s)(s.value(d))}`).join('')}
                  fill="none"
                  style={{ stroke: s.color }}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
              ))}
          </g>
          {picked !== undefined &&
            active !== null &&
            series
              .filter((s) => s.kind === 'line')
              .map((s) => (
                <circle
                  key={s.key}
                  cx={centre(active)}
                  cy={yOf(s)(s.value(picked))}
                  r={4}
                  fill="#fff"
                  style={{ stroke: s.color }}
                  strokeWidth={2}
                />
              ))}
          <line x1={left} x2={left + plotWidth} y1={bottom} y2={bottom} stroke={CHART_STYLE.axis} />
          {data.map((d, i) =>
            i % step === 0 ? (
              <text
                key={`x${String(i)}`}
                x={centre(i)}
                y={bottom + 15}
                textAnchor="middle"
                fontSize={CHART_STYLE.fontSize}
                fill={CHART_STYLE.text}
              >
                {tick(d)}
              </text>
            ) : null,
          )}
          {data.map((_, i) => (
            <rect
              key={`hit${String(i)}`}
              data-testid="chart-point"
              x={left + band * i}
              y={MARGIN.top}
              width={band}
              height={plotHeight}
              fill="transparent"
              onPointerEnter={() => setActive(i)}
              onPointerDown={() => setActive(i)}
            />
          ))}
        </ChartSvg>
      )}
      {picked !== undefined && active !== null && (
        <ChartTooltip
          x={centre(active)}
          y={MARGIN.top}
          width={width}
          title={title(picked)}
          rows={series.map((s) => ({
            label: s.label,
            value: s.format(s.value(picked)),
            color: s.color,
            mark: s.kind === 'line' ? 'line' : 'square',
          }))}
        />
      )}
    </div>
  )
}
