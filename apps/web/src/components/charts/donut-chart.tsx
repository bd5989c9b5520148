import { ChartSvg, ChartTooltip, useActivePoint } from './chart-parts'

export interface DonutChartProps<D> {
  data: readonly D[]
  name: (datum: D) => string
  value: (datum: D) => number
  color: (datum: D, index: number) => string
  /** Names the value in the tooltip. */
  valueLabel: string
  /** The value as the tooltip shows it. */
  format: (value: number) => string
  /** Names the chart for assistive technology; its figures are in the table beside it. */
  label: string
  /** Width and height, in px. */
  size?: number
  /** The hole, as a share of the radius. */
  inner?: number
}

const GAP_DEGREES = 1

function point(cx: number, cy: number, r: number, angle: number) {
  return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)] as const
}

/** A ring slice from `start` to `end` (radians, clockwise from twelve o'clock). */
function slicePath(c: number, outer: number, inner: number, start: number, end: number): string {
  const large = end - start > Math.PI ? 1 : 0
  const [x0, y0] = point(c, c, outer, start)
  const [x1, y1] = point(c, c, outer, end)
  const [x2, y2] = point(c, c, inner, end)
  const [x3, y3] = point(c, c, inner, start)
  return `M${x0},${y0}A${outer},${outer} 0 ${large} 1 ${x1},${y1}L${x2},${y2}A${inner},${inner} 0 ${large} 0 ${x3},${y3}Z`
}

/** Shares of a whole as a ring, clockwise from the top: the carbon dashboard's scenarios. */
export function DonutChart<D>({
  data,
  name,
  value,
  color,
  valueLabel,
  format,
  label,
  size = 160,
  inner = 0.58,
}: DonutChartProps<D>) {
  const { active, setActive, focusProps } = useActivePoint(data.length)
  const total = data.reduce((sum, d) => sum + Math.max(0, value(d)), 0)
  const c = size / 2
  const outer = c - 2
  const hole = outer * inner
  const gap = data.length > 1 ? (GAP_DEGREES * Math.PI) / 180 : 0
  let angle = 0
  const slices = data.map((d, i) => {
    const sweep = total > 0 ? (Math.max(0, value(d)) / total) * Math.PI * 2 : 0
    const start = angle
    angle += sweep
    return { d, i, start, end: start + sweep, sweep }
  })
  const picked = active === null ? undefined : slices[active]
  const [tipX, tipY] = picked ? point(c, c, (outer + hole) / 2, picked.start + picked.sweep / 2) : [0, 0]

  return (
    <div className="relative" style={{ width: size, height: size }}>
      <ChartSvg label={label} width={size} height={size} round="full" focusProps={focusProps}>
        {slices.map(({ d, i, start, end, sweep }) =>
          sweep <= 0 ? null : sweep >= Math.PI * 2 - 1e-6 ? (
            // A single slice is the whole ring: two half arcs, since one arc cannot start and end at one point.
            <path
              key={i}
              data-testid="chart-point"
              d={`${slicePath(c, outer, hole, 0, Math.PI)}${slicePath(c, outer, hole, Math.PI, Math.PI * 2)}`}
              style={{ fill: color(d, i) }}
              onPointerEnter={() => setActive(i)}
              onPointerDown={() => setActive(i)}
            />
          ) : (
            <path
              key={i}
              data-testid="chart-point"
              d={slicePath(c, active === i ? outer + 2 : outer, hole, start + gap / 2, end - gap / 2)}
              style={{ fill: color(d, i) }}
              stroke="#fff"
              strokeWidth={1}
              onPointerEnter={() => setActive(i)}
              onPointerDown={() => setActive(i)}
            />
          ),
        )}
      </ChartSvg>
      {picked && (
        <ChartTooltip
          x={tipX}
          y={tipY - 12}
          width={size}
          title={name(picked.d)}
          rows={[{ label: valueLabel, value: format(value(picked.d)), color: color(picked.d, picked.i) }]}
        />
      )}
    </div>
  )
}
