import type { CpoHome, EmspHome, HomeTotals, HomeTrendPoint } from '@portal/contract'
import {
  evseStatuses,
  HOME_TOP_COUNT,
  minorUnitDigits,
  sgtDayStart,
  sgtDaysEndingAt,
  sgtMonthStart,
} from '@portal/contract'
import type { Db } from '../../../db/database'
import type { DailyRow, GroupTotals, Side } from './home.repository'
import {
  countRunning,
  dailyRows,
  entityCurrency,
  entityNames,
  groupedByDay,
  locationsByIds,
  networkCounts,
  userCounts,
} from './home.repository'
import type { SettledDays } from './settled-days'

const DAY_MS = 86_400_000

/** Minor units → currency units, exact to the currency's digits. */
export function units(minor: number, currency: string): number {
  const digits = minorUnitDigits(currency)
  return Number((minor / 10 ** digits).toFixed(digits))
}

/** Wh → kWh, to the Wh. */
export const kwh = (wh: number) => Math.round(wh) / 1000

function totalsOf(rows: readonly DailyRow[], from: number, to: number, currency: string): HomeTotals {
  const sum = (pick: (r: DailyRow) => number) => rows.reduce((s, r) => s + pick(r), 0)
  return {
    from,
    to,
    sessions: sum((r) => r.sessions),
    energy_kwh: kwh(sum((r) => r.energy_wh)),
    revenue_incl_vat: units(
      sum((r) => r.revenue_incl_vat),
      currency,
    ),
    revenue_excl_vat: units(
      sum((r) => r.revenue_excl_vat),
      currency,
    ),
    refunded: units(
      sum((r) => r.refunded),
      currency,
    ),
  }
}

interface Periods {
  now: number
  today: number
  month: number
  trendDays: number[]
}

function periodsOf(now: number, trendDays: number): Periods {
  return {
    now,
    today: sgtDayStart(now),
    month: sgtMonthStart(now),
    trendDays: sgtDaysEndingAt(now, trendDays),
  }
}

/** Today, this month and the trend, from one read of the rollups (the earliest of the month and the trend). */
async function rollupFigures(db: Db, entityCode: string, side: Side, p: Periods, currency: string) {
  const first = Math.min(p.month, p.trendDays[0] ?? p.today)
  const rows = await dailyRows(db, entityCode, side, first, p.today)
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const trend: HomeTrendPoint[] = p.trendDays.map((day) => {
    const r = byDay.get(day)
    return {
      day,
      sessions: r?.sessions ?? 0,
      energy_kwh: kwh(r?.energy_wh ?? 0),
      revenue_incl_vat: units(r?.revenue_incl_vat ?? 0, currency),
    }
  })
  return {
    today: totalsOf(
      rows.filter((r) => r.day === p.today),
      p.today,
      p.now,
      currency,
    ),
    month: totalsOf(
      rows.filter((r) => r.day >= p.month),
      p.month,
      p.now,
      currency,
    ),
    trend,
  }
}

/**
 * This month's sessions by group (location or partner): settled days from the cache (filled from the database in
 * one query the first time), the last two days read live.
 */
async function monthGroups(
  db: Db,
  settled: SettledDays,
  entityCode: string,
  side: Side,
  p: Periods,
): Promise<Map<string, GroupTotals>> {
  const scope = `${side}|${entityCode}`
  const liveFrom = Math.max(p.month, p.today - DAY_MS)
  const settledDays: number[] = []
  for (let day = p.month; day < liveFrom; day += DAY_MS) settledDays.push(day)
  const missing = settledDays.filter((day) => settled.get(scope, day) === undefined)
  const first = missing[0]
  if (first !== undefined) {
    const filled = await groupedByDay(db, entityCode, side, first, liveFrom)
    for (const day of settledDays)
      if (day >= first) settled.set(scope, day, filled.get(day) ?? new Map<string, GroupTotals>())
  }
  const live = await groupedByDay(db, entityCode, side, liveFrom, null)
  const out = new Map<string, GroupTotals>()
  const add = (groups: Map<string, GroupTotals> | undefined) => {
    for (const [key, g] of groups ?? []) {
      const sum = out.get(key) ?? { sessions: 0, energyWh: 0, revenueIncl: 0 }
      sum.sessions += g.sessions
      sum.energyWh += g.energyWh
      sum.revenueIncl += g.revenueIncl
      out.set(key, sum)
    }
  }
  for (const day of settledDays) add(settled.get(scope, day))
  for (const groups of live.values()) add(groups)
  return out
}

/** The top groups by revenue, then sessions, then key (a stable order). */
function top(groups: Map<string, GroupTotals>): [string, GroupTotals][] {
  return [...groups.entries()]
    .sort(
      ([ka, a], [kb, b]) =>
        b.revenueIncl - a.revenueIncl || b.sessions - a.sessions || ka.localeCompare(kb),
    )
    .slice(0, HOME_TOP_COUNT)
}

export async function cpoHome(
  db: Db,
  settled: SettledDays,
  entityCode: string,
  trendDays: number,
  now = Date.now(),
): Promise<CpoHome> {
  const p = periodsOf(now, trendDays)
  const currency = await entityCurrency(db, entityCode)
  const [figures, network, running, groups] = await Promise.all([
    rollupFigures(db, entityCode, 'CPO', p, currency),
    networkCounts(db, entityCode, now),
    countRunning(db, entityCode, 'CPO'),
    monthGroups(db, settled, entityCode, 'CPO', p),
  ])
  const best = top(groups)
  const locations = await locationsByIds(
    db,
    entityCode,
    best.map(([id]) => Number(id)),
  )
  const byId = new Map(locations.map((l) => [String(l.id), l]))
  const known = new Set<string>(evseStatuses.values)
  const counted = new Map(network.evsesByStatus.map((s) => [s.status, s.count]))
  return {
    currency,
    generated_at: now,
    ...figures,
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
        ...network.evsesByStatus.filter((s) => !known.has(s.status)).sort((a, b) => a.status.localeCompare(b.status)),
      ],
    },
    top_locations: best.flatMap(([id, g]) => {
      const l = byId.get(id)
      return l
        ? [
            {
              uid: l.uid,
              name: l.name,
              address: l.address,
              sessions: g.sessions,
              energy_kwh: kwh(g.energyWh),
              revenue_incl_vat: units(g.revenueIncl, currency),
            },
          ]
        : []
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
  const currency = await entityCurrency(db, entityCode)
  const [figures, running, users, groups] = await Promise.all([
    rollupFigures(db, entityCode, 'EMSP', p, currency),
    countRunning(db, entityCode, 'EMSP'),
    userCounts(db, entityCode, p.month),
    monthGroups(db, settled, entityCode, 'EMSP', p),
  ])
  const best = top(groups)
  const names = new Map(
    (
      await entityNames(
        db,
        best.map(([code]) => code),
      )
    ).map((e) => [e.code, e.name]),
  )
  return {
    currency,
    generated_at: now,
    ...figures,
    active_sessions: { ...running, total: running.charging + running.hogging },
    users: {
      total: users.total,
      registered: users.registered,
      active_this_month: users.activeThisMonth,
    },
    top_partners: best.map(([code, g]) => ({
      entity_code: code,
      // B §3: a code the entity list does not know reads "Unknown Entity".
      name: names.get(code) ?? 'Unknown Entity',
      sessions: g.sessions,
      energy_kwh: kwh(g.energyWh),
      revenue_incl_vat: units(g.revenueIncl, currency),
    })),
  }
}
