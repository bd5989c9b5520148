import { describe, expect, it } from 'vitest'
import type { OpeningHours } from '../iot/machines'
import type { AlertKind } from './alerts'
import {
  ALERT_KINDS,
  ALERT_KIND_INFO,
  alertRuleUpdate,
  defaultAlertRule,
  openThroughout,
  thresholdProblem,
} from './alerts'

const open = (o: string, c: string) => ({ closed: false, open: o, close: c })
const closed = { closed: true, open: '00:00', close: '23:59' }
const hours: OpeningHours = {
  monday: open('08:00', '20:00'),
  tuesday: open('08:00', '20:00'),
  wednesday: open('08:00', '20:00'),
  thursday: open('08:00', '20:00'),
  friday: open('00:00', '23:59'),
  saturday: open('10:00', '14:00'),
  sunday: closed,
  public_holiday: open('12:00', '16:00'),
}
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))

describe('openThroughout: open for all of the last N hours today', () => {
  it.each([
    // weekday, time, window hours, public holiday, expected
    [1, '11:59', 4, false, false], // Monday, open 3h59
    [1, '12:00', 4, false, true], // exactly 4 hours after opening
    [1, '19:59', 4, false, true],
    [1, '20:00', 4, false, false], // closed at 20:00
    [1, '07:00', 1, false, false], // before opening
    [0, '15:00', 1, false, false], // Sunday closed
    [5, '23:30', 23, false, true], // Friday open all day, 23:59 read as midnight
    [6, '13:00', 4, false, false], // Saturday opens 10:00, only 3 hours
    [1, '15:00', 3, true, true], // a public holiday uses its own hours (12:00–16:00)
    [1, '15:00', 4, true, false],
  ] as const)('weekday %i at %s, %i h, holiday %s → %s', (weekday, time, window, publicHoliday, expected) => {
    expect(openThroughout(hours, { weekday, minutes: at(time), publicHoliday }, window)).toBe(expected)
  })
})

describe('alert rules', () => {
  it('every kind has a default with its threshold where it takes one; faults start on, stock and sales off', () => {
    expect(ALERT_KINDS.filter((k) => !defaultAlertRule(k).enabled)).toEqual([
      'machine_no_sale',
      'slot_stock_low',
    ])
    for (const kind of ALERT_KINDS) {
      const rule = defaultAlertRule(kind)
      expect(thresholdProblem(kind, rule.threshold)).toBeNull()
    }
  })

  it.each<[AlertKind, number | null | undefined, string | null]>([
    ['charger_offline', 15, null],
    ['charger_offline', 0, 'threshold must be between 1 and 10080 minutes'],
    ['charger_offline', null, 'charger_offline needs a threshold in minutes'],
    ['machine_no_sale', 169, 'threshold must be between 1 and 168 hours'],
    ['slot_stock_low', 1, null],
    ['connector_faulted', null, null],
    ['connector_faulted', undefined, null],
    ['connector_faulted', 5, 'connector_faulted takes no threshold'],
  ])('%s with %s → %s', (kind, threshold, problem) => {
    expect(thresholdProblem(kind, threshold)).toBe(problem)
  })

  it('refuses unknown fields and fractional thresholds', () => {
    expect(alertRuleUpdate.safeParse({ enabled: true, threshold: 1.5 }).success).toBe(false)
    expect(alertRuleUpdate.safeParse({ enabled: true, extra: 1 }).success).toBe(false)
  })

  it('only the export failure waits for a person to clear it', () => {
    expect(ALERT_KINDS.filter((k) => !ALERT_KIND_INFO[k].clearsByItself)).toEqual(['export_failed'])
  })
})
