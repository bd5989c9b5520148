import { formatUnits } from '@/components/charging-session/session-format'

/*
 * Formatting shared by the EV home, users and devices screens (docs/decisions/0026-ev-home-users-devices.md).
 * Money arrives in currency units, one entry per currency: it is never added across currencies here either.
 */

/** Amounts of several currencies on one line: 'SGD 1,234.50 · MYR 80.00'; `empty` when there are none. */
export function formatMoneyList(
  list: readonly { currency: string; amount: number }[],
  empty: string,
): string {
  const shown = list.filter((m) => m.amount !== 0)
  return shown.length === 0 ? empty : shown.map((m) => formatUnits(m.amount, m.currency)).join(' · ')
}

/** A whole count with grouping: 12,345. */
export function formatCount(n: number, language: string): string {
  return n.toLocaleString(language, { maximumFractionDigits: 0 })
}

/** Energy for figures: '4,028.9 kWh' (one decimal), '0.25 kWh' under 1 kWh. */
export function formatEnergy(kwh: number, language: string): string {
  const digits = kwh !== 0 && Math.abs(kwh) < 1 ? 2 : 1
  return `${kwh.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits })} kWh`
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** How long ago, in the largest whole unit: 'just now' under a minute, '14 minutes ago', 'yesterday', '3 days ago'. */
export function formatAge(at: number, now: number, language: string): string {
  const elapsed = Math.max(0, now - at)
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return rtf.format(-Math.floor(elapsed / size), unit)
  }
  return rtf.format(0, 'second')
}
