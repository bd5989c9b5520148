import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'

/** The charts' shared look: axis text, grid and axis lines, the band under the pointer. */
export const CHART_STYLE = {
  fontSize: 11,
  text: '#64748b',
  grid: '#e2e8f0',
  axis: '#cbd5e1',
  cursor: '#f1f5f9',
} as const

/**
 * Which point of a chart is picked: the one under the pointer, or, with the chart focused, the one the arrow keys
 * moved to (Home and End jump, Escape lets go). The picked point shows its tooltip.
 */
export function useActivePoint(count: number) {
  const [active, setActive] = useState<number | null>(null)
  const clamp = (index: number) => Math.max(0, Math.min(count - 1, index))
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = active ?? -1
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? clamp(current + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? clamp(current < 0 ? count - 1 : current - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : event.key === 'Escape'
                ? null
                : undefined
    if (next === undefined) return
    event.preventDefault()
    setActive(next)
  }
  // A press focuses the chart too, and picks what it hit; only a keyboard focus picks the first point.
  const pressed = useRef(false)
  const focusProps = {
    tabIndex: 0,
    onKeyDown,
    onPointerDown: () => {
      pressed.current = true
    },
    onFocus: () => {
      if (!pressed.current) setActive((a) => a ?? 0)
      pressed.current = false
    },
    onBlur: () => setActive(null),
    onPointerLeave: () => setActive(null),
  }
  return { active: active === null || active >= count ? null : active, setActive, focusProps }
}

type FocusProps = ReturnType<typeof useActivePoint>['focusProps']

/**
 * The chart's drawing surface: one image for assistive technology (its label says what it shows; the table beside
 * each chart carries the figures), focusable to walk its points with the arrow keys.
 */
export function ChartSvg({
  label,
  width,
  height,
  round = 'sm',
  focusProps,
  children,
}: {
  label: string
  width: number
  height: number
  round?: 'sm' | 'full'
  focusProps: FocusProps
  children: ReactNode
}) {
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      className={cn(
        'block overflow-visible focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        round === 'full' ? 'rounded-full' : 'rounded-sm',
      )}
      {...focusProps}
    >
      {children}
    </svg>
  )
}

export interface TooltipRow {
  label: string
  value: string
  color?: string
  /** How the colour is drawn: a square for bars and slices, a dash for lines. */
  mark?: 'square' | 'line'
}

/**
 * The box beside the picked point, inside the chart's box (`relative`): right of the point, or left of it in the
 * right part of the chart, so it never leaves the chart.
 */
export function ChartTooltip({
  x,
  y,
  width,
  title,
  rows,
}: {
  x: number
  y: number
  width: number
  title: ReactNode
  rows: readonly TooltipRow[]
}) {
  const flip = x > width * 0.6
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute z-10 min-w-32 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-lg"
      style={{
        left: x,
        top: y,
        transform: flip ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
      }}
    >
      <p className="mb-1 font-semibold whitespace-nowrap text-slate-900">{title}</p>
      <ul className="flex flex-col gap-0.5">
        {rows.map((row) => (
          <li key={row.label} className="flex items-center gap-2 whitespace-nowrap text-slate-600">
            {row.color && (
              <span
                className={cn('shrink-0', row.mark === 'line' ? 'h-0.5 w-3 rounded' : 'size-2.5 rounded-sm')}
                style={{ background: row.color }}
              />
            )}
            <span>{row.label}</span>
            <span className="ml-auto pl-3 font-medium text-slate-900 tabular-nums">{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
