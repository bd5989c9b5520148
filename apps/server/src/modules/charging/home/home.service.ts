import type { CpoHome, EmspHome, HomeMoney, HomeRefund, HomeTotals, HomeTrendPoint } from '@portal/contract'
import {
  evseStatuses,
  HOME_TOP_COUNT,
  minorUnitDigits,
  sgtDayStart,
  sgtDaysEndingAt,
  sgtMonthStart,
} from '@portal/contract'
import type { Db } from '../../../db/database'
import type { DailyRow, DayGroup, Side } from './home.repository'
import {
  countRunning,
  dailyRows,
  entityCurrency,
  entityNames,
  groupedByDay,
  locationsByIds,
  networkCounts,
  refundsSince,
  userCounts,
} from './home.repository'
import type { SettledDays } from './settled-days'

const DAY_MS = 86_400_000
/**
 * A day's groupings are kept once this long has passed since the day ended: sessions that started on it have
 * finished by then (the longest idle stays last hours). Before that the day is read live.
 */
export const SETTLE_AFTER_MS = 6 * 3_600_000

/** Minor units → currency units, exact to the currency's digits. */
export function units(minor: number, currency: string): number {
  const digits = minorUnitDigits(currency)
  return Number((minor / 10 ** digits).toFixed(digits))
}

/** Wh → kWh, to the Wh. */
export const kwh = (wh: number) => Math.round(wh) / 1000

interface Periods {
  now: number
  today: number
  month: number
  trendDays: number[]
  /** The first day any figure needs: the month's or the trend's first, whichever is earlier. */
  first: number
}

function periodsOf(now: number, trendDays: number): Periods {
  const today = sgtDayStart(now)
  const month = sgtMonthStart(now)
  const days = sgtDaysEndingAt(now, trendDays)
  return { now, today, month, trendDays: days, first: Math.min(month, days[0] ?? today) }
}

/**
 * The side's sessions per day, location/partner and currency from `p.first` on: settled days from the cache (filled
 * from the database in one read the first time they are needed), the rest (today, and yesterday until 06:00 SGT)
 * read live.
 */
async function dayGroups(
  db: Db,
  settled: SettledDays,
  entityCode: string,
  side: Side,
  p: Periods,
): Promise<Map<number, readonly DayGroup[]>> {
  const scope = `${side}|${entityCode}`
  const liveFrom = Math.max(p.first, p.now - p.today < SETTLE_AFTER_MS ? p.today - DAY_MS : p.today)
  const settledDays: number[] = []
  for (let day = p.first; day < liveFrom; day += DAY_MS) settledDays.push(day)
  const missing = settledDays.find((day) => settled.get(scope, day) === undefined)
  if (missing !== undefined) {
    const filled = await groupedByDay(db, entityCode, side, missing, liveFrom)
    for (const day of settledDays) if (day >= missing) settled.set(scope, day, filled.get(day) ?? [])
  }
  const out = new Map<number, readonly DayGroup[]>()
  for (const day of settledDays) out.set(day, settled.get(scope, day) ?? [])
  for (const [day, groups] of await groupedByDay(db, entityCode, side, liveFrom, null)) out.set(day, groups)
  return out
}

/** Minor-unit sums per currency. */
class PerCurrency {
  readonly incl = new Map<string, number>()
  readonly excl = new Map<string, number>()

  add(currency: string, incl: number, excl: number): void {
    this.incl.set(currency, (this.incl.get(currency) ?? 0) + incl)
    this.excl.set(currency, (this.excl.get(currency) ?? 0) + excl)
  }
}

/** The order money lists follow: the entity's own currency, then by this month's revenue, then by code. */
function currencyOrder(own: string, month: PerCurrency, others: Iterable<string>): string[] {
  const all = new Set<string>([own, ...month.incl.keys(), ...others])
  return [...all].sort((a, b) =>
    a === own
      ? -1
      : b === own
        ? 1
        : (month.incl.get(b) ?? 0) - (month.incl.get(a) ?? 0) || a.localeCompare(b),
  )
}

