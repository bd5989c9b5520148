import { describe, expect, it } from 'vitest'
import type { ComplianceTest, TestSchedule } from './compliance'
import { complianceOf, periodOf, recentPeriods } from './compliance'

const DAY = 86_400_000
const HOUR = 3_600_000
/** Monday 2 November 2026, 00:00 in Singapore (UTC+8). */
const MONDAY = Date.UTC(2026, 10, 1, 16, 0, 0)
const weekly: TestSchedule = { periodDays: 7, testsPerPeriod: 1, dueDays: 3 }
const twiceWeekly: TestSchedule = { periodDays: 7, testsPerPeriod: 2, dueDays: 5 }

describe('periodOf', () => {
  it.each([
    ['the first instant of the week', MONDAY, MONDAY],
    ['mid-week', MONDAY + 3 * DAY + 5 * HOUR, MONDAY],
    ['the last instant of the week', MONDAY + 7 * DAY - 1, MONDAY],
    ['the next Monday', MONDAY + 7 * DAY, MONDAY + 7 * DAY],
    ['the Sunday before', MONDAY - 1, MONDAY - 7 * DAY],
  ])('a weekly period holding %s starts on Monday 00:00 UTC+8', (_name, at, start) => {
    expect(periodOf(weekly, at)).toEqual({ start, due: start + 3 * DAY, end: start + 7 * DAY })
  })

  it('a fortnightly period is 14 days; the due time never passes the end', () => {
    const p = periodOf({ periodDays: 14, testsPerPeriod: 1, dueDays: 30 }, MONDAY + DAY)
    expect(p.end - p.start).toBe(14 * DAY)
    expect(p.due).toBe(p.end)
    expect(p.start).toBeLessThanOrEqual(MONDAY + DAY)
  })

  it('recentPeriods lists the current period first, then each one before it', () => {
    const periods = recentPeriods(weekly, MONDAY + 2 * DAY, 3)
    expect(periods.map((p) => p.start)).toEqual([MONDAY, MONDAY - 7 * DAY, MONDAY - 14 * DAY])
    expect(periods[1]?.end).toBe(periods[0]?.start)
  })
})

const p = periodOf(weekly, MONDAY)
const duringBeforeDue = MONDAY + DAY
const afterDue = MONDAY + 4 * DAY
const afterEnd = MONDAY + 8 * DAY
const test = (result: string, at: number): ComplianceTest => ({ result, submittedAt: at })

describe('complianceOf: first rule that applies', () => {
  const cases: [string, TestSchedule, ComplianceTest[], boolean, number, string][] = [
    ['exempted, whatever the tests', weekly, [test('Positive', MONDAY + HOUR)], true, afterEnd, 'Exempted'],
    [
      'a Positive test fails the period',
      weekly,
      [test('Negative', MONDAY + HOUR), test('Positive', MONDAY + 2 * HOUR)],
      false,
      duringBeforeDue,
      'Failed',
    ],
    [
      'a Negative before the due time, period running',
      weekly,
      [test('Negative', MONDAY + HOUR)],
      false,
      duringBeforeDue,
      'Complete',
    ],
    [
      'a Negative before the due time, period over',
      weekly,
      [test('Negative', MONDAY + HOUR)],
      false,
      afterEnd,
      'Compliant',
    ],
    [
      'a Negative after the due time',
      weekly,
      [test('Negative', MONDAY + 3 * DAY + HOUR)],
      false,
      afterEnd,
      'Late',
    ],
    [
      'a Negative exactly at the due time is late',
      weekly,
      [test('Negative', p.due)],
      false,
      afterEnd,
      'Late',
    ],
    [
      'one Negative of two needed',
      twiceWeekly,
      [test('Negative', MONDAY + HOUR)],
      false,
      duringBeforeDue,
      'Partial',
    ],
    [
      'two Negatives of two needed, on time',
      twiceWeekly,
      [test('Negative', MONDAY + HOUR), test('Negative', MONDAY + DAY)],
      false,
      afterEnd,
      'Compliant',
    ],
    [
      'the second of two needed came late',
      twiceWeekly,
      [test('Negative', MONDAY + HOUR), test('Negative', MONDAY + 6 * DAY)],
      false,
      afterEnd,
      'Late',
    ],
    ['the latest test was an Error', weekly, [test('Error', MONDAY + HOUR)], false, duringBeforeDue, 'Error'],
    [
      'the latest test was Inconclusive, even after the due time',
      weekly,
      [test('Inconclusive', MONDAY + HOUR)],
      false,
      afterEnd,
      'Error',
    ],
    [
      'an invalid test followed by a Negative counts the Negative',
      weekly,
      [test('Error', MONDAY + HOUR), test('Negative', MONDAY + 2 * HOUR)],
      false,
      duringBeforeDue,
      'Complete',
    ],
    ['no test yet, before the due time', weekly, [], false, duringBeforeDue, 'Pending'],
    [
      'a sample collected, result awaited, after the due time',
      weekly,
      [test('Collected', MONDAY + HOUR)],
      false,
      afterDue,
      'Pending',
    ],
    ['no test and the due time has passed', weekly, [], false, afterDue, 'Late'],
    ['no test in a period that has ended', weekly, [], false, afterEnd, 'Late'],
    [
      'tests of other periods do not count',
      weekly,
      [test('Negative', MONDAY - HOUR), test('Positive', MONDAY + 7 * DAY)],
      false,
      afterDue,
      'Late',
    ],
  ]
  it.each(cases)('%s', (_name, schedule, tests, exempted, now, expected) => {
    expect(complianceOf({ schedule, period: periodOf(schedule, MONDAY), tests, exempted, now })).toBe(
      expected,
    )
  })

  it('reads the tests in time order, whatever order they come in', () => {
    const tests = [test('Negative', MONDAY + 2 * HOUR), test('Error', MONDAY + HOUR)]
    expect(complianceOf({ schedule: weekly, period: p, tests, exempted: false, now: duringBeforeDue })).toBe(
      'Complete',
    )
    const later = [test('Error', MONDAY + 2 * HOUR), test('Collected', MONDAY + HOUR)]
    expect(complianceOf({ schedule: weekly, period: p, tests: later, exempted: false, now: afterDue })).toBe(
      'Error',
    )
  })
})
