import { minorUnitDigits } from '../enums/currency'
import { utcOffsetMinutes } from '../time-zone'
import type { ChargingPeriod, PriceComponent, TariffElement, TariffRestrictions } from '../ev/ocpi'
import { priceSession } from '../ev/tariff-pricing'
import type { OcpiCdr } from './ocpi-cdrs'
import type { OcpiTariff, OcpiTariffRestrictions } from './ocpi-tariffs'
import { parseOcpiDateTime } from './ocpi-types'

/*
 * Pricing an OCPI 2.2.1 CDR with an OCPI Tariff (mod_tariffs.asciidoc "Tariff Object", mod_cdrs.asciidoc "step_size"
 * and "ChargingPeriod"), by converting both to the portal's model and calling `priceSession` (ev/tariff-pricing.ts),
 * so CDRs and the portal's own sessions are priced by one piece of code.
 *
 * - Elements and price components carry over as they are; step_size uses OCPI's per-session rule.
 * - A charging period becomes a CHARGING period (its ENERGY and TIME) and, when it has PARKING_TIME, a PARKING_REGULAR
 *   period of that many hours starting at the same moment (OCPI starts a new period whenever another element
 *   applies, so both halves are priced by the elements that held at the period's start). A period with neither TIME
 *   nor PARKING_TIME counts its whole length (until the next period, the last until end_date_time) as charging time.
 * - min_price and max_price bound the total, excluding and including VAT separately (each only where given).
 * - Amounts are rounded half up to the currency's minor unit once per cost type (or to `decimals`), the total is the
 *   sum of the rounded parts: OCPI leaves rounding to the parties (2.2.1-d2 says so explicitly).
 *
 * What tariff-pricing cannot price is refused with the reasons, never priced approximately: the restrictions
 * start_date, end_date, min/max_current, min/max_power, min/max_duration and reservation; periods of another tariff;
 * and time-of-day or weekday restrictions without the Location's time zone.
 */

/** A cost as OCPI's Price, with incl_vat always given (a component without vat adds its price unchanged). */
export interface OcpiCostPair {
  excl_vat: number
  incl_vat: number
}

/** The CDR totals a tariff gives, in the currency's major unit. */
export interface OcpiCdrCosts {
  total_cost: OcpiCostPair
  total_fixed_cost: OcpiCostPair
  total_energy_cost: OcpiCostPair
  total_time_cost: OcpiCostPair
  total_parking_cost: OcpiCostPair
  /** Set when the tariff's min_price or max_price replaced the sum of the parts (on either side of VAT). */
  bounded_by?: 'min_price' | 'max_price'
}

export type OcpiCdrPricing = { ok: true; costs: OcpiCdrCosts } | { ok: false; unsupported: string[] }

export interface OcpiPricingOptions {
  /**
   * The Location's IANA time zone (Location.time_zone, e.g. Europe/Brussels), needed when an element restricts the
   * time of day or the weekday. Its UTC offset at the CDR's start applies to the whole session.
   */
  time_zone?: string
  /** A fixed UTC offset in minutes instead of `time_zone`. */
  utc_offset_minutes?: number
  /** Decimals of the amounts returned; default the currency's minor unit (2 for EUR). */
  decimals?: number
}

/** The part of a CDR that pricing reads. */
export type OcpiCdrToPrice = Pick<OcpiCdr, 'start_date_time' | 'end_date_time' | 'charging_periods'>

const HOUR = 3_600_000

/** Restrictions tariff-pricing.ts does not evaluate; an element carrying one could not be priced right. */
const UNSUPPORTED_RESTRICTIONS = [
  'start_date',
  'end_date',
  'min_current',
  'max_current',
  'min_power',
  'max_power',
  'min_duration',
  'max_duration',
  'reservation',
] as const satisfies readonly (keyof OcpiTariffRestrictions)[]

function restrictionsOf(restrictions: OcpiTariffRestrictions | undefined): TariffRestrictions | undefined {
  if (!restrictions) return undefined
  const { start_time, end_time, day_of_week, min_kwh, max_kwh } = restrictions
  return { start_time, end_time, day_of_week, min_kwh, max_kwh }
}

function elementsOf(tariff: OcpiTariff): TariffElement[] {
  return tariff.elements.map((element) => ({
    price_components: element.price_components.map((c): PriceComponent => ({
      type: c.type,
      price: c.price,
      vat: c.vat ?? null,
      step_size: c.step_size,
    })),
    restrictions: restrictionsOf(element.restrictions),
  }))
}

/** Why the tariff and CDR cannot be priced here; empty when they can. */
function unsupportedOf(tariff: OcpiTariff, cdr: OcpiCdrToPrice, options: OcpiPricingOptions): string[] {
  const reasons: string[] = []
  const hasZone = options.time_zone !== undefined || options.utc_offset_minutes !== undefined
  tariff.elements.forEach((element, i) => {
    const r = element.restrictions
    if (!r) return
    for (const key of UNSUPPORTED_RESTRICTIONS)
      if (r[key] !== undefined) reasons.push(`elements[${i}].restrictions.${key} is not supported`)
    const local = r.start_time !== undefined || r.end_time !== undefined || (r.day_of_week?.length ?? 0) > 0
    if (local && !hasZone)
      reasons.push(`elements[${i}].restrictions need the Location's time zone (options.time_zone)`)
  })
  cdr.charging_periods.forEach((period, i) => {
    if (parseOcpiDateTime(period.start_date_time) === undefined)
      reasons.push(`charging_periods[${i}].start_date_time is not an OCPI DateTime`)
    // CiString: ids compare case-insensitively.
    if (period.tariff_id !== undefined && period.tariff_id.toLowerCase() !== tariff.id.toLowerCase())
      reasons.push(`charging_periods[${i}] is priced by tariff ${period.tariff_id}, not ${tariff.id}`)
  })
  for (const key of ['start_date_time', 'end_date_time'] as const)
    if (parseOcpiDateTime(cdr[key]) === undefined) reasons.push(`${key} is not an OCPI DateTime`)
  return reasons
}

