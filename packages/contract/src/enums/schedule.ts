import { defineCatalogue, type ValueOf } from '../catalogue'

/** How often a closed-loop quota refreshes (`refresh_frequency_type`). */
export const RefreshFrequency = { None: 0, Daily: 1, Weekly: 2, Fortnightly: 3, Monthly: 4 } as const
export type RefreshFrequency = ValueOf<typeof RefreshFrequency>

export const refreshFrequencies = defineCatalogue('refresh frequency', [
  [RefreshFrequency.None, 'None'],
  [RefreshFrequency.Daily, 'Daily'],
  [RefreshFrequency.Weekly, 'Weekly'],
  [RefreshFrequency.Fortnightly, 'Fortnightly'],
  [RefreshFrequency.Monthly, 'Monthly'],
])

/** Report intervals, in the spec's order. The spec gives the names; the codes are ours. */
export const ReportInterval = {
  daily: 'daily',
  hourly: 'hourly',
  '9am-9pm': '9am-9pm',
  '9pm-9am': '9pm-9am',
  monthly: 'monthly',
  weekly: 'weekly',
} as const
export type ReportInterval = ValueOf<typeof ReportInterval>

export const reportIntervals = defineCatalogue('report interval', [
  [ReportInterval.daily, 'Daily'],
  [ReportInterval.hourly, 'Hourly'],
  [ReportInterval['9am-9pm'], '9am-9pm'],
  [ReportInterval['9pm-9am'], '9pm-9am'],
  [ReportInterval.monthly, 'Monthly'],
  [ReportInterval.weekly, 'Weekly'],
])

/** Days of the week plus Public Holiday (opening hours). The codes are ours; the week starts on Monday. */
export const Weekday = {
  monday: 'monday',
  tuesday: 'tuesday',
  wednesday: 'wednesday',
  thursday: 'thursday',
  friday: 'friday',
  saturday: 'saturday',
  sunday: 'sunday',
  public_holiday: 'public_holiday',
} as const
export type Weekday = ValueOf<typeof Weekday>

export const weekdays = defineCatalogue('weekday', [
  [Weekday.monday, 'Monday'],
  [Weekday.tuesday, 'Tuesday'],
  [Weekday.wednesday, 'Wednesday'],
  [Weekday.thursday, 'Thursday'],
  [Weekday.friday, 'Friday'],
  [Weekday.saturday, 'Saturday'],
  [Weekday.sunday, 'Sunday'],
  [Weekday.public_holiday, 'Public Holiday'],
])
