import { describe, expect, it } from 'vitest'
import type { ChargingPeriod, SessionStage } from './ocpi'
import { buildStageTimeline, type SessionStageSpan } from './stage-timeline'

const T0 = Date.UTC(2026, 10, 24, 1, 0, 0) // 24 Nov 2026 09:00 SGT
const MIN = 60_000

function period(minute: number, stage: string): ChargingPeriod {
  // Unknown stage names reach the function from stored JSON; the cast mirrors that.
  return { start_date_time: T0 + minute * MIN, dimensions: [], session_stage: stage as SessionStage }
}

function span(stage: SessionStage, fromMin: number, toMin: number): SessionStageSpan {
  return { stage, start: T0 + fromMin * MIN, end: T0 + toMin * MIN, duration_ms: (toMin - fromMin) * MIN }
}

interface Case {
  name: string
  periods: ChargingPeriod[]
  endMin: number | null
  nowMin: number
  expected: SessionStageSpan[]
}

const cases: Case[] = [
  {
    name: 'all four stages, each ending where the next starts',
    periods: [
      period(0, 'CHARGING'),
      period(15, 'CHARGING'),
      period(30, 'CHARGING'),
      period(40, 'PARKING_GRACE'),
      period(55, 'PARKING_BLACKOUT'),
      period(70, 'PARKING_BLACKOUT'),
      period(90, 'PARKING_REGULAR'),
      period(105, 'PARKING_REGULAR'),
    ],
    endMin: 120,
    nowMin: 999,
    expected: [
      span('CHARGING', 0, 40),
      span('PARKING_GRACE', 40, 55),
      span('PARKING_BLACKOUT', 55, 90),
      span('PARKING_REGULAR', 90, 120),
    ],
  },
  {
    name: 'no parking: charging runs to the session end',
    periods: [period(0, 'CHARGING'), period(15, 'CHARGING'), period(30, 'CHARGING')],
    endMin: 42,
    nowMin: 999,
    expected: [span('CHARGING', 0, 42)],
  },
  {
    name: 'grace only: grace ends at the session end',
    periods: [period(0, 'CHARGING'), period(25, 'PARKING_GRACE')],
    endMin: 35,
    nowMin: 999,
    expected: [span('CHARGING', 0, 25), span('PARKING_GRACE', 25, 35)],
  },
  {
    name: 'blackout without grace: charging runs to the blackout start',
    periods: [period(0, 'CHARGING'), period(45, 'PARKING_BLACKOUT'), period(60, 'PARKING_REGULAR')],
    endMin: 100,
    nowMin: 999,
    expected: [span('CHARGING', 0, 45), span('PARKING_BLACKOUT', 45, 60), span('PARKING_REGULAR', 60, 100)],
  },
  {
    name: 'regular parking straight after charging',
    periods: [period(0, 'CHARGING'), period(50, 'PARKING_REGULAR')],
    endMin: 80,
    nowMin: 999,
    expected: [span('CHARGING', 0, 50), span('PARKING_REGULAR', 50, 80)],
  },
  {
    name: 'running session: the chain ends now',
    periods: [period(0, 'CHARGING'), period(15, 'CHARGING'), period(30, 'PARKING_GRACE')],
    endMin: null,
    nowMin: 37,
    expected: [span('CHARGING', 0, 30), span('PARKING_GRACE', 30, 37)],
  },
  {
    name: 'running session still charging',
    periods: [period(0, 'CHARGING')],
    endMin: null,
    nowMin: 12,
    expected: [span('CHARGING', 0, 12)],
  },
  {
    name: 'periods out of order are sorted; a stage starts at its earliest period',
    periods: [
      period(105, 'PARKING_REGULAR'),
      period(55, 'PARKING_BLACKOUT'),
      period(15, 'CHARGING'),
      period(90, 'PARKING_REGULAR'),
      period(40, 'PARKING_GRACE'),
      period(0, 'CHARGING'),
    ],
    endMin: 120,
    nowMin: 999,
    expected: [
      span('CHARGING', 0, 40),
      span('PARKING_GRACE', 40, 55),
      span('PARKING_BLACKOUT', 55, 90),
      span('PARKING_REGULAR', 90, 120),
    ],
  },
  {
    name: 'unknown stages are ignored',
    periods: [period(0, 'CHARGING'), period(20, 'RESERVATION'), period(30, 'PARKING_GRACE')],
    endMin: 40,
    nowMin: 999,
    expected: [span('CHARGING', 0, 30), span('PARKING_GRACE', 30, 40)],
  },
  {
    name: 'no periods at all: one charging stage over the whole session',
    periods: [],
    endMin: 20,
    nowMin: 999,
    expected: [span('CHARGING', 0, 20)],
  },
  {
    name: 'no periods and a zero-length session (a start failure): nothing to show',
    periods: [],
    endMin: 0,
    nowMin: 999,
    expected: [],
  },
  {
    name: 'a stage recorded after the next one is clamped to zero length, never negative',
    periods: [period(0, 'CHARGING'), period(60, 'PARKING_GRACE'), period(50, 'PARKING_BLACKOUT')],
    endMin: 70,
    nowMin: 999,
    expected: [span('CHARGING', 0, 50), span('PARKING_GRACE', 50, 50), span('PARKING_BLACKOUT', 50, 70)],
  },
  {
    name: 'a period after the session end is clamped to the end',
    periods: [period(0, 'CHARGING'), period(90, 'PARKING_REGULAR')],
    endMin: 60,
    nowMin: 999,
    expected: [span('CHARGING', 0, 60), span('PARKING_REGULAR', 60, 60)],
  },
]

describe('buildStageTimeline', () => {
  it.each(cases)('$name', ({ periods, endMin, nowMin, expected }) => {
    const session = {
      start_date_time: T0,
      end_date_time: endMin === null ? null : T0 + endMin * MIN,
      charging_periods: periods,
    }
    expect(buildStageTimeline(session, T0 + nowMin * MIN)).toEqual(expected)
  })

  it('spans are contiguous and cover the session', () => {
    const spans = buildStageTimeline(
      {
        start_date_time: T0,
        end_date_time: T0 + 120 * MIN,
        charging_periods: [period(0, 'CHARGING'), period(40, 'PARKING_GRACE'), period(90, 'PARKING_REGULAR')],
      },
      0,
    )
    expect(spans[0]?.start).toBe(T0)
    expect(spans.at(-1)?.end).toBe(T0 + 120 * MIN)
    for (let i = 1; i < spans.length; i++) expect(spans[i]?.start).toBe(spans[i - 1]?.end)
  })

  it('does not change its input', () => {
    const periods = [period(30, 'PARKING_GRACE'), period(0, 'CHARGING')]
    const copy = structuredClone(periods)
    buildStageTimeline({ start_date_time: T0, end_date_time: T0 + 60 * MIN, charging_periods: periods }, 0)
    expect(periods).toEqual(copy)
  })
})