function moneyOf(sums: PerCurrency, order: readonly string[]): HomeMoney[] {
  return order
    .filter((c) => sums.incl.has(c))
    .map((currency) => ({
      currency,
      incl_vat: units(sums.incl.get(currency) ?? 0, currency),
      excl_vat: units(sums.excl.get(currency) ?? 0, currency),
    }))
}

interface Figures {
  currencies: string[]
  today: HomeTotals
  month: HomeTotals
  trend: HomeTrendPoint[]
  /** This month's sessions per group key. */
  monthByKey: Map<string, { sessions: number; energyWh: number; revenue: PerCurrency }>
}

/**
 * Today, this month and the trend: sessions and energy from the rollups, money per currency from the day groups,
 * refunds from the refunds issued in the period.
 */
async function figuresOf(
  db: Db,
  settled: SettledDays,
  entityCode: string,
  side: Side,
  p: Periods,
  own: string,
): Promise<Figures> {
  const [rows, groups, refunds] = await Promise.all([
    dailyRows(db, entityCode, side, p.first, p.today),
    dayGroups(db, settled, entityCode, side, p),
    refundsSince(db, entityCode, side, p.month, p.today),
  ])
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const todayMoney = new PerCurrency()
  const monthMoney = new PerCurrency()
  const monthByKey: Figures['monthByKey'] = new Map()
  const dayMoney = new Map<number, PerCurrency>()
  for (const [day, list] of groups) {
    const perDay = new PerCurrency()
    dayMoney.set(day, perDay)
    for (const g of list) {
      perDay.add(g.currency, g.incl, g.excl)
      if (day === p.today) todayMoney.add(g.currency, g.incl, g.excl)
      if (day >= p.month) {
        monthMoney.add(g.currency, g.incl, g.excl)
        const entry = monthByKey.get(g.key) ?? { sessions: 0, energyWh: 0, revenue: new PerCurrency() }
        entry.sessions += g.sessions
        entry.energyWh += g.energyWh
        entry.revenue.add(g.currency, g.incl, g.excl)
        monthByKey.set(g.key, entry)
      }
    }
  }
  const order = currencyOrder(
    own,
    monthMoney,
    [...dayMoney.values(), todayMoney]
      .flatMap((m) => [...m.incl.keys()])
      .concat(refunds.map((r) => r.currency)),
  )
  const refundList = (pick: (r: (typeof refunds)[number]) => number): HomeRefund[] =>
    order.flatMap((currency) => {
      const amount = refunds.filter((r) => r.currency === currency).reduce((s, r) => s + pick(r), 0)
      return amount > 0 ? [{ currency, amount: units(amount, currency) }] : []
    })
  const totals = (
    from: number,
    days: DailyRow[],
    money: PerCurrency,
    refunded: HomeRefund[],
  ): HomeTotals => ({
    from,
    to: p.now,
    sessions: days.reduce((s, r) => s + r.sessions, 0),
    energy_kwh: kwh(days.reduce((s, r) => s + r.energy_wh, 0)),
    revenue: moneyOf(money, order),
    refunded,
  })
  return {
    currencies: order,
    today: totals(
      p.today,
      rows.filter((r) => r.day === p.today),
      todayMoney,
      refundList((r) => r.today),
    ),
    month: totals(
      p.month,
      rows.filter((r) => r.day >= p.month),
      monthMoney,
      refundList((r) => r.total),
    ),
    trend: p.trendDays.map((day) => {
      const r = byDay.get(day)
      const money = dayMoney.get(day) ?? new PerCurrency()
      return {
        day,
        sessions: r?.sessions ?? 0,
        energy_kwh: kwh(r?.energy_wh ?? 0),
        revenue: moneyOf(money, order).map((m) => ({ currency: m.currency, incl_vat: m.incl_vat })),
      }
    }),
    monthByKey,
  }
}

