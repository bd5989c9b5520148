import { SessionStage, type ChargingPeriod } from './ocpi'

// The session detail's stage timeline (B §4, docs/decisions/0023-charging-sessions.md). Charging periods only say
// when each stage STARTED; a stage lasts until the next later stage starts. The spec rebuilds the chain backwards
// from the session end: regular parking (idling) ends at the session end, blackout ends where regular parking
// starts, grace ends where blackout starts, and charging runs from the session start to the first parking stage.

export interface SessionStageSpan {
  stage: SessionStage
  start: number
  end: number
  duration_ms: number
}

export interface StageTimelineSession {
  start_date_time: number
  /** Null while the session runs: the chain then ends at `now`. */
  end_date_time: number | null
  charging_periods: readonly ChargingPeriod[]
}

/** The parking stages from the last to the first, the order in which the chain is rebuilt. */
const PARKING_BACKWARDS = [
  SessionStage.PARKING_REGULAR,
  SessionStage.PARKING_BLACKOUT,
  SessionStage.PARKING_GRACE,
] as const

/**
 * The stages of a session in time order. Missing stages are skipped; periods may arrive in any order; periods of a
 * stage the portal does not know are ignored. Spans never overlap and never run backwards: a stage whose recorded
 * start is later than the stage after it is clamped to zero length rather than producing a negative duration.
 */
export function buildStageTimeline(session: StageTimelineSession, now: number): SessionStageSpan[] {
  const start = session.start_date_time
  // A running session ends "now"; a clock that is behind the start must not give negative spans.
  const end = Math.max(start, session.end_date_time ?? now)
  const firstStart = new Map<string, number>()
  for (const period of [...session.charging_periods].sort((a, b) => a.start_date_time - b.start_date_time)) {
    if (!firstStart.has(period.session_stage)) firstStart.set(period.session_stage, period.start_date_time)
  }

  const backwards: SessionStageSpan[] = []
  let boundary = end
  for (const stage of PARKING_BACKWARDS) {
    const stageStart = firstStart.get(stage)
    if (stageStart === undefined) continue
    const from = Math.min(Math.max(stageStart, start), boundary)
    backwards.push({ stage, start: from, end: boundary, duration_ms: boundary - from })
    boundary = from
  }
  // Charging is shown when it was recorded, or when time passed before the first parking stage (a session whose
  // periods only name parking still charged from its start until parking began).
  if (firstStart.has(SessionStage.CHARGING) || boundary > start) {
    backwards.push({ stage: SessionStage.CHARGING, start, end: boundary, duration_ms: boundary - start })
  }
  return backwards.reverse()
}
