import type { CpoHome, EmspHome, HomeTrendPoint } from '@portal/contract'
import { evseTone } from '@/components/ev-overview/status-badges'

/*
 * The homes' logic that is not layout (docs/decisions/0026-ev-home-users-devices.md): where each figure links, when
 * a home is empty, the EVSE status bar and the trend's series.
 */

/**
 * The sessions list's URL keys (features/charging-sessions: `from`/`to` in epoch ms on the last update, `status`
 * repeated, `cpo`/`emsp` entity codes). A URL is the public interface between screens, so it is spelt here rather
 * than imported from another feature.
 */
export function sessionsHref(filter: {
  from?: number
  to?: number
  statuses?: readonly string[]
  cpo?: string | null
  emsp?: string | null
}): string {
  const params = new URLSearchParams()
  if (filter.from !== undefined) params.set('from', String(filter.from))
  if (filter.to !== undefined) params.set('to', String(filter.to))
  for (const status of filter.statuses ?? []) params.append('status', status)
  if (filter.cpo) params.set('cpo', filter.cpo)
  if (filter.emsp) params.set('emsp', filter.emsp)
  const qs = params.toString()
  return `/ev-charging-sessions${qs ? `?${qs}` : ''}`
}

/** Sessions plugged in right now: the statuses the home's "now" figure counts. */
export const RUNNING_STATUSES = ['ACTIVE', 'HOGGING'] as const

const quiet = (trend: readonly HomeTrendPoint[]) => trend.every((p) => p.sessions === 0)

/** A CPO home with nothing to show: no network and no sessions in the trend or this month. */
export function isEmptyCpoHome(h: CpoHome): boolean {
  return (
    h.network.locations === 0 &&
    h.network.chargers === 0 &&
    h.network.evses === 0 &&
    h.month.sessions === 0 &&
    h.active_sessions.total === 0 &&
    quiet(h.trend)
  )
}

/** An EMSP home with nothing to show: no app users and no customer sessions (e.g. a fleet owner without an app). */
export function isEmptyEmspHome(h: EmspHome): boolean {
  return h.users.total === 0 && h.month.sessions === 0 && h.active_sessions.total === 0 && quiet(h.trend)
}

export type StatusTone = ReturnType<typeof evseTone>

export interface Segment {
  status: string
  count: number
  /** Share of all EVSEs, percent (the segments of a non-empty network add up to 100). */
  percent: number
  tone: StatusTone
}

/** The EVSE status bar: one segment per status with EVSEs, in the catalogue's order. */
export function evseSegments(byStatus: readonly { status: string; count: number }[]): Segment[] {
  const total = byStatus.reduce((s, x) => s + x.count, 0)
  if (total === 0) return []
  return byStatus
    .filter((x) => x.count > 0)
    .map((x) => ({ ...x, percent: (x.count / total) * 100, tone: evseTone(x.status) }))
}

/** What the trend chart plots: sessions, energy, or one currency's revenue (never added across currencies). */
export type TrendMetric = 'sessions' | 'energy' | `revenue:${string}`

export function trendMetrics(currencies: readonly string[]): TrendMetric[] {
  return ['sessions', 'energy', ...currencies.map((c) => `revenue:${c}` as const)]
}

export function trendValues(
  trend: readonly HomeTrendPoint[],
  metric: TrendMetric,
): { day: number; value: number }[] {
  return trend.map((p) => {
    if (metric === 'sessions') return { day: p.day, value: p.sessions }
    if (metric === 'energy') return { day: p.day, value: p.energy_kwh }
    const currency = metric.slice('revenue:'.length)
    return { day: p.day, value: p.revenue.find((r) => r.currency === currency)?.incl_vat ?? 0 }
  })
}
