import { minorUnitDigits } from '../enums/currency'
import { TariffComponentType } from '../enums/ev-charging'
import type { ChargingPeriod, CostPair, PriceComponent, TariffElement, TariffRestrictions } from './ocpi'
import { SessionStage } from './ocpi'

/*
 * Pricing a charging session with its tariff (OCPI 2.2.1, docs/decisions/0022-tariffs.md). One function serves the
 * demo data, the server and the portal's cost preview, so the three agree to the cent.
 *
 * - Periods are priced one by one. For each dimension the tariff is searched, as OCPI says, for the FIRST element
 *   whose restrictions hold at the period's start and that has a component of the needed type.
 * - CHARGING periods pay ENERGY (per kWh of their ENERGY volume) and TIME (per hour of their TIME volume).
 *   PARKING_REGULAR periods pay PARKING_TIME (per hour parked). Grace and blackout parking are free by definition
 *   of those stages. FLAT is paid once, by a session that has at least one period.
 * - step_size: the billed volume of each component is its total rounded UP to the step (Wh for ENERGY, seconds for
 *   time), as OCPI's "amounts less than the step size are rounded up". `step_size_rule: 'per_session'` instead
 *   follows the CDR module of OCPI 2.2.1 (ocpi/ocpi-pricing.ts uses it to price CDRs like their senders do).
 * - Money is computed exactly (integers) and rounded half up to the currency's minor unit once per cost type, with
 *   and without VAT; the total is the sum of the rounded types, so the parts always add up to the total shown.
 */

export interface PricingTariff {
  readonly elements: readonly TariffElement[]
  /** ISO 4217 code; decides the minor unit (2 digits when absent, as for SGD and MYR). */
  readonly currency?: string
  /** The tariff's local time as minutes east of UTC, for time-of-day and weekday restrictions. Default +480 (SGT). */
  readonly time_zone_offset_minutes?: number
  /**
   * How step_size rounds. 'per_component' (the default, docs/decisions/0022): each component's own total. 'per_session'
   * (OCPI 2.2.1 mod_cdrs "step_size"): rounding happens once per session, with the step of the last component that
   * billed, which also bills what the rounding adds: once for ENERGY, and once for time, on the parking total when
   * PARKING_TIME was billed (the charging time before it is not rounded), else on the charging-time total. Switching
   * elements (17:00 prices) does not round the part before the switch.
   */
  readonly step_size_rule?: StepSizeRule
  /** Decimals of the amounts returned, when not the currency's minor unit (e.g. 4, the precision of OCPI numbers). */
  readonly minor_unit_digits?: number
}

export type StepSizeRule = 'per_component' | 'per_session'

/**
 * A session's price in minor units (cents; 10^-minor_unit_digits of the currency when the tariff sets those), by OCPI
 * cost type and in total, excluding and including VAT.
 */
export interface SessionPrice {
  energy: CostPair
  time: CostPair
  parking_time: CostPair
  flat: CostPair
  total: CostPair
  /**
   * The ENERGY price that applied when charging began, per kWh, in hundredths of a minor unit (5450 = 0.5450 SGD),
   * the unit `ev_session.price_per_kwh_*` stores. Zero when the tariff has no ENERGY component.
   */
  price_per_kwh: CostPair
}

/** Singapore and Malaysia, where the demo networks run. */
export const DEFAULT_TARIFF_UTC_OFFSET_MINUTES = 480

const MINUTE = 60_000
const DAY = 86_400_000
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const

/** Prices are stored as 1/10,000 of a currency unit (4 decimals, as OCPI prices are written). */
const PRICE_SCALE = 10_000n
/** VAT percentages are kept to 2 decimals (9 → 900, 7.5 → 750). */
const VAT_SCALE = 100n

type Billed = 'ENERGY' | 'TIME' | 'PARKING_TIME' | 'FLAT'

/** What the restrictions of an element are checked against at a period's start. */
interface Moment {
  /** Minutes since local midnight. */
  minuteOfDay: number
  weekday: (typeof WEEKDAYS)[number]
  /** Energy delivered before this period, kWh. */
  kwhBefore: number
}

