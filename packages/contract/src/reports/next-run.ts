/**
 * When a scheduled report runs next (issue 18, docs/decisions/0119-scheduled-reports.md): at a wall-clock time in
 * the entity's time zone, every day, on a day of the week, or on a day of the month. Pure, so the server's tick and
 * the portal's "next run" read the same answer.
 */

import { utcOffsetMinutes } from '../time-zone'

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number]

export interface ReportTiming {
  frequency: ReportFrequency
  /** `HH:MM`, 24-hour, in the entity's zone. */
  time: string
  /** ISO day of the week, 1 Monday … 7 Sunday; weekly only. */
  weekday?: number | null | undefined
  /** 1 … 28 (every month has it); monthly only. */
  month_day?: number | null | undefined
}

/**
 * The instant a local wall-clock time names in a zone. Around a change of offset: a repeated time (autumn) takes its
 * first occurrence; a time skipped by a spring-forward lands as far after the gap as it was into it.
 */
export function zonedInstant(
  timeZone: string,
  y: number,
  m: number,
  d: number,
  hh: number,
  mm: number,
): number {
  const wall = Date.UTC(y, m - 1, d, hh, mm)
  // The offsets in force half a day either side: the instant is the wall time less one of them.
  const before = utcOffsetMinutes(timeZone, wall - 12 * 3_600_000)
  const after = utcOffsetMinutes(timeZone, wall + 12 * 3_600_000)
  const candidates = [wall - before * 60_000, wall - after * 60_000].sort((a, b) => a - b)
  const valid = candidates.filter((c) => c + utcOffsetMinutes(timeZone, c) * 60_000 === wall)
  return valid[0] ?? wall - before * 60_000
}

/** The local calendar day of an instant in a zone. */
function localDay(timeZone: string, at: number): { y: number; m: number; d: number } {
  const local = new Date(at + utcOffsetMinutes(timeZone, at) * 60_000)
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() }
}

/** `HH:MM` → hours and minutes, or null when it is not a time of day. */
export function parseTimeOfDay(time: string): { hh: number; mm: number } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  return match ? { hh: Number(match[1]), mm: Number(match[2]) } : null
}

/**
 * The first run strictly after `after` (ms since the epoch). A run missed while the server was down is not
 * repeated: the scheduler runs it once and asks for the next one after now.
 */
export function nextReportRun(timing: ReportTiming, timeZone: string, after: number): number {
  const clock = parseTimeOfDay(timing.time)
  if (!clock) throw new Error(`Not a time of day: ${timing.time}`)
  const start = localDay(timeZone, after)
  // Walk the local calendar from the day of `after` (a month of days covers a monthly schedule and a DST change).
  for (let i = 0; i < 32 * 2; i++) {
    const day = new Date(Date.UTC(start.y, start.m - 1, start.d + i))
    const y = day.getUTCFullYear()
    const m = day.getUTCMonth() + 1
    const d = day.getUTCDate()
    const isoWeekday = ((day.getUTCDay() + 6) % 7) + 1
    if (timing.frequency === 'weekly' && isoWeekday !== timing.weekday) continue
    if (timing.frequency === 'monthly' && d !== timing.month_day) continue
    const at = zonedInstant(timeZone, y, m, d, clock.hh, clock.mm)
    if (at > after) return at
  }
  throw new Error('No run found within two months: the timing is not valid')
}
