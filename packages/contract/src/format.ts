import { minorUnitDigits } from './enums/currency'

/*
 * Display formats of A §9: dates as short month-day-year, times on the 12-hour clock, durations in years down to
 * seconds, money as the currency code and the amount. Every date function takes an optional IANA time zone (the
 * runtime's own when omitted) so that the same instant prints the same way in tests and on every machine.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(
  kind: 'date' | 'time' | 'dateTime' | 'dateTimeMs',
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`
  let f = formatters.get(key)
  if (!f) {
    const date = { year: 'numeric', month: 'short', day: 'numeric' } as const
    const time = { hour: 'numeric', minute: '2-digit', hour12: true } as const
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? date
        : kind === 'time'
          ? time
          : kind === 'dateTime'
            ? { ...date, ...time }
            : { ...date, ...time, second: '2-digit', fractionalSecondDigits: 3 }
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    formatters.set(key, f)
  }
  return f
}

/** ICU puts a narrow no-break space before AM/PM (and sometimes a no-break space); we print plain spaces. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ')
}

/** 'Nov 23, 2026'. */
export function formatDate(value: number | Date, timeZone?: string): string {
  return plainSpaces(formatter('date', timeZone).format(value))
}

/** '3:04 PM'. */
export function formatTime(value: number | Date, timeZone?: string): string {
  return plainSpaces(formatter('time', timeZone).format(value))
}

/** 'Nov 23, 2026, 3:04 PM'. */
export function formatDateTime(value: number | Date, timeZone?: string): string {
  return plainSpaces(formatter('dateTime', timeZone).format(value))
}

/** 'Nov 23, 2026, 3:04:05.678 PM': for logs, where the order of events within a second matters. */
export function formatDateTimeMs(value: number | Date, timeZone?: string): string {
  return plainSpaces(formatter('dateTimeMs', timeZone).format(value))
}

/**
 * A duration in the largest units first, zero units left out: '1 year 2 months 3 days 4 hours 5 minutes 6 seconds'.
 * Calendar-free on purpose: a year is 365 days and a month 30 days. Fractions of a second are dropped; a negative
 * duration gets a leading '-'; 0 is '0 seconds'; a value that is not a finite number gives ''.
 */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds)) return ''
  let rest = Math.floor(Math.abs(totalSeconds))
  const parts: string[] = []
  for (const [unit, size] of DURATION_UNITS) {
    const count = Math.floor(rest / size)
    rest -= count * size
    if (count > 0) parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`)
  }
  if (parts.length === 0) return '0 seconds'
  return (totalSeconds < 0 ? '-' : '') + parts.join(' ')
}

const DAY = 86_400
const DURATION_UNITS: readonly (readonly [string, number])[] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true })

/**
 * Money from integer minor units: formatMoney(12345, 'SGD') is 'SGD 123.45', formatMoney(500, 'JPY') 'JPY 500',
 * formatMoney(-100, 'SGD') '-SGD 1.00'. Integer arithmetic, so no floating-point rounding creeps in; a fractional
 * input is rounded to the nearest minor unit first.
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const digits = minorUnitDigits(currency)
  const units = Math.round(minorUnits)
  const abs = Math.abs(units)
  const scale = 10 ** digits
  const whole = grouping.format(Math.floor(abs / scale))
  const fraction = digits > 0 ? `.${String(abs % scale).padStart(digits, '0')}` : ''
  return `${units < 0 ? '-' : ''}${currency.toUpperCase()} ${whole}${fraction}`
}
