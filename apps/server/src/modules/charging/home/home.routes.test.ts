import type { CpoHome, EmspHome } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import type { FxSession, World } from './overview.fixtures'
import { awayFromMidnight, buildWorld, DAY, sgtDay } from './overview.fixtures'

const CPO_HOME = '/api/charging/home/cpo'
const EMSP_HOME = '/api/charging/home/emsp'

const cents = (minor: number) => Math.round(minor) / 100
const sum = (rows: FxSession[], pick: (s: FxSession) => number) => rows.reduce((a, s) => a + pick(s), 0)
/** Currencies in the order the summary lists them: SGD (the entities' own), then the others by this month's revenue. */
const ORDER = ['SGD', 'MYR']

/** What the sessions cost per currency, never added across currencies. */
function moneyOf(rows: FxSession[]) {
  return ORDER.flatMap((currency) => {
    const of = rows.filter((s) => s.currency === currency)
    return of.length
      ? [
          {
            currency,
            incl_vat: cents(sum(of, (s) => s.totalIncl)),
            excl_vat: cents(sum(of, (s) => s.totalExcl)),
          },
        ]
      : []
  })
}
const inclOf = (rows: FxSession[]) => moneyOf(rows).map(({ currency, incl_vat }) => ({ currency, incl_vat }))

