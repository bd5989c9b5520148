import { describe, expect, it } from 'vitest'
import { itLabels, itListsValues } from '../test-support'
import {
  RefreshFrequency,
  refreshFrequencies,
  ReportInterval,
  reportIntervals,
  Weekday,
  weekdays,
} from './schedule'

describe('catalogue sizes', () => {
  itListsValues(refreshFrequencies, RefreshFrequency, 5)
  itListsValues(reportIntervals, ReportInterval, 6)
  itListsValues(weekdays, Weekday, 8)
})

// Refresh frequency: 0 none, 1 daily, 2 weekly, 3 fortnightly, 4 monthly.
itLabels(refreshFrequencies, [
  [0, 'None'],
  [1, 'Daily'],
  [2, 'Weekly'],
  [3, 'Fortnightly'],
  [4, 'Monthly'],
  [5, 'Unknown (5)'],
])

// Report intervals: Daily, Hourly, 9am-9pm, 9pm-9am; Monthly, Weekly.
itLabels(reportIntervals, [
  ['daily', 'Daily'],
  ['9am-9pm', '9am-9pm'],
  ['9pm-9am', '9pm-9am'],
  ['weekly', 'Weekly'],
])

// Weekdays include Public Holiday.
itLabels(weekdays, [
  ['monday', 'Monday'],
  ['sunday', 'Sunday'],
  ['public_holiday', 'Public Holiday'],
  ['holiday', 'Unknown (holiday)'],
])

describe('report intervals', () => {
  it('keep the spec order', () => {
    expect(reportIntervals.entries.map((e) => e.label)).toEqual([
      'Daily',
      'Hourly',
      '9am-9pm',
      '9pm-9am',
      'Monthly',
      'Weekly',
    ])
  })
})
