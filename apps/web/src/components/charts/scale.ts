/**
 * The arithmetic of the portal's charts: round tick values, linear scales and label fitting. Pure, so it is tested
 * without a browser. The charts are our own small SVG components, not a charting library, which weighed 106 kB gzip
 * on the screens that draw them (docs/decisions/0042-own-components.md).
 */

/** 1, 2, 2.5 or 5 times a power of ten: the steps a reader counts in. */
function niceStep(rough: number, integers: boolean): number {
  if (!(rough > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(rough))
  const fraction = rough / power
  const step =
    (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10) * power
  return integers ? Math.max(1, Math.ceil(step)) : step
}

/**
 * About `count` round ticks from 0 (or below, for negative values) to at least `max`; the last tick is the top of
 * the axis. An empty or all-zero range still gets an axis (0 to 1 step).
 */
export function niceTicks(min: number, max: number, count = 5, integers = false): number[] {
  const low = Math.min(0, min)
  const high = Math.max(0, max)
  const step = niceStep((high - low) / count || 1, integers)
  const start = Math.floor(low / step) * step
  const end = Math.max(Math.ceil(high / step) * step, start + step)
  const ticks: number[] = []
  // Rounded to the step's precision, so 0.1 + 0.2 does not print as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 2)
  for (let v = start; v <= end + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)))
  return ticks
}

/** Maps [domain0, domain1] onto [range0, range1]. */
export function linear(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain
  const [r0, r1] = range
  const span = d1 - d0 || 1
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0)
}

/** The width of a label in the charts' 11 px sans-serif, estimated (no canvas needed; a little generous). */
export function textWidth(text: string, fontSize = 11): number {
  let width = 0
  for (const char of text) {
    // Wide scripts (CJK, Tamil) take about a full em; Latin letters and digits a little over half.
    width += /[\u0B80-\u0BFF\u2E80-\u9FFF\uAC00-\uD7AF\uFF00-\uFFEF]/.test(char) ? fontSize : fontSize * 0.6
  }
  return Math.ceil(width)
}

/** Every n-th label, so labels `width` wide never come closer than `gap` on bands `band` wide. */
export function labelStep(band: number, width: number, gap = 12): number {
  if (!(band > 0)) return 1
  return Math.max(1, Math.ceil((width + gap) / band))
}

/** Cuts a label to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** A bar's outline with its far corners rounded (the top of a column, the right end of a horizontal bar). */
export function barPath(
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
  end: 'top' | 'right',
): string {
  const r = Math.max(
    0,
    Math.min(radius, end === 'top' ? width / 2 : height / 2, end === 'top' ? height : width),
  )
  if (end === 'top') {
    return `M${x},${y + height}V${y + r}Q${x},${y} ${x + r},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height}Z`
  }
  return `M${x},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height - r}Q${x + width},${y + height} ${x + width - r},${y + height}H${x}Z`
}
