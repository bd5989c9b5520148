import type { PriceComponent, TariffElement, TariffRestrictions, TariffType } from '@portal/contract'
import type { Db } from '../db/database'
import type { NewEvTariffRow } from '../modules/charging/ev.table'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * The demo tariffs of the three networks with chargers (docs/decisions/0022-tariffs.md): SparkGrid (CPO) in
 * Singapore and Malaysia, Voltnet (VOLT) in both, and the Busways depots (BUS) in Singapore. OCPI elements as
 * operators there price: AC and DC per kWh, peak/off-peak windows, weekend prices, an idle (hogging) fee as
 * PARKING_TIME billed per started minute, connection fees (FLAT), TIME, energy tiers and step sizes.
 *
 * Naming convention the network seed relies on (ev-network.ts assigns connectors' tariffs):
 *   <ENTITY>-<AC|DC>-<PLAN>-<SG|MY>   e.g. CPO-AC-STANDARD-SG, CPO-DC-FAST-MY
 * Only tariffs valid at `now` carry `-AC-`/`-DC-`; the expired ones are named <ENTITY>-PROMO-… or <ENTITY>-OLD-…
 * and the scheduled revisions <ENTITY>-NEXTREV-…, so a connector never gets a tariff that does not apply today. The
 * country suffix matches the currency: -SG is SGD with 9 % GST, -MY is MYR with 8 % service tax.
 *
 * Tariffs do not scale with `context.scale`: a network has a handful of price plans however many sessions it has.
 */

const DAY = 86_400_000
const HOUR = 3_600_000
const UTC8 = 8 * HOUR

/** Singapore GST since 1 January 2024. */
export const SG_GST = 9
/** Malaysian service tax on EV charging (8 % since 1 March 2024). */
export const MY_SST = 8

const WEEKDAYS: NonNullable<TariffRestrictions['day_of_week']> = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
]
const WEEKEND: NonNullable<TariffRestrictions['day_of_week']> = ['SATURDAY', 'SUNDAY']

type Country = 'SG' | 'MY'
const VAT: Record<Country, number> = { SG: SG_GST, MY: MY_SST }
const CURRENCY: Record<Country, string> = { SG: 'SGD', MY: 'MYR' }

/** Price components of one country: prices excl. VAT in currency units, OCPI units (per kWh, per hour). */
function components(country: Country) {
  const vat = VAT[country]
  return {
    /** Per kWh; step in Wh (1: billed per Wh, 100: per started 0.1 kWh). */
    energy: (price: number, step = 1): PriceComponent => ({ type: 'ENERGY', price, vat, step_size: step }),
    /** An idle (hogging) fee quoted per minute, stored per hour as OCPI does, billed per started minute. */
    idlePerMinute: (perMinute: number): PriceComponent => ({
      type: 'PARKING_TIME',
      price: Math.round(perMinute * 60 * 10_000) / 10_000,
      vat,
      step_size: 60,
    }),
    /** A connection fee, once per session. */
    flat: (price: number): PriceComponent => ({ type: 'FLAT', price, vat, step_size: 1 }),
    /** Per hour of charging time; step in seconds. */
    time: (perHour: number, step: number): PriceComponent => ({
      type: 'TIME',
      price: perHour,
      vat,
      step_size: step,
    }),
  }
}

type Validity =
  /** In force since months ago, no end. */
  | { kind: 'current' }
  /** In force since `startedDaysAgo` days (a recent plan). */
  | { kind: 'recent'; startedDaysAgo: number }
  /** In force now, ends in `endsInDays` days (a contract with an end). */
  | { kind: 'ending'; endsInDays: number }
  /** Ran from `fromDaysAgo` to `toDaysAgo` days ago. */
  | { kind: 'expired'; fromDaysAgo: number; toDaysAgo: number }
  /** Starts in `inDays` days. */
  | { kind: 'scheduled'; inDays: number }