describe.each(DIALECTS)('CPO and EMSP homes on %s', (dialect) => {
  let t: TestApp
  let w: World
  const tokens: Record<string, string> = {}

  const get = async <T>(user: string, url: string) => {
    const r = await call<{ data: { summary: T } }>(t.app, 'GET', url, { token: tokens[user] })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.summary
  }

  beforeAll(async () => {
    await awayFromMidnight()
    t = await createTestApp(dialect)
    w = await buildWorld(t.database.db, Date.now())
    for (const user of ['tgrid', 'troam', 'tvolt', 'vending', 'fleet'])
      tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  /** A period's figures: sessions and energy (rollups) and money per currency of the sessions started in it. */
  const expectTotals = (rows: FxSession[]) => ({
    sessions: rows.length,
    energy_kwh: sum(rows, (s) => s.wh) / 1000,
    revenue: moneyOf(rows),
  })
  /** Refunds issued since `from` of sessions matching `side`, per currency. */
  const refundsOf = (from: number, side: (s: FxSession) => boolean) =>
    ORDER.flatMap((currency) => {
      const amount = w.refunds
        .filter((r) => r.createdAt >= from && r.currency === currency)
        .filter((r) => side(w.sessions.find((s) => s.uid === r.sessionUid) as FxSession))
        .reduce((a, r) => a + r.amount, 0)
      return amount > 0 ? [{ currency, amount: cents(amount) }] : []
    })

  describe('as the CPO (TGRID)', () => {
    let home: CpoHome
    const mine = () => w.sessions.filter((s) => s.cpo === 'TGRID')
    beforeAll(async () => {
      home = await get<CpoHome>('tgrid', CPO_HOME)
    })

    it("counts today from the UTC+8 day's first instant, not the instant before", () => {
      const today = mine().filter((s) => s.start >= w.today)
      expect(home.today).toMatchObject({
        from: w.today,
        ...expectTotals(today),
        refunded: refundsOf(w.today, (s) => s.cpo === 'TGRID'),
      })
      expect(home.today.to).toBeGreaterThanOrEqual(w.now)
      // The fixtures hold a session at today - 1 ms (yesterday's, refunded): a boundary off by one would count it.
      expect(w.sessions.some((s) => s.cpo === 'TGRID' && s.start === w.today - 1)).toBe(true)
      expect(home.today.sessions).toBeGreaterThan(0)
    })

    it("counts this month from the UTC+8 month's first instant, with the refunds issued in it", () => {
      const month = mine().filter((s) => s.start >= w.month)
      expect(home.month).toMatchObject({ from: w.month, ...expectTotals(month) })
      // Refunds: today's (SGD 1.00) and the one at the month's first instant (MYR 0.25); not the one 1 ms before.
      expect(home.month.refunded).toEqual(refundsOf(w.month, (s) => s.cpo === 'TGRID'))
      expect(home.month.refunded).toEqual([
        { currency: 'SGD', amount: 1 },
        { currency: 'MYR', amount: 0.25 },
      ])
      expect(home.today.refunded).toEqual([{ currency: 'SGD', amount: 1 }])
      expect(month.some((s) => s.start === w.month)).toBe(true)
      expect(w.sessions.some((s) => s.cpo === 'TGRID' && s.start === w.month - 1)).toBe(true)
    })

    it('shows 30 days of trend, oldest first, zeros for days without sessions', () => {
      expect(home.trend).toHaveLength(30)
      expect(home.trend[29]?.day).toBe(w.today)
      expect(home.trend[0]?.day).toBe(w.today - 29 * DAY)
      for (const point of home.trend) {
        const day = mine().filter((s) => sgtDay(s.start) === point.day)
        expect(point, new Date(point.day).toISOString()).toEqual({
          day: point.day,
          sessions: day.length,
          energy_kwh: sum(day, (s) => s.wh) / 1000,
          revenue: inclOf(day),
        })
      }
    })

    it('takes the trend length from trend_days', async () => {
      const week = await get<CpoHome>('tgrid', `${CPO_HOME}?trend_days=7`)
      expect(week.trend.map((p) => p.day)).toEqual(home.trend.slice(23).map((p) => p.day))
      expect(week.trend).toEqual(home.trend.slice(23))
    })

    it('counts the network: locations, chargers online by heartbeat, EVSEs by status, connectors', () => {
      expect(home.network).toEqual({
        locations: 3,
        chargers: 4,
        // cp1 (a minute ago) and cp4 (14 minutes ago) are online; cp2 (an hour) and cp3 (never) are not.
        chargers_online: 2,
        chargers_offline: 2,
        evses: 6,
        connectors: 6,
        evses_by_status: [
          { status: 'AVAILABLE', count: 2 },
          { status: 'BLOCKED', count: 1 },
          { status: 'CHARGING', count: 1 },
          { status: 'OUTOFORDER', count: 1 },
          { status: 'RESERVED', count: 1 },
          { status: 'UNKNOWN', count: 0 },
        ],
      })
    })

    it('counts the sessions plugged in right now on its chargers', () => {
      expect(home.active_sessions).toEqual({ charging: 2, hogging: 1, total: 3 })
    })

    it("ranks this month's locations by energy, with their revenue per currency", () => {
      const month = mine().filter((s) => s.start >= w.month)
      const byLocation = new Map<number, FxSession[]>()
      for (const s of month) byLocation.set(s.locationId, [...(byLocation.get(s.locationId) ?? []), s])
      const expected = [...byLocation.entries()]
        .map(([id, rows]) => {
          const l = Object.values(w.locations).find((x) => x.id === id)
          return {
            uid: l?.uid,
            name: l?.name,
            address: `${l?.name ?? ''} Road 1`,
            sessions: rows.length,
            energy_kwh: sum(rows, (s) => s.wh) / 1000,
            revenue: inclOf(rows),
          }
        })
        .sort((a, b) => b.energy_kwh - a.energy_kwh || b.sessions - a.sessions)
      expect(home.top_locations).toEqual(expected.slice(0, 5))
      expect(home.top_locations.length).toBeGreaterThan(0)
    })

    it('answers the same on a second call', async () => {
      const again = await get<CpoHome>('tgrid', CPO_HOME)
      expect({
        ...again,
        generated_at: 0,
        today: { ...again.today, to: 0 },
        month: { ...again.month, to: 0 },
      }).toEqual({
        ...home,
        generated_at: 0,
        today: { ...home.today, to: 0 },
        month: { ...home.month, to: 0 },
      })
    })

    it('lists its currencies, its own first, and never adds amounts across them', () => {
      expect(home.currency).toBe('SGD')
      expect(home.currencies).toEqual(['SGD', 'MYR'])
      expect(home.month.revenue.map((m) => m.currency)).toEqual(['SGD', 'MYR'])
    })
  })

  describe('as the EMSP (TROAM)', () => {
    let home: EmspHome
    const mine = () => w.sessions.filter((s) => s.emsp === 'TROAM')
    beforeAll(async () => {
      home = await get<EmspHome>('troam', EMSP_HOME)
    })

    it("sums its customers' sessions today and this month, on every network, with their refunds", () => {
      expect(home.today).toMatchObject({
        from: w.today,
        ...expectTotals(mine().filter((s) => s.start >= w.today)),
        refunded: refundsOf(w.today, (s) => s.emsp === 'TROAM'),
      })
      expect(home.month).toMatchObject({
        from: w.month,
        ...expectTotals(mine().filter((s) => s.start >= w.month)),
        refunded: refundsOf(w.month, (s) => s.emsp === 'TROAM'),
      })
    })

    it('shows the trend of its side only', () => {
      for (const point of home.trend) {
        expect(point.sessions).toBe(mine().filter((s) => sgtDay(s.start) === point.day).length)
      }
    })

    it("counts its customers' running sessions, also on partners' chargers", () => {
      // user 3 on TGRID (charging), user 5 on TVOLT (charging), user 4 on TGRID (hogging)
      expect(home.active_sessions).toEqual({ charging: 2, hogging: 1, total: 3 })
    })

    it('counts its app users, the registered ones and those who charged this month', () => {
      const users = w.users.filter((u) => u.entity === 'TROAM')
      const charged = new Set(
        mine()
          .filter((s) => s.start >= w.month && s.driverId !== null)
          .map((s) => s.driverId),
      )
      expect(home.users).toEqual({
        total: users.length,
        registered: users.filter((u) => u.registered).length,
        active_this_month: charged.size,
      })
      expect(charged.size).toBeGreaterThan(0)
    })

    it('ranks its CPO partners this month, named', () => {
      const month = mine().filter((s) => s.start >= w.month)
      const names: Record<string, string> = { TGRID: 'Test Grid Charging', TVOLT: 'Test Volt Roaming' }
      const expected = ['TGRID', 'TVOLT']
        .map((code) => {
          const rows = month.filter((s) => s.cpo === code)
          return {
            entity_code: code,
            name: names[code],
            sessions: rows.length,
            energy_kwh: sum(rows, (s) => s.wh) / 1000,
            revenue: inclOf(rows),
          }
        })
        .filter((p) => p.sessions > 0)
        .sort((a, b) => b.energy_kwh - a.energy_kwh || b.sessions - a.sessions)
      expect(home.top_partners).toEqual(expected)
    })
  })

  describe('isolation', () => {
    it("a CPO's EMSP home holds only its own customers' sessions (TGRID's walk-ins)", async () => {
      const home = await get<EmspHome>('tgrid', EMSP_HOME)
      const own = w.sessions.filter((s) => s.emsp === 'TGRID' && s.start >= w.month)
      expect(home.month.sessions).toBe(own.length)
      expect(home.users.total).toBe(0)
      expect(home.top_partners.map((p) => p.entity_code)).toEqual(own.length ? ['TGRID'] : [])
    })

    it("TVOLT's CPO home shows its own network only", async () => {
      const home = await get<CpoHome>('tvolt', CPO_HOME)
      expect(home.network.locations).toBe(1)
      expect(home.network.chargers).toBe(1)
      expect(home.top_locations.map((l) => l.uid)).toEqual(['fx-volt-hub'])
      expect(home.active_sessions.charging).toBe(1)
    })

    it('an entity without charging (FLEET) gets zeros, not an error', async () => {
      const home = await get<EmspHome>('fleet', EMSP_HOME)
      expect(home.today.sessions).toBe(0)
      expect(home.month).toMatchObject({ sessions: 0, energy_kwh: 0, revenue: [], refunded: [] })
      expect(home.currencies).toEqual(['SGD'])
      expect(home.trend.every((p) => p.sessions === 0)).toBe(true)
      expect(home.top_partners).toEqual([])
      expect(home.users).toEqual({ total: 0, registered: 0, active_this_month: 0 })
    })

    it('a CPO with an empty network gets zeros and every EVSE status at 0', async () => {
      const home = await get<CpoHome>('troam', CPO_HOME)
      expect(home.network.chargers).toBe(0)
      expect(home.network.evses_by_status.every((s) => s.count === 0)).toBe(true)
      expect(home.network.evses_by_status).toHaveLength(6)
      expect(home.top_locations).toEqual([])
    })
  })

  describe('refusals', () => {
    it.each([
      ['trend_days=6', 'query.trend_days'],
      ['trend_days=91', 'query.trend_days'],
      ['trend_days=abc', 'query.trend_days'],
      ['from=1', 'query'],
    ])('400 for %s, naming %s', async (query, field) => {
      const r = await call(t.app, 'GET', `${CPO_HOME}?${query}`, { token: tokens.tgrid })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
    })

    it('401 without a token', async () => {
      expect((await call(t.app, 'GET', EMSP_HOME)).status).toBe(401)
    })
  })
})