function momentOf(at: number, offsetMinutes: number, kwhBefore: number): Moment {
  const local = at + offsetMinutes * MINUTE
  const sinceMidnight = ((local % DAY) + DAY) % DAY
  return {
    minuteOfDay: Math.floor(sinceMidnight / MINUTE),
    weekday: WEEKDAYS[new Date(local).getUTCDay()] ?? 'MONDAY',
    kwhBefore,
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** Whether an element's restrictions hold at a moment. A time window may wrap past midnight (22:00–07:00). */
export function restrictionsHold(restrictions: TariffRestrictions | undefined, moment: Moment): boolean {
  if (!restrictions) return true
  const { start_time, end_time, day_of_week, min_kwh, max_kwh } = restrictions
  const m = moment.minuteOfDay
  if (start_time !== undefined && end_time !== undefined) {
    const from = minutesOf(start_time)
    const to = minutesOf(end_time)
    const inside = from <= to ? m >= from && m < to : m >= from || m < to
    if (!inside) return false
  } else if (start_time !== undefined) {
    if (m < minutesOf(start_time)) return false
  } else if (end_time !== undefined) {
    if (m >= minutesOf(end_time)) return false
  }
  if (day_of_week !== undefined && day_of_week.length > 0 && !day_of_week.includes(moment.weekday))
    return false
  if (min_kwh !== undefined && moment.kwhBefore < min_kwh) return false
  if (max_kwh !== undefined && moment.kwhBefore >= max_kwh) return false
  return true
}

/** The component of a type that applies at a moment: from the first matching element that has one (OCPI). */
function componentAt(
  elements: readonly TariffElement[],
  type: Billed,
  moment: Moment,
): { component: PriceComponent; element: number } | null {
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i]
    if (!element || !restrictionsHold(element.restrictions, moment)) continue
    const component = element.price_components.find((c) => c.type === type)
    if (component) return { component, element: i }
  }
  return null
}

/** One component's billed volume, accumulated over the periods it priced. */
interface Bucket {
  type: Billed
  component: PriceComponent
  /** kWh for ENERGY, hours for the time types, 1 for FLAT. */
  volume: number
}

const sumOf = (period: ChargingPeriod, type: 'ENERGY' | 'TIME') =>
  period.dimensions.filter((d) => d.type === type).reduce((sum, d) => sum + d.volume, 0)

/** A step size in whole units; 0 or less (OCPI's free-of-charge example writes 0) rounds nothing. */
const stepOf = (stepSize: number) => BigInt(Math.max(1, Math.round(stepSize)))

/** `units` rounded up to a multiple of `step`. */
const roundUpTo = (units: bigint, step: bigint) => ((units + step - 1n) / step) * step

/** A volume in whole billing units (Wh or seconds), rounded up to the step; a hair of float noise is forgiven. */
function billedUnits(type: Billed, volume: number, stepSize: number): bigint {
  if (type === 'FLAT') return 1n
  const perUnit = type === 'ENERGY' ? 1000 : 3600
  const units = Math.ceil(volume * perUnit - 1e-6)
  return roundUpTo(BigInt(Math.max(0, units)), stepOf(stepSize))
}

/** A bucket with the whole units it bills. */
interface BilledBucket extends Bucket {
  units: bigint
}

/**
 * The units each bucket bills under a step-size rule. `lastOf` names, per type, the bucket that billed the latest
 * period of that type (OCPI's "last relevant PriceComponent").
 */
function billedBuckets(
  buckets: ReadonlyMap<string, Bucket>,
  lastOf: Partial<Record<Billed, string>>,
  rule: StepSizeRule,
): BilledBucket[] {
  const billed = new Map<string, BilledBucket>()
  for (const [key, b] of buckets) {
    const step = rule === 'per_component' ? b.component.step_size : 1
    billed.set(key, { ...b, units: billedUnits(b.type, b.volume, step) })
  }
  if (rule === 'per_session') {
    const rounded: Billed[] = ['ENERGY', lastOf.PARKING_TIME === undefined ? 'TIME' : 'PARKING_TIME']
    for (const type of rounded) {
      const last = billed.get(lastOf[type] ?? '')
      if (!last) continue
      const total = [...billed.values()].filter((b) => b.type === type).reduce((sum, b) => sum + b.units, 0n)
      last.units += roundUpTo(total, stepOf(last.component.step_size)) - total
    }
  }
  return [...billed.values()]
}