interface Plan {
  entity: string
  external_id: string
  name: string
  country: Country
  type: TariffType | null
  elements: TariffElement[]
  validity: Validity
}

function plansOf(): Plan[] {
  const sg = components('SG')
  const my = components('MY')
  const plans: Plan[] = []
  const add = (
    entity: string,
    plan: string,
    country: Country,
    name: string,
    type: TariffType | null,
    elements: TariffElement[],
    validity: Validity = { kind: 'current' },
  ) =>
    plans.push({
      entity,
      external_id: `${entity}-${plan}-${country}`,
      name,
      country,
      type,
      elements,
      validity,
    })

  // SparkGrid (CPO): Singapore and Malaysia.
  add('CPO', 'AC-STANDARD', 'SG', 'AC Standard (SG)', 'REGULAR', [
    { price_components: [sg.energy(0.55), sg.idlePerMinute(0.2)] },
  ])
  add('CPO', 'AC-PEAK-OFFPEAK', 'SG', 'AC Peak/Off-peak (SG)', 'REGULAR', [
    {
      price_components: [sg.energy(0.62)],
      restrictions: { day_of_week: WEEKDAYS, start_time: '07:00', end_time: '23:00' },
    },
    {
      price_components: [sg.energy(0.52)],
      restrictions: { day_of_week: WEEKEND, start_time: '07:00', end_time: '23:00' },
    },
    { price_components: [sg.energy(0.44), sg.idlePerMinute(0.2)] },
  ])
  add('CPO', 'AC-RESIDENTIAL', 'SG', 'AC Residential (SG)', 'PROFILE_CHEAP', [
    // Condominium car parks: no idle fee overnight, so residents can leave the car plugged in.
    { price_components: [sg.idlePerMinute(0.1)], restrictions: { start_time: '07:00', end_time: '22:00' } },
    { price_components: [sg.energy(0.48, 100)] },
  ])
  add('CPO', 'AC-FLEET', 'SG', 'AC Fleet Depot (SG)', 'REGULAR', [
    { price_components: [sg.energy(0.46), sg.time(0.6, 900)] },
  ])
  add('CPO', 'DC-FAST', 'SG', 'DC Fast 50–150 kW (SG)', 'PROFILE_FAST', [
    { price_components: [sg.flat(1), sg.energy(0.72, 100), sg.idlePerMinute(0.3)] },
  ])
  add('CPO', 'DC-ULTRA', 'SG', 'DC Ultra-fast 350 kW (SG)', 'PROFILE_FAST', [
    { price_components: [sg.energy(0.82, 100)], restrictions: { max_kwh: 40 } },
    { price_components: [sg.energy(0.74, 100)], restrictions: { min_kwh: 40 } },
    { price_components: [sg.idlePerMinute(0.5)] },
  ])
  add('CPO', 'AC-STANDARD', 'MY', 'AC Standard (MY)', 'REGULAR', [
    { price_components: [my.energy(0.9), my.idlePerMinute(0.3)] },
  ])
  add('CPO', 'DC-FAST', 'MY', 'DC Fast (MY)', 'PROFILE_FAST', [
    { price_components: [my.flat(2), my.energy(1.3, 100), my.idlePerMinute(0.5)] },
  ])
  add(
    'CPO',
    'DC-PEAK-OFFPEAK',
    'MY',
    'DC Peak/Off-peak (MY)',
    'PROFILE_FAST',
    [
      {
        price_components: [my.energy(1.45, 100)],
        restrictions: { day_of_week: WEEKDAYS, start_time: '08:00', end_time: '22:00' },
      },
      { price_components: [my.energy(1.15, 100), my.idlePerMinute(0.5)] },
    ],
    { kind: 'recent', startedDaysAgo: 34 },
  )
  add(
    'CPO',
    'PROMO-LAUNCH',
    'SG',
    'Launch promotion (SG)',
    'AD_HOC_PAYMENT',
    [{ price_components: [sg.energy(0.35), sg.idlePerMinute(0.2)] }],
    { kind: 'expired', fromDaysAgo: 150, toDaysAgo: 61 },
  )
  add(
    'CPO',
    'PROMO-WEEKEND',
    'MY',
    'Weekend half price (MY)',
    'REGULAR',
    [
      { price_components: [my.energy(0.45)], restrictions: { day_of_week: WEEKEND } },
      { price_components: [my.energy(0.9), my.idlePerMinute(0.3)] },
    ],
    { kind: 'expired', fromDaysAgo: 70, toDaysAgo: 13 },
  )
  add(
    'CPO',
    'NEXTREV-STANDARD',
    'SG',
    'AC Standard, revised prices (SG)',
    'REGULAR',
    [{ price_components: [sg.energy(0.58), sg.idlePerMinute(0.2)] }],
    { kind: 'scheduled', inDays: 38 },
  )

  // Voltnet (VOLT): simple per-kWh tariffs (industry voltnet_simple_tariff), Singapore and Malaysia.
  add('VOLT', 'AC-SIMPLE', 'SG', 'Voltnet AC (SG)', 'REGULAR', [
    { price_components: [sg.energy(0.58), sg.idlePerMinute(0.25)] },
  ])
  add('VOLT', 'DC-SIMPLE', 'SG', 'Voltnet DC (SG)', 'PROFILE_FAST', [
    { price_components: [sg.energy(0.78, 100), sg.idlePerMinute(0.4)] },
  ])
  add('VOLT', 'AC-NIGHT-SAVER', 'SG', 'AC Night Saver (SG)', 'PROFILE_CHEAP', [
    { price_components: [sg.energy(0.42)], restrictions: { start_time: '22:00', end_time: '07:00' } },
    { price_components: [sg.energy(0.58), sg.idlePerMinute(0.25)] },
  ])
  add(
    'VOLT',
    'DC-ROAMING',
    'SG',
    'Roaming partners DC (SG)',
    'AD_HOC_PAYMENT',
    [{ price_components: [sg.flat(0.5), sg.energy(0.85, 100), sg.idlePerMinute(0.4)] }],
    { kind: 'ending', endsInDays: 68 },
  )
  add('VOLT', 'AC-SIMPLE', 'MY', 'Voltnet AC (MY)', 'REGULAR', [
    { price_components: [my.energy(0.95), my.idlePerMinute(0.25)] },
  ])
  add('VOLT', 'DC-SIMPLE', 'MY', 'Voltnet DC (MY)', 'PROFILE_FAST', [
    { price_components: [my.energy(1.35, 100), my.idlePerMinute(0.4)] },
  ])
  add(
    'VOLT',
    'PROMO-INTRO',
    'MY',
    'Introductory price (MY)',
    'AD_HOC_PAYMENT',
    [{ price_components: [my.energy(0.75)] }],
    { kind: 'expired', fromDaysAgo: 120, toDaysAgo: 30 },
  )
  add(
    'VOLT',
    'NEXTREV-SIMPLE',
    'SG',
    'Voltnet AC, revised prices (SG)',
    'REGULAR',
    [{ price_components: [sg.energy(0.61), sg.idlePerMinute(0.25)] }],
    { kind: 'scheduled', inDays: 20 },
  )

  // Busways (BUS): depot tariffs in Singapore; buses park overnight, so the depots charge no idle fee.
  add('BUS', 'DC-DEPOT-OVERNIGHT', 'SG', 'Depot overnight charging', 'PROFILE_CHEAP', [
    { price_components: [sg.energy(0.28, 1000)], restrictions: { start_time: '23:00', end_time: '06:00' } },
    { price_components: [sg.energy(0.38, 1000)] },
  ])
  add('BUS', 'DC-DEPOT-DAYTIME', 'SG', 'Depot daytime top-up', 'REGULAR', [
    { price_components: [sg.energy(0.41, 1000), sg.time(3, 900)] },
  ])
  add('BUS', 'DC-OPPORTUNITY', 'SG', 'Terminus opportunity charging (pantograph)', 'PROFILE_FAST', [
    // The pantograph bay must be freed for the next bus: a steep per-minute fee once charging ends.
    { price_components: [sg.flat(2), sg.energy(0.45, 100), sg.idlePerMinute(1)] },
  ])
  add('BUS', 'AC-DEPOT', 'SG', 'Depot AC (support vehicles)', 'REGULAR', [
    { price_components: [sg.idlePerMinute(0.1)], restrictions: { start_time: '06:00', end_time: '23:00' } },
    { price_components: [sg.energy(0.33)] },
  ])
  add(
    'BUS',
    'OLD-CONTRACT-FY25',
    'SG',
    'Depot energy contract FY2025',
    'REGULAR',
    [{ price_components: [sg.energy(0.31, 1000)] }],
    { kind: 'expired', fromDaysAgo: 400, toDaysAgo: 55 },
  )
  add(
    'BUS',
    'NEXTREV-CONTRACT',
    'SG',
    'Depot energy contract, next financial year',
    'PROFILE_CHEAP',
    [
      { price_components: [sg.energy(0.27, 1000)], restrictions: { start_time: '23:00', end_time: '06:00' } },
      { price_components: [sg.energy(0.37, 1000)] },
    ],
    { kind: 'scheduled', inDays: 129 },
  )
  return plans
}