/** The top groups by energy delivered (comparable across currencies), then sessions, then key (a stable order). */
function top(figures: Figures) {
  return [...figures.monthByKey.entries()]
    .sort(([ka, a], [kb, b]) => b.energyWh - a.energyWh || b.sessions - a.sessions || ka.localeCompare(kb))
    .slice(0, HOME_TOP_COUNT)
    .map(([key, g]) => ({
      key,
      sessions: g.sessions,
      energy_kwh: kwh(g.energyWh),
      revenue: moneyOf(g.revenue, figures.currencies).map((m) => ({
        currency: m.currency,
        incl_vat: m.incl_vat,
      })),
    }))
}

export async function cpoHome(
  db: Db,
  settled: SettledDays,
  entityCode: string,
  trendDays: number,
  now = Date.now(),
): Promise<CpoHome> {
  const p = periodsOf(now, trendDays)
  const own = await entityCurrency(db, entityCode)
  const [figures, network, running] = await Promise.all([
    figuresOf(db, settled, entityCode, 'CPO', p, own),
    networkCounts(db, entityCode, now),
    countRunning(db, entityCode, 'CPO'),
  ])
  const best = top(figures)
  const locations = await locationsByIds(
    db,
    entityCode,
    best.map((g) => Number(g.key)),
  )
  const byId = new Map(locations.map((l) => [String(l.id), l]))
  const known = new Set<string>(evseStatuses.values)
  const counted = new Map(network.evsesByStatus.map((s) => [s.status, s.count]))
  return {
    currency: own,
    currencies: figures.currencies,
    generated_at: now,
    today: figures.today,
    month: figures.month,
    trend: figures.trend,
    active_sessions: { ...running, total: running.charging + running.hogging },
    network: {
      locations: network.locations,
      chargers: network.chargers,
      chargers_online: network.chargersOnline,
      chargers_offline: network.chargers - network.chargersOnline,
      evses: network.evses,
      connectors: network.connectors,
      evses_by_status: [
        ...evseStatuses.values.map((status) => ({ status, count: counted.get(status) ?? 0 })),
        // A status outside the catalogue still counts (the portal shows it as "Unknown (value)").
        ...network.evsesByStatus
          .filter((s) => !known.has(s.status))
          .sort((a, b) => a.status.localeCompare(b.status)),
      ],
    },
    top_locations: best.flatMap(({ key, ...g }) => {
      const l = byId.get(key)
      return l ? [{ uid: l.uid, name: l.name, address: l.address, ...g }] : []
    }),
  }
}

export async function emspHome(
  db: Db,
  settled: SettledDays,
  entityCode: string,
  trendDays: number,
  now = Date.now(),
): Promise<EmspHome> {
  const p = periodsOf(now, trendDays)
  const own = await entityCurrency(db, entityCode)
  const [figures, running, users] = await Promise.all([
    figuresOf(db, settled, entityCode, 'EMSP', p, own),
    countRunning(db, entityCode, 'EMSP'),
    userCounts(db, entityCode, p.month),
  ])
  const best = top(figures)
  const names = new Map(
    (
      await entityNames(
        db,
        best.map((g) => g.key),
      )
    ).map((e) => [e.code, e.name]),
  )
  return {
    currency: own,
    currencies: figures.currencies,
    generated_at: now,
    today: figures.today,
    month: figures.month,
    trend: figures.trend,
    active_sessions: { ...running, total: running.charging + running.hogging },
    users: {
      total: users.total,
      registered: users.registered,
      active_this_month: users.activeThisMonth,
    },
    top_partners: best.map(({ key, ...g }) => ({
      entity_code: key,
      // B §3: a code the entity list does not know reads "Unknown Entity".
      name: names.get(key) ?? 'Unknown Entity',
      ...g,
    })),
  }
}
