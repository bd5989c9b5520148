import { Compliance, TestResult } from '../../enums/health'

/*
 * Compliance of a test programme participant per period (docs/decisions/0029-test-programmes.md). Pure: the server
 * computes it for lists and pages, the tests pin the rules, and the portal never guesses.
 */

const DAY_MS = 86_400_000
/** The time zone periods are counted in (Singapore and Malaysia, UTC+8): show their dates in it. */
export const PROGRAMME_TIME_ZONE = 'Asia/Singapore'
/** Periods start on a Monday at 00:00 UTC+8 (Singapore and Malaysia): Monday 5 January 1970 00:00 UTC+8. */
const PERIOD_ANCHOR_MS = 4 * DAY_MS - 8 * 3_600_000

/** A group's testing schedule: how many valid tests each period needs, and by when. */
export interface TestSchedule {
  /** Length of a period in days (7: weekly, 14: fortnightly). */
  periodDays: number
  /** Valid (Negative) tests each person needs in a period. */
  testsPerPeriod: number
  /** Days after the period's start by which the tests are due (at most periodDays). */
  dueDays: number
}

export interface Period {
  /** First millisecond of the period. */
  start: number
  /** Tests taken at or after this are late. */
  due: number
  /** First millisecond of the next period. */
  end: number
}

/** The period of a schedule that holds an instant. */
export function periodOf(schedule: TestSchedule, at: number): Period {
  const length = schedule.periodDays * DAY_MS
  const index = Math.floor((at - PERIOD_ANCHOR_MS) / length)
  const start = PERIOD_ANCHOR_MS + index * length
  return { start, due: start + Math.min(schedule.dueDays, schedule.periodDays) * DAY_MS, end: start + length }
}

/** The `count` periods up to and including the one holding `at`, newest first. */
export function recentPeriods(schedule: TestSchedule, at: number, count: number): Period[] {
  const out: Period[] = []
  let period = periodOf(schedule, at)
  for (let i = 0; i < count; i++) {
    out.push(period)
    period = periodOf(schedule, period.start - 1)
  }
  return out
}

/** A test as the rules read it: its result and when it was submitted (epoch ms). */
export interface ComplianceTest {
  result: string
  submittedAt: number
}

/** Results that do not count as a test done: the test has to be taken again. */
const INVALID_RESULTS: readonly string[] = [
  TestResult.Error,
  TestResult.Inconclusive,
  TestResult.Indeterminate,
  TestResult.Unknown,
  TestResult.Uninitialised,
]

/**
 * The compliance of one person for one period, from the tests they submitted in it. First rule that applies:
 * 1. Exempted — the person is exempt from testing.
 * 2. Failed — a test of the period came back Positive (the person failed the screening; they need follow-up).
 * 3. Enough Negative tests: Late if the last one needed was taken at or after the due time; otherwise Complete
 *    while the period is still running, Compliant once it has ended.
 * 4. Partial — some Negative tests, fewer than the period needs.
 * 5. Error — the latest test has a result that does not count (Error, Inconclusive, ...): it must be retaken.
 * 6. Pending — not due yet, or a sample was collected and its result is awaited.
 * 7. Late — due time passed without a test.
 */
export function complianceOf(input: {
  schedule: TestSchedule
  period: Period
  tests: readonly ComplianceTest[]
  exempted: boolean
  now: number
}): Compliance {
  const { schedule, period, exempted, now } = input
  if (exempted) return Compliance.Exempted
  const tests = input.tests
    .filter((t) => t.submittedAt >= period.start && t.submittedAt < period.end)
    .sort((a, b) => a.submittedAt - b.submittedAt)
  if (tests.some((t) => t.result === TestResult.Positive)) return Compliance.Failed
  const negatives = tests.filter((t) => t.result === TestResult.Negative)
  const needed = Math.max(1, schedule.testsPerPeriod)
  if (negatives.length >= needed) {
    const last = negatives[needed - 1]
    if (last !== undefined && last.submittedAt >= period.due) return Compliance.Late
    return now < period.end ? Compliance.Complete : Compliance.Compliant
  }
  if (negatives.length > 0) return Compliance.Partial
  const latest = tests.at(-1)
  if (latest !== undefined && INVALID_RESULTS.includes(latest.result)) return Compliance.Error
  if (now < period.due || tests.some((t) => t.result === TestResult.Collected)) return Compliance.Pending
  return Compliance.Late
}

/** How many people are in each compliance, every value present (0 when none). */
export type ComplianceCounts = Record<Compliance, number>

export function emptyComplianceCounts(): ComplianceCounts {
  return {
    Late: 0,
    Complete: 0,
    Pending: 0,
    Error: 0,
    Compliant: 0,
    Failed: 0,
    Partial: 0,
    Exempted: 0,
  }
}