/** Midnight (00:00 in Singapore and Malaysia, UTC+8) of the day a moment falls in: tariffs change at midnight. */
const localMidnight = (ms: number) => Math.floor((ms + UTC8) / DAY) * DAY - UTC8

/** The demo tariffs: deterministic for a PRNG state and a reference time. */
export function demoTariffRows(rng: Random, now: number): NewEvTariffRow[] {
  const today = localMidnight(now)
  return plansOf().map((plan) => {
    const v = plan.validity
    let start: number | null
    let end: number | null = null
    switch (v.kind) {
      case 'current':
        start = today - rng.int(120, 420) * DAY
        break
      case 'recent':
        start = today - v.startedDaysAgo * DAY
        break
      case 'ending':
        start = today - rng.int(100, 300) * DAY
        end = today + v.endsInDays * DAY
        break
      case 'expired':
        start = today - v.fromDaysAgo * DAY
        end = today - v.toDaysAgo * DAY
        break
      case 'scheduled':
        start = today + v.inDays * DAY
        break
    }
    // Written some days before it applies; last changed at some time in the 90 days before now (never before it
    // was written, never in the future).
    const created = Math.min(start, now) - rng.int(3, 21) * DAY - rng.int(0, 23) * HOUR
    const earliestUpdate = Math.max(created, now - 89 * DAY)
    const updated = earliestUpdate + Math.floor(rng.next() * (now - earliestUpdate))
    return {
      entity_code: plan.entity,
      uid: seededUuid(rng),
      external_id: plan.external_id,
      name: plan.name,
      currency: CURRENCY[plan.country],
      type: plan.type,
      elements: JSON.stringify(plan.elements),
      min_price_excl_vat: null,
      max_price_excl_vat: null,
      start_date_time: start,
      end_date_time: end,
      created_at: created,
      updated_at: updated,
    }
  })
}

/** Step 5 EV demo data: the tariffs of CPO, VOLT and BUS (runs first of the EV seeds: connectors point at them). */
export async function seedEvTariffs(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const rows = demoTariffRows(rng, context.now)
  const entities = new Set((await db.selectFrom('entity').select('code').execute()).map((e) => e.code))
  const present = rows.filter((r) => entities.has(r.entity_code))
  if (present.length > 0) await db.insertInto('ev_tariff').values(present).execute()
}
