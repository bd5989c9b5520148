/*
 * The carbon-credit maths (docs/decisions/0027-carbon-credits.md), pure and shared: the server derives records with
 * it, the seed and the tests check against it, the portal formats with it. Everything is integers until display:
 * energy in Wh, emissions in grams of CO2e, money in minor units, shares in basis points (1 % = 100).
 */

const DAY_MS = 86_400_000
/** Days and months of the carbon programme are UTC+8 calendar days (Singapore, Malaysia), like ev_session_daily. */
const UTC8_MS = 8 * 3_600_000
/** Grams in a tonne: the credit price is per tonne of CO2e. */
const GRAMS_PER_TONNE = 1_000_000
/** 100 % in basis points. */
export const FULL_SHARE_BPS = 10_000

/** Half away from zero, for non-negative inputs the usual "round half up". */
function roundHalfUp(x: number): number {
  return Math.sign(x) * Math.floor(Math.abs(x) + 0.5)
}

/**
 * Emissions avoided by charging `energyWh` instead of burning the fuel the vehicle replaced: energy (kWh) × the
 * scenario's factor (g CO2e per kWh), in whole grams. The factor is net: the fuel burnt for the distance that kWh
 * drives, minus the grid's emissions for producing it.
 */
export function emissionsReducedGrams(energyWh: number, factorGramsPerKwh: number): number {
  if (energyWh <= 0 || factorGramsPerKwh <= 0) return 0
  // Wh × g/kWh is milligrams; both are integers, so the product is exact well past any session's size.
  return roundHalfUp((energyWh * factorGramsPerKwh) / 1000)
}

/** What the credits of `grams` of CO2e are worth at `pricePerTonne` (minor units per tonne), in whole minor units. */
export function creditValue(grams: number, pricePerTonne: number): number {
  if (grams <= 0 || pricePerTonne <= 0) return 0
  return roundHalfUp((grams * pricePerTonne) / GRAMS_PER_TONNE)
}

/**
 * A record's earnings split between the CPO and the fleet owner by the partnership's CPO share (basis points). The
 * CPO's part is rounded; the fleet owner gets the rest, so the two always add up to the total exactly.
 */
export function splitEarnings(total: number, cpoShareBps: number): { cpo: number; fo: number } {
  const share = Math.min(FULL_SHARE_BPS, Math.max(0, cpoShareBps))
  const cpo = roundHalfUp((total * share) / FULL_SHARE_BPS)
  return { cpo, fo: total - cpo }
}

export interface CarbonRecordInputs {
  /** The session's energy, Wh. */
  energy_wh: number
  /** The emissions category's factor, g CO2e per kWh. */
  emission_factor_g_per_kwh: number
  /** The programme's credit price, minor units per tonne of CO2e. */
  credit_price_per_tonne: number
  /** The partnership's CPO share, basis points; the fleet owner has the rest. */
  cpo_share_bps: number
}

export interface CarbonRecordFigures {
  emissions_reduced_g: number
  total_earnings: number
  cpo_earnings: number
  fo_earnings: number
}

/** The figures of one carbon-credit record from its session and terms. */
export function carbonRecordFigures(input: CarbonRecordInputs): CarbonRecordFigures {
  const grams = emissionsReducedGrams(input.energy_wh, input.emission_factor_g_per_kwh)
  const total = creditValue(grams, input.credit_price_per_tonne)
  const { cpo, fo } = splitEarnings(total, input.cpo_share_bps)
  return { emissions_reduced_g: grams, total_earnings: total, cpo_earnings: cpo, fo_earnings: fo }
}

/**
 * Percentages of a whole, one decimal each, that add up to exactly 100 (largest remainder): the scenario shares of
 * the dashboard. Zero or negative values get 0; when nothing is positive every share is 0.
 */
export function sharePercentages(values: readonly number[]): number[] {
  const positive = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0))
  const total = positive.reduce((a, b) => a + b, 0)
  if (total === 0) return values.map(() => 0)
  // Tenths of a percent: 1000 units make the whole.
  const exact = positive.map((v) => (v * 1000) / total)
  const floors = exact.map((x) => Math.floor(x))
  let left = 1000 - floors.reduce((a, b) => a + b, 0)
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .filter(({ i }) => (positive[i] ?? 0) > 0)
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    floors[i] = (floors[i] ?? 0) + 1
    left--
  }
  return floors.map((f) => f / 10)
}

/** The start of the UTC+8 calendar day of a time (epoch ms): the programme's day. */
export function carbonDay(ms: number): number {
  return Math.floor((ms + UTC8_MS) / DAY_MS) * DAY_MS - UTC8_MS
}

/** The start of the UTC+8 calendar month of a time (epoch ms): a payout period. */
export function carbonMonth(ms: number): number {
  const local = new Date(ms + UTC8_MS)
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - UTC8_MS
}

