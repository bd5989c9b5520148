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
import type { RollupSums, Side } from './home.repository'
import {
  counterpartSums,
  countRunning,
  dailySums,
  entityCurrency,
  entityNames,
  locationsByIds,
  networkCounts,
  refundsSince,
  userCounts,
} from './home.repository'

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
  /** This month's sessions per counterpart (location id or CPO entity code). */
  monthByKey: Map<string, Tally>
}

/** Sessions, energy and money per currency of a group (a day, a period, a counterpart). */
class Tally {
  sessions = 0
  energyWh = 0
  readonly money = new PerCurrency()

  add(s: RollupSums): void {
    this.sessions += s.sessions
    this.energyWh += s.energyWh
    this.money.add(s.currency, s.incl, s.excl)
  }
}

/**
 * Today, this month and the trend from the rollups (per day and currency), the month's counterparts from the rollups
 * too (per counterpart and currency), refunds from the refunds issued in the period.
 */
async function figuresOf(db: Db, entityCode: string, side: Side, p: Periods, own: string): Promise<Figures> {
  const [days, counterparts, refunds] = await Promise.all([
    dailySums(db, entityCode, side, p.first, p.today),
    counterpartSums(db, entityCode, side, p.month, p.today),
    refundsSince(db, entityCode, side, p.month, p.today),
  ])
  const byDay = new Map<number, Tally>()
  const today = new Tally()
  const month = new Tally()
  for (const d of days) {
    const tally = byDay.get(d.day) ?? new Tally()
    tally.add(d)
    byDay.set(d.day, tally)
    if (d.day === p.today) today.add(d)
    if (d.day >= p.month) month.add(d)
  }
  const monthByKey = new Map<string, Tally>()
  for (const c of counterparts) {
    const tally = monthByKey.get(c.counterpart) ?? new Tally()
    tally.add(c)
    monthByKey.set(c.counterpart, tally)
  }
  const order = currencyOrder(
    own,
    month.money,
    days.map((d) => d.currency).concat(refunds.map((r) => r.currency)),
  )
  const refundList = (pick: (r: (typeof refunds)[number]) => number): HomeRefund[] =>
    order.flatMap((currency) => {
      const amount = refunds.filter((r) => r.currency === currency).reduce((s, r) => s + pick(r), 0)
      return amount > 0 ? [{ currency, amount: units(amount, currency) }] : []
    })
  const totals = (from: number, t: Tally, refunded: HomeRefund[]): HomeTotals => ({
    from,
    to: p.now,
    sessions: t.sessions,
    energy_kwh: kwh(t.energyWh),
    revenue: moneyOf(t.money, order),
    refunded,
  })
  return {
    currencies: order,
    today: totals(
      p.today,
      today,
      refundList((r) => r.today),
    ),
    month: totals(
      p.month,
      month,
      refundList((r) => r.total),
    ),
    trend: p.trendDays.map((day) => {
      const t = byDay.get(day) ?? new Tally()
      return {
        day,
        sessions: t.sessions,
        energy_kwh: kwh(t.energyWh),
        revenue: moneyOf(t.money, order).map((m) => ({ currency: m.currency, incl_vat: m.incl_vat })),
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
      revenue: moneyOf(g.money, figures.currencies).map((m) => ({
        currency: m.currency,
        incl_vat: m.incl_vat,
      })),
    }))
}

export async function cpoHome(
  db: Db,
  entityCode: string,
  trendDays: number,
  now = Date.now(),
): Promise<CpoHome> {
  const p = periodsOf(now, trendDays)
  const own = await entityCurrency(db, entityCode)
  const [figures, network, running] = await Promise.all([
    figuresOf(db, entityCode, 'CPO', p, own),
    networkCounts(db, entityCode, now),
    countRunning(db, entityCode, 'CPO'),
  ])
  const best = top(figures)
  const locations = await locationsByIds(
    db,
    entityCode,
    best.map((g) => Number(g.key)).filter(Number.isSafeInteger),
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
  entityCode: string,
  trendDays: number,
  now = Date.now(),
): Promise<EmspHome> {
  const p = periodsOf(now, trendDays)
  const own = await entityCurrency(db, entityCode)
  const [figures, running, users] = await Promise.all([
    figuresOf(db, entityCode, 'EMSP', p, own),
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
