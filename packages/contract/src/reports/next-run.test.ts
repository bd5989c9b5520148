import { describe, expect, it } from 'vitest'
import type { ReportTiming } from './next-run'
import { nextReportRun, parseTimeOfDay } from './next-run'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe('nextReportRun', () => {
  const cases: [string, ReportTiming, string, string, string][] = [
    // [what, timing, zone, after, expected next run (UTC)]
    [
      'daily, later today',
      { frequency: 'daily', time: '08:00' },
      'Asia/Singapore',
      '2026-11-29T23:00:00Z',
      '2026-11-30T00:00:00.000Z',
    ],
    [
      'daily, already past today → tomorrow',
      { frequency: 'daily', time: '07:30' },
      'Asia/Singapore',
      '2026-11-30T00:00:00Z',
      '2026-11-30T23:30:00.000Z',
    ],
    [
      'daily, exactly now is not "after"',
      { frequency: 'daily', time: '08:00' },
      'Asia/Singapore',
      '2026-11-30T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
    ],
    [
      'weekly on Monday',
      { frequency: 'weekly', time: '09:00', weekday: 1 },
      'Asia/Singapore',
      '2026-11-30T02:00:00Z',
      '2026-12-07T01:00:00.000Z',
    ],
    [
      'weekly on Sunday',
      { frequency: 'weekly', time: '23:59', weekday: 7 },
      'UTC',
      '2026-11-30T00:00:00Z',
      '2026-12-06T23:59:00.000Z',
    ],
    [
      'monthly on the 1st',
      { frequency: 'monthly', time: '06:00', month_day: 1 },
      'Asia/Singapore',
      '2026-11-30T00:00:00Z',
      '2026-11-30T22:00:00.000Z',
    ],
    [
      'monthly on the 28th across the year',
      { frequency: 'monthly', time: '00:00', month_day: 28 },
      'UTC',
      '2026-12-28T00:00:01Z',
      '2027-01-28T00:00:00.000Z',
    ],
    [
      'spring forward: a skipped time runs after the gap',
      { frequency: 'daily', time: '01:30' },
      'Europe/London',
      '2027-03-28T00:00:00Z',
      '2027-03-28T01:30:00.000Z',
    ],
    [
      'fall back: a repeated time runs once, the first',
      { frequency: 'daily', time: '01:30' },
      'Europe/London',
      '2027-10-31T00:00:00Z',
      '2027-10-31T00:30:00.000Z',
    ],
    [
      'a zone west of UTC',
      { frequency: 'daily', time: '18:00' },
      'America/New_York',
      '2026-11-30T12:00:00Z',
      '2026-11-30T23:00:00.000Z',
    ],
  ]
  it.each(cases)('%s', (_what, timing, zone, after, expected) => {
    expect(iso(nextReportRun(timing, zone, at(after)))).toBe(expected)
  })

  it('runs a missed schedule once: the next run after now, not every run missed', () => {
    const next = nextReportRun({ frequency: 'daily', time: '08:00' }, 'UTC', at('2026-11-30T12:00:00Z'))
    expect(iso(next)).toBe('2026-12-01T08:00:00.000Z')
  })

  it('refuses a time that is not a time of day', () => {
    expect(() => nextReportRun({ frequency: 'daily', time: '24:00' }, 'UTC', 0)).toThrow(/time of day/)
    expect(parseTimeOfDay('7:00')).toBeNull()
    expect(parseTimeOfDay('07:05')).toEqual({ hh: 7, mm: 5 })
  })
})
