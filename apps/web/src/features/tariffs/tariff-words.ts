import type { TariffComponentType, TariffRestrictions } from '@portal/contract'
import type { TFunction } from 'i18next'

/*
 * A tariff read aloud: restrictions ("Weekdays 07:00–23:00", "after 40 kWh"), billing steps ("per started minute")
 * and price units ("/kWh", "/h"). OCPI units: ENERGY per kWh with its step in Wh; TIME, PARKING_TIME and RESERVATION
 * per hour with their steps in seconds; FLAT and RESERVATION_EXPIRES once.
 */

const ORDER = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const
type Day = (typeof ORDER)[number]
const WEEKDAYS: readonly Day[] = ORDER.slice(0, 5)
const WEEKEND: readonly Day[] = ORDER.slice(5)

const sameDays = (a: ReadonlySet<Day>, b: readonly Day[]) => a.size === b.length && b.every((d) => a.has(d))

function daysInWords(days: readonly Day[], t: TFunction): string | null {
  if (days.length === 0) return null
  const set = new Set(days)
  if (set.size === 7) return t('tariffs.words.everyDay')
  if (sameDays(set, WEEKDAYS)) return t('tariffs.words.weekdays')
  if (sameDays(set, WEEKEND)) return t('tariffs.words.weekends')
  return ORDER.filter((d) => set.has(d))
    .map((d) => t(`tariffs.words.day.${d}`))
    .join(', ')
}

function timeInWords(r: TariffRestrictions, t: TFunction): string | null {
  if (r.start_time !== undefined && r.end_time !== undefined)
    return t('tariffs.words.between', { from: r.start_time, to: r.end_time })
  if (r.start_time !== undefined) return t('tariffs.words.fromTime', { time: r.start_time })
  if (r.end_time !== undefined) return t('tariffs.words.untilTime', { time: r.end_time })
  return null
}

const kwh = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 })

function energyInWords(r: TariffRestrictions, t: TFunction): string | null {
  if (r.min_kwh !== undefined && r.max_kwh !== undefined)
    return t('tariffs.words.betweenKwh', { min: kwh(r.min_kwh), max: kwh(r.max_kwh) })
  if (r.min_kwh !== undefined) return t('tariffs.words.afterKwh', { kwh: kwh(r.min_kwh) })
  if (r.max_kwh !== undefined) return t('tariffs.words.upToKwh', { kwh: kwh(r.max_kwh) })
  return null
}

/**
 * When an element applies, in words: "Weekdays 07:00–23:00", "Weekends", "after 40 kWh", or, without restrictions,
 * "Always" (the only element) / "At all other times" (a fallback after restricted elements).
 */
export function restrictionsInWords(
  restrictions: TariffRestrictions | undefined,
  t: TFunction,
  isFallback = false,
): string {
  const r = restrictions ?? {}
  const when = [daysInWords(r.day_of_week ?? [], t), timeInWords(r, t)].filter((x) => x !== null).join(' ')
  const parts = [when, energyInWords(r, t)].filter((x): x is string => x !== null && x !== '')
  if (parts.length === 0) return isFallback ? t('tariffs.words.otherTimes') : t('tariffs.words.always')
  const text = parts.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function hasRestrictions(restrictions: TariffRestrictions | undefined): boolean {
  return (
    restrictions !== undefined &&
    Object.values(restrictions).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))
  )
}

/** How a component's volume is billed, from its step_size. */
export function stepInWords(type: TariffComponentType, step: number, t: TFunction): string {
  if (type === 'FLAT' || type === 'RESERVATION_EXPIRES') return t('tariffs.words.once')
  if (type === 'ENERGY') {
    if (step <= 1) return t('tariffs.words.perWh')
    if (step % 1000 === 0) return t('tariffs.words.perStartedKwh', { count: step / 1000 })
    if (step % 100 === 0) return t('tariffs.words.perStartedDecimalKwh', { kwh: kwh(step / 1000) })
    return t('tariffs.words.perStartedWh', { count: step })
  }
  if (step <= 1) return t('tariffs.words.perSecond')
  if (step % 3600 === 0) return t('tariffs.words.perStartedHour', { count: step / 3600 })
  if (step % 60 === 0) return t('tariffs.words.perStartedMinute', { count: step / 60 })
  return t('tariffs.words.perStartedSecond', { count: step })
}

/** The unit a component's price is quoted in. */
export function priceUnit(type: TariffComponentType, t: TFunction): string {
  switch (type) {
    case 'ENERGY':
      return t('tariffs.unit.kwh')
    case 'TIME':
    case 'PARKING_TIME':
    case 'RESERVATION':
      return t('tariffs.unit.hour')
    case 'FLAT':
      return t('tariffs.unit.session')
    case 'RESERVATION_EXPIRES':
      return t('tariffs.unit.reservation')
  }
}

/** A rate as tariffs print it: at least 2 and at most 4 decimals (0.55, 0.5995, 12.00). */
export function formatRate(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })
}

/** A lowest–highest rate ("0.44–0.62"), or one rate when they are the same. */
export function formatRateRange(min: number, max: number): string {
  return min === max ? formatRate(min) : `${formatRate(min)}–${formatRate(max)}`
}

/** A per-hour price per minute, as idle fees are quoted (12.00/h → 0.20/min). */
export function perMinute(perHour: number): number {
  return Math.round((perHour / 60) * 10_000) / 10_000
}
