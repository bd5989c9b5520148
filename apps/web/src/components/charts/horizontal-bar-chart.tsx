import { ChartSvg, ChartTooltip, CHART_STYLE, useActivePoint } from './chart-parts'
import { barPath, labelStep, linear, niceTicks, textWidth, truncate } from './scale'
import { useElementWidth } from './use-element-width'

export interface HorizontalBarChartProps<D> {
  data: readonly D[]
  name: (datum: D) => string
  value: (datum: D) => number
  /** Names the value in the tooltip. */
  valueLabel: string
  /** The value as the tooltip shows it. */
  format: (value: number) => string
  /** The value axis' labels (compact numbers). */
  tick: (value: number) => string
  color: string
  /** Names the chart for assistive technology; its figures are in the table beside it. */
  label: string
  /** The widest the names' column gets, in px; long names are cut with an ellipsis. */
  nameWidth?: number
  rowHeight?: number
  maxBarHeight?: number
}

const MARGIN = { top: 4, right: 16, bottom: 22 }

/** Ranked bars, longest first as given, named on the left: the carbon dashboard's top partners and locations. */
export function HorizontalBarChart<D>({
  data,
  name,
  value,
  valueLabel,
  format,
  tick,
  color,
  label,
  nameWidth = 168,
  rowHeight = 40,
  maxBarHeight = 22,
}: HorizontalBarChartProps<D>) {
  const { ref, width } = useElementWidth<HTMLDivElement>()
  const { active, setActive, focusProps } = useActivePoint(data.length)
  const height = Math.max(120, data.length * rowHeight + MARGIN.top + MARGIN.bottom)

  // On a narrow card the names give up room first, down to under half the width.
  const namesWidth = Math.min(nameWidth, Math.max(72, Math.floor(width * 0.45)))
  // Names are mostly lower-case Latin, a little narrower than the axis labels' estimate.
  const maxChars = Math.max(6, Math.floor((namesWidth - 8) / (CHART_STYLE.fontSize * 0.55)))
  const ticks = niceTicks(Math.min(0, ...data.map(value)), Math.max(0, ...data.map(value)), 4)
  const left = namesWidth
  const plotWidth = Math.max(0, width - left - MARGIN.right)
  const plotHeight = height - MARGIN.top - MARGIN.bottom
  const bottom = MARGIN.top + plotHeight
  const x = linear([ticks[0] ?? 0, ticks.at(-1) ?? 1], [left, left + plotWidth])
  const row = data.length > 0 ? plotHeight / data.length : 0
  const barHeight = Math.min(maxBarHeight, row * 0.7)
  const middle = (i: number) => MARGIN.top + row * i + row / 2
  const tickStep = labelStep(
    plotWidth / Math.max(1, ticks.length - 1),
    Math.max(0, ...ticks.map((t) => textWidth(tick(t)))),
    8,
  )
  const picked = active === null ? undefined : data[active]

  return (
    <div ref={ref} className="relative w-full" style={{ height }}>
      {width > 0 && (
        <ChartSvg label={label} width={width} height={height} focusProps={focusProps}>
          {ticks.map((t, i) => (
            <g key={String(t)}>
              <line x1={x(t)} x2={x(t)} y1={MARGIN.top} y2={bottom} stroke={CHART_STYLE.grid} />
              {i % tickStep === 0 && (
                <text
                  x={x(t)}
                  y={bottom + 15}
                  textAnchor="middle"
                  fontSize={CHART_STYLE.fontSize}
                  fill={CHART_STYLE.text}
                >
                  {tick(t)}
                </text>
              )}
            </g>
          ))}
          {active !== null && (
            <rect x={0} y={MARGIN.top + row * active} width={width} height={row} fill={CHART_STYLE.cursor} />
          )}
          {data.map((d, i) => {
            const v = value(d)
            const x0 = x(0)
            const length = Math.abs(x(v) - x0)
            return (
              <g key={`${name(d)}${String(i)}`}>
                <text
                  x={left - 8}
                  y={middle(i)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize={CHART_STYLE.fontSize}
                  fill={CHART_STYLE.text}
                >
                  {truncate(name(d), maxChars)}
                </text>
                {length >= 0.5 && (
                  <path
                    d={barPath(
                      v >= 0 ? x0 : x0 - length,
                      middle(i) - barHeight / 2,
                      length,
                      barHeight,
                      3,
                      'right',
                    )}
                    style={{ fill: color }}
                  />
                )}
              </g>
            )
          })}
          {data.map((_, i) => (
            <rect
              key={`hit${String(i)}`}
              data-testid="chart-point"
              x={0}
              y={MARGIN.top + row * i}
              width={width}
              height={row}
              fill="transparent"
              onPointerEnter={() => setActive(i)}
              onPointerDown={() => setActive(i)}
            />
          ))}
        </ChartSvg>
      )}
      {picked !== undefined && active !== null && (
        <ChartTooltip
          x={Math.min(x(Math.max(0, value(picked))), width * 0.55)}
          y={middle(active) - 12}
          width={width}
          title={name(picked)}
          rows={[{ label: valueLabel, value: format(value(picked)), color }]}
        />
      )}
    </div>
  )
}