const sumOf = (volumes: readonly { type: string; volume: number }[], type: string) =>
  volumes.filter((d) => d.type === type).reduce((sum, d) => sum + d.volume, 0)

/** The CDR's charging periods in the portal's model (see the top of the file). */
function periodsOf(cdr: OcpiCdrToPrice, end: number): ChargingPeriod[] {
  const sorted = cdr.charging_periods
    .map((period) => ({ period, start: parseOcpiDateTime(period.start_date_time) ?? 0 }))
    .sort((a, b) => a.start - b.start)
  return sorted.flatMap(({ period, start }, i): ChargingPeriod[] => {
    const until = sorted[i + 1]?.start ?? end
    const { dimensions } = period
    const hasTime = dimensions.some((d) => d.type === 'TIME')
    const hasParking = dimensions.some((d) => d.type === 'PARKING_TIME')
    const energy = sumOf(dimensions, 'ENERGY')
    // Without TIME, a parking period charges no time; a period with neither counts its whole length as charging.
    const hours = hasTime ? sumOf(dimensions, 'TIME') : hasParking ? 0 : Math.max(0, until - start) / HOUR
    const out: ChargingPeriod[] = []
    if (!hasParking || energy > 0 || hours > 0)
      out.push({
        start_date_time: start,
        dimensions: [
          { type: 'ENERGY', volume: energy },
          { type: 'TIME', volume: hours },
        ],
        session_stage: 'CHARGING',
      })
    if (hasParking)
      out.push({
        start_date_time: start,
        dimensions: [{ type: 'TIME', volume: sumOf(dimensions, 'PARKING_TIME') }],
        session_stage: 'PARKING_REGULAR',
      })
    return out
  })
}

/**
 * The costs of a CDR (or a Session's periods) under an OCPI tariff, as the CDR's total_* fields would carry them, or
 * the reasons it cannot be priced here.
 */
export function priceOcpiCdr(
  tariff: OcpiTariff,
  cdr: OcpiCdrToPrice,
  options: OcpiPricingOptions = {},
): OcpiCdrPricing {
  const unsupported = unsupportedOf(tariff, cdr, options)
  const start = parseOcpiDateTime(cdr.start_date_time)
  const end = parseOcpiDateTime(cdr.end_date_time)
  let offset = options.utc_offset_minutes ?? 0
  if (options.time_zone !== undefined && start !== undefined) {
    try {
      offset = utcOffsetMinutes(options.time_zone, start)
    } catch {
      unsupported.push(`time_zone ${options.time_zone} is not an IANA time zone`)
    }
  }
  if (unsupported.length > 0 || start === undefined || end === undefined) return { ok: false, unsupported }

  const digits = options.decimals ?? minorUnitDigits(tariff.currency)
  const price = priceSession(
    {
      elements: elementsOf(tariff),
      currency: tariff.currency,
      time_zone_offset_minutes: offset,
      step_size_rule: 'per_session',
      minor_unit_digits: digits,
    },
    periodsOf(cdr, end),
    end,
  )

  let { excl_vat, incl_vat } = price.total
  let bounded_by: OcpiCdrCosts['bounded_by']
  const minor = (amount: number) => Math.round(amount * 10 ** digits)
  const { min_price, max_price } = tariff
  if (min_price) {
    if (excl_vat < minor(min_price.excl_vat))
      [excl_vat, bounded_by] = [minor(min_price.excl_vat), 'min_price']
    if (min_price.incl_vat !== undefined && incl_vat < minor(min_price.incl_vat))
      [incl_vat, bounded_by] = [minor(min_price.incl_vat), 'min_price']
  }
  if (max_price) {
    if (excl_vat > minor(max_price.excl_vat))
      [excl_vat, bounded_by] = [minor(max_price.excl_vat), 'max_price']
    if (max_price.incl_vat !== undefined && incl_vat > minor(max_price.incl_vat))
      [incl_vat, bounded_by] = [minor(max_price.incl_vat), 'max_price']
  }

  const major = (pair: { excl_vat: number; incl_vat: number }): OcpiCostPair => ({
    excl_vat: pair.excl_vat / 10 ** digits,
    incl_vat: pair.incl_vat / 10 ** digits,
  })
  return {
    ok: true,
    costs: {
      total_cost: major({ excl_vat, incl_vat }),
      total_fixed_cost: major(price.flat),
      total_energy_cost: major(price.energy),
      total_time_cost: major(price.time),
      total_parking_cost: major(price.parking_time),
      ...(bounded_by ? { bounded_by } : {}),
    },
  }
}