/** Integer division rounding half up (both operands non-negative). */
const roundDiv = (numerator: bigint, denominator: bigint) =>
  (numerator * 2n + denominator) / (denominator * 2n)

const scaledPrice = (price: number) => BigInt(Math.round(price * Number(PRICE_SCALE)))
const scaledVat = (vat: number | null) => BigInt(Math.round((vat ?? 0) * Number(VAT_SCALE)))

/** Billing units per unit of the component's price: Wh per kWh, seconds per hour, 1 for FLAT. */
const UNITS_PER_PRICE: Record<Billed, bigint> = { ENERGY: 1000n, TIME: 3600n, PARKING_TIME: 3600n, FLAT: 1n }

/** The exact cost of one type's buckets in minor units, excluding and including VAT. */
function costOf(buckets: readonly BilledBucket[], type: Billed, digits: number): CostPair {
  const minor = 10n ** BigInt(digits)
  let excl = 0n
  let incl = 0n
  for (const b of buckets) {
    if (b.type !== type) continue
    const base = scaledPrice(b.component.price) * b.units
    excl += base
    incl += base * (100n * VAT_SCALE + scaledVat(b.component.vat))
  }
  const denominator = PRICE_SCALE * UNITS_PER_PRICE[type]
  return {
    excl_vat: Number(roundDiv(excl * minor, denominator)),
    incl_vat: Number(roundDiv(incl * minor, denominator * 100n * VAT_SCALE)),
  }
}

/** A price per kWh in hundredths of a minor unit (the unit ev_session stores), excluding and including VAT. */
function perKwh(component: PriceComponent | undefined, digits: number): CostPair {
  if (!component) return { excl_vat: 0, incl_vat: 0 }
  const scale = 10n ** BigInt(digits + 2)
  const price = scaledPrice(component.price)
  return {
    excl_vat: Number(roundDiv(price * scale, PRICE_SCALE)),
    incl_vat: Number(
      roundDiv(price * scale * (100n * VAT_SCALE + scaledVat(component.vat)), PRICE_SCALE * 100n * VAT_SCALE),
    ),
  }
}

/**
 * Prices a session: its tariff, its charging periods (any order; each lasts until the next one starts, the last until
 * `sessionEnd`) and its end (now, for a running session). Money in minor units.
 */
export function priceSession(
  tariff: PricingTariff,
  periods: readonly ChargingPeriod[],
  sessionEnd: number,
): SessionPrice {
  const digits = tariff.minor_unit_digits ?? minorUnitDigits(tariff.currency ?? 'SGD')
  const offset = tariff.time_zone_offset_minutes ?? DEFAULT_TARIFF_UTC_OFFSET_MINUTES
  const sorted = [...periods].sort((a, b) => a.start_date_time - b.start_date_time)
  const buckets = new Map<string, Bucket>()
  const lastOf: Partial<Record<Billed, string>> = {}
  const bill = (type: Billed, moment: Moment, volume: number) => {
    const found = componentAt(tariff.elements, type, moment)
    if (!found || volume <= 0) return
    const key = `${type}|${String(found.element)}`
    const bucket = buckets.get(key) ?? { type, component: found.component, volume: 0 }
    bucket.volume += volume
    buckets.set(key, bucket)
    lastOf[type] = key
  }

  let kwhBefore = 0
  let firstCharging: Moment | null = null
  for (const [i, period] of sorted.entries()) {
    const next = sorted[i + 1]
    const until = Math.max(period.start_date_time, next ? next.start_date_time : sessionEnd)
    const hoursLasted = (until - period.start_date_time) / 3_600_000
    const hasTime = period.dimensions.some((d) => d.type === 'TIME')
    const hours = hasTime ? sumOf(period, 'TIME') : hoursLasted
    const moment = momentOf(period.start_date_time, offset, kwhBefore)
    if (period.session_stage === SessionStage.CHARGING) {
      firstCharging ??= moment
      const kwh = sumOf(period, 'ENERGY')
      bill('ENERGY', moment, kwh)
      bill('TIME', moment, hours)
      kwhBefore += kwh
    } else if (period.session_stage === SessionStage.PARKING_REGULAR) {
      bill('PARKING_TIME', moment, hours)
    }
  }
  const first = sorted[0]
  if (first) bill('FLAT', momentOf(first.start_date_time, offset, 0), 1)

  const all = billedBuckets(buckets, lastOf, tariff.step_size_rule ?? 'per_component')
  const energy = costOf(all, 'ENERGY', digits)
  const time = costOf(all, 'TIME', digits)
  const parking_time = costOf(all, 'PARKING_TIME', digits)
  const flat = costOf(all, 'FLAT', digits)
  const parts = [energy, time, parking_time, flat]

  const energyAtStart = firstCharging
    ? componentAt(tariff.elements, 'ENERGY', firstCharging)?.component
    : tariff.elements.flatMap((e) => e.price_components).find((c) => c.type === TariffComponentType.ENERGY)
  return {
    energy,
    time,
    parking_time,
    flat,
    total: {
      excl_vat: parts.reduce((sum, p) => sum + p.excl_vat, 0),
      incl_vat: parts.reduce((sum, p) => sum + p.incl_vat, 0),
    },
    price_per_kwh: perKwh(energyAtStart, digits),
  }
}