/** The start of the month after the one starting at `monthStart` (a UTC+8 month start). */
export function nextCarbonMonth(monthStart: number): number {
  const local = new Date(monthStart + UTC8_MS)
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - UTC8_MS
}

/** The calendar year (UTC+8) of a time: an invoice's year payable. */
export function carbonYear(ms: number): number {
  return new Date(ms + UTC8_MS).getUTCFullYear()
}

/**
 * How a day range is answered fast and exactly: whole UTC+8 days from the daily rollup, and the partial days at
 * either end (when the range does not start or end on a day boundary) from the records themselves. Bounds are
 * inclusive epoch ms; undefined means open.
 */
export interface RangeSplit {
  /** Whole days from the rollup, first and last day starts (inclusive); null when the range holds no whole day. */
  days: { from: number | undefined; to: number | undefined } | null
  /** Ranges (inclusive ms) read from the records. */
  edges: { from: number | undefined; to: number | undefined }[]
}

export function splitRange(from: number | undefined, to: number | undefined): RangeSplit {
  if (from !== undefined && to !== undefined && from > to) return { days: null, edges: [] }
  const firstWhole =
    from === undefined ? undefined : carbonDay(from) === from ? from : carbonDay(from) + DAY_MS
  // The last whole day is the one whose last millisecond is inside the range.
  const lastWhole = to === undefined ? undefined : carbonDay(to + 1) - DAY_MS
  if (firstWhole !== undefined && lastWhole !== undefined && firstWhole > lastWhole) {
    // No whole day inside: the records answer all of it.
    return { days: null, edges: [{ from, to }] }
  }
  const edges: RangeSplit['edges'] = []
  if (from !== undefined && firstWhole !== undefined && firstWhole > from)
    edges.push({ from, to: firstWhole - 1 })
  if (to !== undefined && lastWhole !== undefined && lastWhole + DAY_MS - 1 < to)
    edges.push({ from: lastWhole + DAY_MS, to })
  return { days: { from: firstWhole, to: lastWhole }, edges }
}

/** A day's figures on the dashboard's time chart. */
export interface CarbonSeriesPoint {
  day: number
  records: number
  kWh: number
  emissions_reduced: number
  rebates: number
}

/**
 * The time chart's points, by day or, for long ranges, by week (7 UTC+8 days from the first day): the portal shows
 * at most ~100 bars. Sums are kept exact (kWh and kg to 3 decimals).
 */
export function bucketSeries(
  points: readonly CarbonSeriesPoint[],
  size: 'day' | 'week',
): CarbonSeriesPoint[] {
  if (size === 'day' || points.length === 0) return [...points]
  const sorted = [...points].sort((a, b) => a.day - b.day)
  const first = sorted[0]?.day ?? 0
  const out = new Map<number, CarbonSeriesPoint>()
  for (const p of sorted) {
    const start = first + Math.floor((p.day - first) / (7 * DAY_MS)) * 7 * DAY_MS
    const b = out.get(start) ?? { day: start, records: 0, kWh: 0, emissions_reduced: 0, rebates: 0 }
    b.records += p.records
    b.kWh = round3(b.kWh + p.kWh)
    b.emissions_reduced = round3(b.emissions_reduced + p.emissions_reduced)
    b.rebates += p.rebates
    out.set(start, b)
  }
  return [...out.values()]
}

/** Days or weeks for a chart of `dayCount` days: weeks once there would be more than 92 bars. */
export function seriesBucketFor(dayCount: number): 'day' | 'week' {
  return dayCount > 92 ? 'week' : 'day'
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000
}

/** Wh → kWh (3 decimals, exact). */
export function kwhOf(wh: number): number {
  return round3(wh / 1000)
}

/** Grams → kilograms (3 decimals, exact). */
export function kgOf(grams: number): number {
  return round3(grams / 1000)
}

/** A factor in kg CO2e per kWh (what an operator types, up to 3 decimals) → grams per kWh (stored). */
export function factorToGrams(kgPerKwh: number): number {
  return Math.round(kgPerKwh * 1000)
}

/**
 * Emissions for people: grams as kg below a tonne ("812.4 kg"), tonnes above ("12.35 t"), CO2e implied by the
 * column or chart it is in.
 */
export function formatEmissions(kg: number): string {
  if (!Number.isFinite(kg)) return ''
  const abs = Math.abs(kg)
  if (abs >= 1000) {
    return `${(kg / 1000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} t`
  }
  return `${kg.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kg`
}

/** Energy for people: "1,234.5 kWh", or "12.35 MWh" from ten thousand kWh up. */
export function formatEnergy(kWh: number): string {
  if (!Number.isFinite(kWh)) return ''
  if (Math.abs(kWh) >= 10_000) {
    return `${(kWh / 1000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MWh`
  }
  return `${kWh.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kWh`
}

/** A share in basis points as a percentage for people: 4000 → "40%", 3750 → "37.5%". */
export function formatShare(bps: number): string {
  return `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`
}