/**
 * A price as shown "with tax" (B §3, A §9: price × (100 + vat) / 100), in currency units, kept to 4 decimals so a
 * per-kWh rate is not rounded away. A null VAT means none applies.
 */
export function priceWithTax(price: number, vat: number | null): number {
  const withTax = roundDiv(scaledPrice(price) * (100n * VAT_SCALE + scaledVat(vat)), 100n * VAT_SCALE)
  return Number(withTax) / Number(PRICE_SCALE)
}

/** A session to price in the cost preview: when it starts, what it charges, and how long it stays parked after. */
export interface SampleSession {
  start: number
  energy_kwh: number
  charging_minutes: number
  grace_minutes?: number
  blackout_minutes?: number
  /** Regular (paid) parking after grace and blackout. */
  parking_minutes?: number
}

/** The charging periods a sample session would report: 15-minute CHARGING periods at an even power, then parking. */
export function sampleSessionPeriods(sample: SampleSession): { periods: ChargingPeriod[]; end: number } {
  const periods: ChargingPeriod[] = []
  const chargingMs = Math.max(0, Math.round(sample.charging_minutes * MINUTE))
  const step = 15 * MINUTE
  let wh = Math.round(Math.max(0, sample.energy_kwh) * 1000)
  for (let at = 0; at < chargingMs; at += step) {
    const length = Math.min(step, chargingMs - at)
    const left = chargingMs - at
    // Whole Wh per period, the last period taking what rounding left over, so the periods add up exactly.
    const periodWh = length === left ? wh : Math.round((wh * length) / left)
    wh -= periodWh
    periods.push({
      start_date_time: sample.start + at,
      dimensions: [
        { type: 'ENERGY', volume: periodWh / 1000 },
        { type: 'TIME', volume: length / 3_600_000 },
      ],
      session_stage: SessionStage.CHARGING,
    })
  }
  let at = sample.start + chargingMs
  const parking: [SessionStage, number | undefined][] = [
    [SessionStage.PARKING_GRACE, sample.grace_minutes],
    [SessionStage.PARKING_BLACKOUT, sample.blackout_minutes],
    [SessionStage.PARKING_REGULAR, sample.parking_minutes],
  ]
  for (const [stage, minutes] of parking) {
    const ms = Math.max(0, Math.round((minutes ?? 0) * MINUTE))
    if (ms === 0) continue
    periods.push({
      start_date_time: at,
      dimensions: [{ type: 'TIME', volume: ms / 3_600_000 }],
      session_stage: stage,
    })
    at += ms
  }
  return { periods, end: at }
}

/** The cost preview of a tariff (the tariff page): the price of a sample session, by type, in minor units. */
export function previewSessionCost(tariff: PricingTariff, sample: SampleSession): SessionPrice {
  const { periods, end } = sampleSessionPeriods(sample)
  return priceSession(tariff, periods, end)
}
