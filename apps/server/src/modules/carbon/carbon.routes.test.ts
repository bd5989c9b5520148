import type {
  CarbonDashboard,
  CarbonInvoice,
  CarbonPartner,
  CarbonPartnerDetail,
  CarbonPayout,
  CarbonProgrammeData,
  CarbonRecord,
  CarbonVehicle,
  EmissionsCategory,
  ExportJob,
} from '@portal/contract'
import {
  carbonDay,
  carbonRecordFigures,
  ExportJobStatus,
  kgOf,
  kwhOf,
  sharePercentages,
} from '@portal/contract'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../test-support'
import { parseCsv } from '../exports/read-export-file'
import type { FixtureCharger, FixtureSession } from './carbon.fixtures'
import { enrolVehicle, insertCharger, insertSession } from './carbon.fixtures'
import { deriveCarbonRecords } from './carbon-ledger'
import { carbonDb } from './carbon.table'

const API = '/api/main/carbon'
const HOUR = 3_600_000
const DAY = 86_400_000
const SGT = 8 * HOUR
/** The fixture sessions end from 10 Jan 2020, far from the seeded 90 days before TEST_NOW. */
const F0 = Date.UTC(2020, 0, 10, 2, 0, 0)
/** January 2020 in Singapore, both ends inclusive. */
const JAN = { from: Date.UTC(2020, 0, 1) - SGT, to: Date.UTC(2020, 1, 1) - SGT - 1 }
const RANGE = { date_time_from: JAN.from, date_time_to: JAN.to }

type Role = 'CPO' | 'FO'

interface Expected {
  session: FixtureSession
  cpo: string
  fo: string
  scenario: string
  location: number
  locationName: string
  emissions_reduced_g: number
  total_earnings: number
  cpo_earnings: number
  fo_earnings: number
}

/** Who sees a record and what it earns them. */
const VIEWERS = {
  crx: { sees: () => true, rebates: (e: Expected) => e.total_earnings },
  cpo: { sees: (e: Expected) => e.cpo === 'CPO', rebates: (e: Expected) => e.cpo_earnings },
  voltnet: { sees: (e: Expected) => e.cpo === 'VOLT', rebates: (e: Expected) => e.cpo_earnings },
  fleet: { sees: (e: Expected) => e.fo === 'FLEET', rebates: (e: Expected) => e.fo_earnings },
} as const
type Viewer = keyof typeof VIEWERS

const sum = <T>(rows: readonly T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0)
const round3 = (x: number) => Math.round(x * 1000) / 1000

describe.each(DIALECTS)('carbon credits on %s', (dialect) => {
  let t: TestApp
  let exportsDir: string
  const tokens: Record<string, string> = {}
  const sessions: FixtureSession[] = []
  let expected: Expected[] = []
  let chargers: Record<'alpha' | 'beta' | 'volt' | 'bus', FixtureCharger>

  const api = async <T>(user: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const r = await call<T>(t.app, method, `${API}${path}`, { token: tokens[user] ?? null, body })
    return r
  }
  const ok = async <T>(user: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const r = await api<{ data: T }>(user, method, path, body)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  /** Every record the user sees for the filters, reading page after page. */
  const allRecords = async (user: string, filters: object = RANGE) => {
    const out: CarbonRecord[] = []
    for (let offset = 0; ; offset += 500) {
      const page = await ok<{ records: CarbonRecord[]; count: number }>(user, 'POST', '/records/filter', {
        limit: 500,
        offset,
        ...filters,
      })
      out.push(...page.records)
      if (page.records.length < 500) return out
    }
  }
  const dashboard = (user: string, filters: object = RANGE) =>
    ok<{ dashboard: CarbonDashboard }>(user, 'POST', '/records/dashboard', filters).then((d) => d.dashboard)
  const seen = (viewer: Viewer) => expected.filter((e) => VIEWERS[viewer].sees(e))
  const newestFirst = (rows: Expected[]) =>
    [...rows].sort((a, b) => b.session.end - a.session.end || b.session.id - a.session.id)

  beforeAll(async () => {
    exportsDir = mkdtempSync(join(tmpdir(), 'portal-carbon-exports-'))
    t = await createTestApp(dialect, { config: { exportsDir } })
    const db = t.database.db
    const cdb = carbonDb(db)
    // The demo programme's partnerships began in 2026; the fixtures live in 2020, so they began earlier here.
    await cdb
      .updateTable('carbon_partnership')
      .set({ since: Date.UTC(2019, 0, 1) })
      .execute()
    chargers = {
      alpha: await insertCharger(db, 'CPO', 'Carbon Hub Alpha'),
      beta: await insertCharger(db, 'CPO', 'Carbon Hub Beta'),
      volt: await insertCharger(db, 'VOLT', 'Volt Carbon Point'),
      bus: await insertCharger(db, 'BUS', 'Busways Depot'),
    }
    const early = F0 - 30 * DAY
    const vehicles = [
      { plate: 'TFL001', fo: 'FLEET', type: 'car', fuel: 'petrol', enrolledAt: early },
      { plate: 'TFL002', fo: 'FLEET', type: 'bus', fuel: 'diesel', enrolledAt: early },
      // No category for a bus on petrol: its sessions wait for one.
      { plate: 'TFL003', fo: 'FLEET', type: 'bus', fuel: 'petrol', enrolledAt: early },
      { plate: 'TME001', fo: 'METRO', type: 'car', fuel: 'petrol', enrolledAt: early },
      { plate: 'TGO001', fo: 'GOLOG', type: 'lgv', fuel: 'diesel', enrolledAt: early },
      // Enrolled five days in: its earlier sessions are not the programme's.
      { plate: 'TSW001', fo: 'SWIFT', type: 'motorbike', fuel: 'petrol', enrolledAt: F0 + 5 * DAY },
    ]
    for (const v of vehicles) await enrolVehicle(db, v)
    const plan: [keyof typeof chargers, string][] = [
      ['alpha', 'TFL001'],
      ['beta', 'TFL002'],
      ['volt', 'TFL001'],
      ['alpha', 'TME001'],
      ['volt', 'TME001'],
      ['beta', 'TGO001'],
      ['volt', 'TGO001'], // VOLT and GOLOG are not partners
      ['alpha', 'TSW001'],
      ['alpha', 'TFL003'],
      ['bus', 'TFL001'], // BUS is not in the programme
    ]
    let k = 0
    for (let round = 0; round < 4; round++) {
      for (const [charger, plate] of plan) {
        sessions.push(
          await insertSession(db, chargers[charger], {
            plate,
            energyWh: 8_000 + ((k * 2_731) % 40_000),
            end: F0 + k * 5 * HOUR + 13 * 60_000,
          }),
        )
        k++
      }
    }
    // Not completed: no credit.
    sessions.push(
      await insertSession(db, chargers.alpha, {
        plate: 'TFL001',
        energyWh: 20_000,
        end: F0 + HOUR,
        status: 'STOPPED',
      }),
    )

    // The model the server must agree with, from the seeded terms.
    const programme = await cdb
      .selectFrom('carbon_programme')
      .where('entity_code', '=', 'CRX')
      .selectAll()
      .executeTakeFirstOrThrow()
    const partnerships = new Map(
      (await cdb.selectFrom('carbon_partnership').selectAll().execute()).map((p) => [
        `${p.cpo_entity_code}|${p.fo_entity_code}`,
        p,
      ]),
    )
    const categories = new Map(
      (await cdb.selectFrom('carbon_emissions_category').selectAll().execute()).map((c) => [
        `${c.vehicle_type}|${c.fuel}`,
        c,
      ]),
    )
    const byPlate = new Map(vehicles.map((v) => [v.plate, v]))
    expected = sessions.flatMap((s): Expected[] => {
      const v = byPlate.get(s.plate)
      const p = v && partnerships.get(`${s.charger.entity}|${v.fo}`)
      const c = v && categories.get(`${v.type}|${v.fuel}`)
      if (!v || !p || !c || s.status !== 'COMPLETED' || s.end < v.enrolledAt) return []
      return [
        {
          session: s,
          cpo: s.charger.entity,
          fo: v.fo,
          scenario: c.name,
          location: s.charger.location,
          locationName: s.charger.locationName,
          ...carbonRecordFigures({
            energy_wh: s.energyWh,
            emission_factor_g_per_kwh: c.emission_factor_g,
            credit_price_per_tonne: programme.credit_price_per_tonne,
            cpo_share_bps: p.cpo_share_bps,
          }),
        },
      ]
    })
    await deriveCarbonRecords(db, 'CRX', TEST_NOW)
    for (const user of ['crx', 'cpo', 'voltnet', 'fleet', 'vending', 'emsp'])
      tokens[user] = await loginAs(t.app, user)
  })
  afterAll(async () => {
    await t.close()
    rmSync(exportsDir, { recursive: true, force: true })
  })

  describe('deriving records from sessions', () => {
    it('records exactly the completed sessions of enrolled vehicles on partner CPOs, with the contract maths', async () => {
      expect(expected.length).toBeGreaterThan(20)
      const rows = await allRecords('crx')
      expect(rows.map((r) => r.cdr).sort()).toEqual(expected.map((e) => e.session.externalId).sort())
      const byCdr = new Map(rows.map((r) => [r.cdr, r]))
      for (const e of expected) {
        expect(byCdr.get(e.session.externalId), e.session.externalId).toMatchObject({
          cpo_entity_code: e.cpo,
          fo_entity_code: e.fo,
          kWh: kwhOf(e.session.energyWh),
          date_time: e.session.end,
          emissions_reduced: kgOf(e.emissions_reduced_g),
          total_earnings: e.total_earnings,
          cpo_earnings: e.cpo_earnings,
          fo_earnings: e.fo_earnings,
          scenario: e.scenario,
          license_plate: e.session.plate,
          location_name: e.locationName,
          currency: 'SGD',
        })
      }
    })

    it('leaves out sessions without a partnership, a category, a partner CPO, completion or enrolment', async () => {
      const cdrs = new Set((await allRecords('crx')).map((r) => r.cdr))
      const left = sessions.filter((s) => !cdrs.has(s.externalId))
      expect(new Set(left.map((s) => `${s.charger.entity}:${s.plate}:${s.status}`))).toEqual(
        new Set([
          'VOLT:TGO001:COMPLETED',
          'CPO:TFL003:COMPLETED',
          'BUS:TFL001:COMPLETED',
          'CPO:TFL001:STOPPED',
          'CPO:TSW001:COMPLETED',
        ]),
      )
      // The motorbike's sessions after its enrolment are in; the ones before are not.
      const bike = sessions.filter((s) => s.plate === 'TSW001')
      expect(bike.filter((s) => cdrs.has(s.externalId)).every((s) => s.end >= F0 + 5 * DAY)).toBe(true)
      expect(bike.some((s) => cdrs.has(s.externalId))).toBe(true)
    })

    it('is idempotent: deriving again writes nothing', async () => {
      const again = await deriveCarbonRecords(t.database.db, 'CRX', TEST_NOW)
      expect(again.records).toBe(0)
      expect((await allRecords('crx')).length).toBe(expected.length)
    })

    it('fills a record shown in B §3 columns: issued months carry their credential address', async () => {
      const [first] = await allRecords('fleet')
      expect(first).toBeDefined()
      expect(Object.keys(first ?? {})).toEqual(
        expect.arrayContaining([
          'id',
          'cpo_entity_code',
          'fo_entity_code',
          'kWh',
          'date_time',
          'emissions_reduced',
          'total_earnings',
          'cpo_earnings',
          'fo_earnings',
          'scenario',
          'cdr',
          'vc_url',
        ]),
      )
      expect(first?.vc_url).toBe(`https://registry.carbonexchange.asia/credentials/CRX-${String(first?.id)}`)
      expect(first?.cpo_entity_name).toMatch(/SparkGrid|Voltnet/)
      expect(first?.fo_entity_name).toBe('Lion City Fleet Owners')
      expect(first?.total_earnings).toBe((first?.cpo_earnings ?? 0) + (first?.fo_earnings ?? 0))
    })
  })

  describe('POST /carbon/records/filter', () => {
    it.each(['crx', 'cpo', 'voltnet', 'fleet'] as const)(
      '%s sees its side of the records, newest first',
      async (user) => {
        const page = await ok<{ records: CarbonRecord[]; count: number }>(user, 'POST', '/records/filter', {
          limit: 1000,
          offset: 0,
          ...RANGE,
        })
        const want = newestFirst(seen(user))
        expect(page.records.map((r) => r.cdr)).toEqual(want.map((e) => e.session.externalId))
        expect(page.count).toBe(want.length)
        expect(want.length).toBeGreaterThan(0)
      },
    )

    it.each(['vending', 'emsp'])('%s, in no programme, sees none', async (user) => {
      const page = await ok<{ records: CarbonRecord[]; count: number }>(user, 'POST', '/records/filter', {
        limit: 50,
        offset: 0,
      })
      expect(page).toEqual({ records: [], count: 0 })
    })

    const filters: [string, Viewer, object, (e: Expected) => boolean][] = [
      ['fo_entity_code', 'cpo', { fo_entity_code: 'METRO' }, (e) => e.fo === 'METRO'],
      ['cpo_entity_code', 'fleet', { cpo_entity_code: 'VOLT' }, (e) => e.cpo === 'VOLT'],
      [
        'both partners',
        'crx',
        { cpo_entity_code: 'CPO', fo_entity_code: 'FLEET' },
        (e) => e.cpo === 'CPO' && e.fo === 'FLEET',
      ],
      ['a partner code in lower case', 'crx', { fo_entity_code: 'golog' }, (e) => e.fo === 'GOLOG'],
      [
        'scenario_list',
        'crx',
        { scenario_list: ['Bus (diesel)', 'LGV (diesel)'] },
        (e) => ['Bus (diesel)', 'LGV (diesel)'].includes(e.scenario),
      ],
      ['an unknown scenario', 'crx', { scenario_list: ['Hovercraft'] }, () => false],
      // A partner filter narrows; it never shows another party's records.
      ['another fleet owner', 'fleet', { fo_entity_code: 'METRO' }, () => false],
      [
        'a range inclusive at both ends',
        'crx',
        { date_time_from: F0 + 5 * HOUR + 13 * 60_000, date_time_to: F0 + 25 * HOUR + 13 * 60_000 },
        (e) => e.session.end >= F0 + 5 * HOUR + 13 * 60_000 && e.session.end <= F0 + 25 * HOUR + 13 * 60_000,
      ],
    ]
    it.each(filters)('filters by %s', async (_name, user, filter, pred) => {
      const body = { ...RANGE, ...filter }
      const page = await ok<{ records: CarbonRecord[]; count: number }>(user, 'POST', '/records/filter', {
        limit: 1000,
        offset: 0,
        ...body,
      })
      const want = newestFirst(
        seen(user).filter(
          (e) => pred(e) && e.session.end >= body.date_time_from && e.session.end <= body.date_time_to,
        ),
      )
      expect(page.records.map((r) => r.cdr)).toEqual(want.map((e) => e.session.externalId))
      expect(page.count).toBe(want.length)
    })

    it('pages with limit and offset; the count stays the total', async () => {
      const all = newestFirst(seen('crx')).map((e) => e.session.externalId)
      const got: string[] = []
      for (let offset = 0; offset < all.length + 7; offset += 7) {
        const page = await ok<{ records: CarbonRecord[]; count: number }>('crx', 'POST', '/records/filter', {
          limit: 7,
          offset,
          ...RANGE,
        })
        expect(page.count).toBe(all.length)
        got.push(...page.records.map((r) => r.cdr))
      }
      expect(got).toEqual(all)
    })

    it.each([
      [{ limit: 0, offset: 0 }, 'body.limit'],
      [{ limit: 20, offset: -1 }, 'body.offset'],
      [{ limit: 20, offset: 0, date_time_from: 'yesterday' }, 'body.date_time_from'],
      [{ limit: 20, offset: 0, date_time_from: 10, date_time_to: 5 }, 'body.date_time_to'],
      [{ limit: 20, offset: 0, scenario_list: 'Car (petrol)' }, 'body.scenario_list'],
      [{ limit: 20, offset: 0, fo_entity_code: 'no spaces' }, 'body.fo_entity_code'],
      [{ limit: 20, offset: 0, partner: 'CPO' }, 'body.partner'],
      [{ offset: 0 }, 'body.limit'],
    ])('answers 400 naming the field for %j', async (body, field) => {
      const r = await api<{ error: { message: string } }>('crx', 'POST', '/records/filter', body)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
    })

    it('answers 401 without a token', async () => {
      const r = await call(t.app, 'POST', `${API}/records/filter`, { body: { limit: 1, offset: 0 } })
      expect(r.status).toBe(401)
    })
  })

  describe('POST /carbon/records/dashboard', () => {
    const ranges: [string, { date_time_from: number; date_time_to: number }][] = [
      ['whole days', RANGE],
      // Starts and ends mid-day: the partial days come from the records, the rest from the daily sums.
      ['partial days at both ends', { date_time_from: F0 + 7 * HOUR, date_time_to: F0 + 3 * DAY + 5 * HOUR }],
      ['within one day', { date_time_from: F0 + 4 * HOUR, date_time_to: F0 + 12 * HOUR }],
    ]
    const cases = (['crx', 'cpo', 'voltnet', 'fleet'] as const).flatMap((user) =>
      ranges.map(([name, range]) => [user, name, range] as const),
    )

    it.each(cases)('%s over %s: every figure is the sum of the records', async (user, _name, range) => {
      const d = await dashboard(user, range)
      const rows = seen(user).filter(
        (e) => e.session.end >= range.date_time_from && e.session.end <= range.date_time_to,
      )
      const rebates = VIEWERS[user].rebates
      expect(d.summary).toEqual({
        records: rows.length,
        kWh: round3(sum(rows, (e) => e.session.energyWh) / 1000),
        emissions_reduced: round3(sum(rows, (e) => e.emissions_reduced_g) / 1000),
        rebates: sum(rows, rebates),
        total_earnings: sum(rows, (e) => e.total_earnings),
        cpo_earnings: sum(rows, (e) => e.cpo_earnings),
        fo_earnings: sum(rows, (e) => e.fo_earnings),
      })
      // By day (UTC+8), oldest first.
      const days = [...new Set(rows.map((e) => carbonDay(e.session.end)))].sort((a, b) => a - b)
      expect(d.series.map((p) => p.day)).toEqual(days)
      for (const p of d.series) {
        const of = rows.filter((e) => carbonDay(e.session.end) === p.day)
        expect(p).toEqual({
          day: p.day,
          records: of.length,
          kWh: round3(sum(of, (e) => e.session.energyWh) / 1000),
          emissions_reduced: round3(sum(of, (e) => e.emissions_reduced_g) / 1000),
          rebates: sum(of, rebates),
        })
      }
      // By scenario, largest emissions first, shares adding up to 100.
      const scenarios = [...new Set(rows.map((e) => e.scenario))]
        .map((s) => ({
          s,
          g: sum(
            rows.filter((e) => e.scenario === s),
            (e) => e.emissions_reduced_g,
          ),
        }))
        .sort((a, b) => b.g - a.g || a.s.localeCompare(b.s))
      expect(d.scenarios.map((s) => s.scenario)).toEqual(scenarios.map((s) => s.s))
      expect(d.scenarios.map((s) => s.percentage)).toEqual(sharePercentages(scenarios.map((s) => s.g)))
      expect(sum(d.scenarios, (s) => s.records)).toBe(rows.length)
      // The top locations, by what the caller earned there.
      const locations = [...new Set(rows.map((e) => e.location))]
        .map((l) => {
          const of = rows.filter((e) => e.location === l)
          return { l, rebates: sum(of, rebates), wh: sum(of, (e) => e.session.energyWh), n: of.length }
        })
        .sort((a, b) => b.rebates - a.rebates || b.wh - a.wh || String(a.l).localeCompare(String(b.l)))
        .slice(0, 5)
      expect(d.top_locations.map((l) => [l.location_id, l.rebates, l.records])).toEqual(
        locations.map((l) => [l.l, l.rebates, l.n]),
      )
    })

    it.each([
      ['cpo', 'FO', (e: Expected) => e.fo],
      ['voltnet', 'FO', (e: Expected) => e.fo],
      ['fleet', 'CPO', (e: Expected) => e.cpo],
    ] as const)('%s ranks its partners by what it earned with them', async (user, role, partnerOf) => {
      const d = await dashboard(user)
      const rows = seen(user)
      const groups = [...new Set(rows.map(partnerOf))]
        .map((code) => ({
          code,
          rebates: sum(
            rows.filter((e) => partnerOf(e) === code),
            VIEWERS[user].rebates,
          ),
        }))
        .sort((a, b) => b.rebates - a.rebates)
      expect(d.top_partners.map((p) => [p.entity_code, p.role, p.rebates])).toEqual(
        groups.slice(0, 5).map((g) => [g.code, role, g.rebates]),
      )
    })

    it('the exchange ranks both CPOs and fleet owners, with their names', async () => {
      const d = await dashboard('crx')
      expect(
        d.top_partners
          .filter((p) => p.role === 'CPO')
          .map((p) => p.entity_code)
          .sort(),
      ).toEqual(['CPO', 'VOLT'])
      expect(
        d.top_partners
          .filter((p) => p.role === 'FO')
          .map((p) => p.entity_code)
          .sort(),
      ).toEqual(['FLEET', 'GOLOG', 'METRO', 'SWIFT'])
      expect(d.top_partners.find((p) => p.entity_code === 'METRO')?.name).toBe('Metro Cab Co-operative')
      expect(d.sides).toEqual(['CRX'])
      expect(d.currency).toBe('SGD')
    })

    it('filters by partner and scenario like the list', async () => {
      const d = await dashboard('crx', { ...RANGE, fo_entity_code: 'FLEET', scenario_list: ['Car (petrol)'] })
      const rows = expected.filter((e) => e.fo === 'FLEET' && e.scenario === 'Car (petrol)')
      expect(d.summary.records).toBe(rows.length)
      expect(d.summary.rebates).toBe(sum(rows, (e) => e.total_earnings))
      // With a scenario, the locations come from the full daily cells, not the per-location sums: same ranking rule.
      const locations = [...new Set(rows.map((e) => e.location))]
        .map((l) => {
          const of = rows.filter((e) => e.location === l)
          const wh = sum(of, (e) => e.session.energyWh)
          return { l, rebates: sum(of, (e) => e.total_earnings), wh, n: of.length }
        })
        .sort((a, b) => b.rebates - a.rebates || b.wh - a.wh || String(a.l).localeCompare(String(b.l)))
        .slice(0, 5)
      expect(locations.length).toBeGreaterThan(0)
      expect(d.top_locations.map((l) => [l.location_id, l.rebates, l.records])).toEqual(
        locations.map((l) => [l.l, l.rebates, l.n]),
      )
    })

    it('is empty for an entity in no programme', async () => {
      const d = await dashboard('vending', {})
      expect(d.summary.records).toBe(0)
      expect(d).toMatchObject({ sides: [], series: [], scenarios: [], top_partners: [], top_locations: [] })
    })

    it.each([
      [{ limit: 20 }, 'body.limit'],
      [{ date_time_from: 10, date_time_to: 5 }, 'body.date_time_to'],
      [{ scenario_list: [''] }, 'body.scenario_list'],
    ])('answers 400 naming the field for %j', async (body, field) => {
      const r = await api<{ error: { message: string } }>('crx', 'POST', '/records/dashboard', body)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
    })
  })

  describe('GET /carbon/programme', () => {
    it('gives the exchange its programme, every partner, and its scenarios', async () => {
      const d = await ok<CarbonProgrammeData>('crx', 'GET', '/programme')
      expect(d.programme).toMatchObject({ entity_code: 'CRX', currency: 'SGD', credit_price_per_tonne: 4500 })
      expect(d.sides).toEqual(['CRX'])
      expect(d.partners.map((p) => `${p.role}:${p.entity_code}`).sort()).toEqual([
        'CPO:CPO',
        'CPO:VOLT',
        'FO:FLEET',
        'FO:GOLOG',
        'FO:METRO',
        'FO:SWIFT',
      ])
      expect(d.scenarios).toEqual(expect.arrayContaining([...new Set(expected.map((e) => e.scenario))]))
    })

    it.each([
      ['fleet', ['FO'], ['CPO:CPO', 'CPO:VOLT']],
      ['cpo', ['CPO'], ['FO:FLEET', 'FO:GOLOG', 'FO:METRO', 'FO:SWIFT']],
      ['voltnet', ['CPO'], ['FO:FLEET', 'FO:METRO']],
    ])('gives %s its side and its partners only', async (user, sides, partners) => {
      const d = await ok<CarbonProgrammeData>(user, 'GET', '/programme')
      expect(d.sides).toEqual(sides)
      expect(d.partners.map((p) => `${p.role}:${p.entity_code}`).sort()).toEqual(partners)
      expect(d.programme?.entity_code).toBe('CRX')
    })

    it('answers an entity in no programme with nothing', async () => {
      expect(await ok('vending', 'GET', '/programme')).toEqual({
        programme: null,
        sides: [],
        partners: [],
        scenarios: [],
      })
    })
  })

  describe('payouts and invoices', () => {
    const payouts = async (user: string, body: object = {}) => {
      const d = await ok<{
        payouts: CarbonPayout[]
        count: number
        totals: { pending: number; paid: number }
      }>(user, 'POST', '/payouts/filter', { limit: 1000, offset: 0, ...body })
      return d
    }
    const januaryDue = (e: Expected[], role: Role, code: string) =>
      sum(
        e.filter((x) => (role === 'CPO' ? x.cpo === code : x.fo === code)),
        (x) => (role === 'CPO' ? x.cpo_earnings : x.fo_earnings),
      )

    it('pays each party its earnings of the month: January 2020, paid on 15 February', async () => {
      const d = await payouts('crx')
      const jan = d.payouts.filter((p) => p.period === JAN.from)
      const parties: [Role, string][] = [
        ['CPO', 'CPO'],
        ['CPO', 'VOLT'],
        ['FO', 'FLEET'],
        ['FO', 'METRO'],
        ['FO', 'GOLOG'],
        ['FO', 'SWIFT'],
      ]
      expect(jan.map((p) => `${p.payee_role}:${p.payee_entity_code}`).sort()).toEqual(
        parties.map(([r, c]) => `${r}:${c}`).sort(),
      )
      for (const [role, code] of parties) {
        const p = jan.find((x) => x.payee_entity_code === code && x.payee_role === role)
        expect(p, code).toMatchObject({
          total: januaryDue(expected, role, code),
          status: 'Paid',
          date: Date.UTC(2020, 1, 15, 4),
          paid_at: Date.UTC(2020, 1, 15, 4),
          currency: 'SGD',
          records: expected.filter((e) => (role === 'CPO' ? e.cpo : e.fo) === code).length,
        })
        expect(p?.description).toContain('January 2020')
        expect(p?.payment_bank).not.toBe('')
      }
      // What the exchange pays out for a month is the value of the month's credits.
      expect(sum(jan, (p) => p.total)).toBe(sum(expected, (e) => e.total_earnings))
    })

    it.each([
      ['cpo', ['CPO:CPO']],
      ['voltnet', ['CPO:VOLT']],
      ['fleet', ['FO:FLEET']],
    ])('%s sees only its own payouts', async (user, payees) => {
      const d = await payouts(user)
      expect(d.payouts.length).toBeGreaterThan(0)
      expect([...new Set(d.payouts.map((p) => `${p.payee_role}:${p.payee_entity_code}`))]).toEqual(payees)
      expect(d.count).toBe(d.payouts.length)
      expect(d.totals.paid).toBe(
        sum(
          d.payouts.filter((p) => p.status === 'Paid'),
          (p) => p.total,
        ),
      )
      expect(d.totals.pending).toBe(
        sum(
          d.payouts.filter((p) => p.status === 'Pending'),
          (p) => p.total,
        ),
      )
    })

    it('shows nothing to an entity in no programme', async () => {
      expect(await payouts('vending')).toEqual({
        payouts: [],
        count: 0,
        totals: { pending: 0, paid: 0, currency: 'SGD' },
      })
    })

    it.each([
      [{ payee_role: 'CPO' }, (p: CarbonPayout) => p.payee_role === 'CPO'],
      [{ payee_entity_code: 'metro' }, (p: CarbonPayout) => p.payee_entity_code === 'METRO'],
      [{ status_list: ['Pending'] }, (p: CarbonPayout) => p.status === 'Pending'],
    ])('filters by %j', async (filter, pred) => {
      const all = (await payouts('crx')).payouts
      const got = await payouts('crx', filter)
      expect(got.payouts.map((p) => p.uuid)).toEqual(all.filter(pred).map((p) => p.uuid))
      expect(got.count).toBe(got.payouts.length)
    })

    it('pages newest first with the count of all', async () => {
      const all = (await payouts('crx')).payouts
      expect([...all].sort((a, b) => b.date - a.date).map((p) => p.date)).toEqual(all.map((p) => p.date))
      const page = await ok<{ payouts: CarbonPayout[]; count: number }>('crx', 'POST', '/payouts/filter', {
        limit: 5,
        offset: 5,
      })
      expect(page.count).toBe(all.length)
      expect(page.payouts.map((p) => p.uuid)).toEqual(all.slice(5, 10).map((p) => p.uuid))
    })

    it('issues one invoice per closed month payout, for the same total', async () => {
      const all = (await payouts('crx')).payouts
      const invoices = await ok<{ invoices: CarbonInvoice[]; count: number }>(
        'crx',
        'POST',
        '/invoices/filter',
        {
          limit: 1000,
          offset: 0,
          year_payable: 2020,
        },
      )
      const jan = all.filter((p) => p.period === JAN.from)
      expect(invoices.count).toBe(jan.length)
      for (const p of jan) {
        const invoice = invoices.invoices.find((i) => i.payout_uuid === p.uuid)
        expect(invoice).toMatchObject({
          total: p.total,
          year_payable: 2020,
          date: Date.UTC(2020, 1, 1, 4),
          payee_entity_code: p.payee_entity_code,
          invoice: `CRX-SBI-202001-${p.payee_role}-${p.payee_entity_code}`,
        })
      }
      const fleet = await ok<{ invoices: CarbonInvoice[]; count: number }>(
        'fleet',
        'POST',
        '/invoices/filter',
        {
          limit: 50,
          offset: 0,
        },
      )
      expect(new Set(fleet.invoices.map((i) => i.payee_entity_code))).toEqual(new Set(['FLEET']))
      const vending = await ok('vending', 'POST', '/invoices/filter', { limit: 50, offset: 0 })
      expect(vending).toEqual({ invoices: [], count: 0 })
    })

    it.each([
      ['/payouts/filter', { limit: 50, offset: 0, status_list: ['Done'] }, 'body.status_list'],
      ['/payouts/filter', { limit: 50, offset: 0, payee_role: 'CRX' }, 'body.payee_role'],
      ['/payouts/filter', { limit: 5000, offset: 0 }, 'body.limit'],
      ['/invoices/filter', { limit: 50, offset: 0, year_payable: 'last' }, 'body.year_payable'],
      ['/invoices/filter', { limit: 50 }, 'body.offset'],
    ])('%s answers 400 for %j', async (path, body, field) => {
      const r = await api<{ error: { message: string } }>('crx', 'POST', path, body)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
    })
  })

  describe('partners and vehicles', () => {
    const partners = (user: string, body: object = {}) =>
      ok<{ partners: CarbonPartner[]; count: number }>(user, 'POST', '/partners/filter', {
        limit: 50,
        offset: 0,
        ...body,
      })

    it('gives a fleet owner its CPO partners with the split and what they made together', async () => {
      const d = await partners('fleet')
      expect(d.partners.map((p) => p.entity_code).sort()).toEqual(['CPO', 'VOLT'])
      const all = await allRecords('fleet', {})
      for (const p of d.partners) {
        const of = all.filter((r) => r.cpo_entity_code === p.entity_code)
        expect(p).toMatchObject({
          role: 'CPO',
          cpo_share_percent: 40,
          records: of.length,
          own_earnings: sum(of, (r) => r.fo_earnings),
          partner_earnings: sum(of, (r) => r.cpo_earnings),
          total_earnings: sum(of, (r) => r.total_earnings),
        })
      }
      expect(d.partners.find((p) => p.entity_code === 'CPO')?.name).toBe('SparkGrid Charging')
    })

    it('gives a CPO its fleet owners, and the exchange everyone (filtered by role and search)', async () => {
      expect((await partners('cpo')).partners.map((p) => p.entity_code).sort()).toEqual([
        'FLEET',
        'GOLOG',
        'METRO',
        'SWIFT',
      ])
      const crx = await partners('crx')
      expect(crx.count).toBe(6)
      expect(crx.partners.every((p) => p.cpo_share_percent === null)).toBe(true)
      expect(crx.partners.find((p) => p.entity_code === 'CPO')?.counterparts).toBe(4)
      expect((await partners('crx', { role: 'CPO' })).partners.map((p) => p.entity_code).sort()).toEqual([
        'CPO',
        'VOLT',
      ])
      expect((await partners('crx', { search: 'metro' })).partners.map((p) => p.entity_code)).toEqual([
        'METRO',
      ])
      const page = await partners('crx', { limit: 2, offset: 2 })
      expect(page.count).toBe(6)
      expect(page.partners.map((p) => p.entity_code)).toEqual(
        crx.partners.slice(2, 4).map((p) => p.entity_code),
      )
      expect(await partners('vending')).toEqual({ partners: [], count: 0 })
    })

    it("gives the exchange a partner's details, with partnerships equal to the sums of the records", async () => {
      const d = await ok<{ partner: CarbonPartnerDetail }>('crx', 'GET', '/partners/FLEET')
      const all = await allRecords('crx', {})
      const fleet = all.filter((r) => r.fo_entity_code === 'FLEET')
      expect(d.partner).toMatchObject({
        entity_code: 'FLEET',
        name: 'Lion City Fleet Owners',
        role: 'FO',
        records: fleet.length,
        partner_earnings: sum(fleet, (r) => r.fo_earnings),
        own_earnings: sum(fleet, (r) => r.total_earnings),
      })
      expect(
        d.partner.partnerships.map((p) => [p.entity_code, p.cpo_share_percent, p.records]).sort(),
      ).toEqual(
        ['CPO', 'VOLT'].map((c) => [c, 40, fleet.filter((r) => r.cpo_entity_code === c).length]).sort(),
      )
      expect(d.partner.vehicles).toBeGreaterThanOrEqual(3)
      expect(sum(d.partner.scenarios, (s) => s.records)).toBe(fleet.length)

      const cpo = await ok<{ partner: CarbonPartnerDetail }>('crx', 'GET', '/partners/CPO?role=CPO')
      expect(cpo.partner.role).toBe('CPO')
      expect(cpo.partner.top_locations.length).toBeGreaterThan(0)
      expect(cpo.partner.locations).toBeGreaterThanOrEqual(cpo.partner.top_locations.length)
    })

    it.each([
      ['cpo', '/partners/FLEET'],
      ['fleet', '/partners/CPO'],
      ['vending', '/partners/FLEET'],
      ['crx', '/partners/VEND'],
      ['crx', '/partners/FLEET?role=CPO'],
    ])('answers %s asking %s with 404 and no data', async (user, path) => {
      const r = await api<object>(user, 'GET', path)
      expect(r.status).toBe(404)
      expect(Object.keys(r.body)).toEqual(['error'])
    })

    it('answers 400 for a bad role', async () => {
      const r = await api<{ error: { message: string } }>('crx', 'GET', '/partners/FLEET?role=CRX')
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('query.role')
    })

    it('lists vehicles: the exchange every one, a fleet owner its own, a CPO none', async () => {
      const vehicles = (user: string, body: object = {}) =>
        ok<{ vehicles: CarbonVehicle[]; count: number }>(user, 'POST', '/vehicles/filter', {
          limit: 1000,
          offset: 0,
          ...body,
        })
      const crx = await vehicles('crx')
      expect(crx.vehicles.map((v) => v.license_plate)).toEqual(
        expect.arrayContaining(['TFL001', 'TFL002', 'TFL003', 'TME001', 'TGO001', 'TSW001']),
      )
      expect(crx.count).toBe(crx.vehicles.length)
      const fleet = await vehicles('fleet')
      expect(fleet.vehicles.length).toBeGreaterThan(0)
      expect(fleet.vehicles.every((v) => v.fo_entity_code === 'FLEET')).toBe(true)
      expect(await vehicles('cpo')).toEqual({ vehicles: [], count: 0 })
      const search = await vehicles('crx', { search: 'tfl00' })
      expect(search.vehicles.map((v) => v.license_plate)).toEqual(['TFL001', 'TFL002', 'TFL003'])
      expect(search.vehicles.find((v) => v.license_plate === 'TFL003')?.scenario).toBeNull()
      expect(search.vehicles.find((v) => v.license_plate === 'TFL001')?.scenario).toBe('Car (petrol)')
      const buses = await vehicles('crx', { vehicle_type_list: ['bus'], fo_entity_code: 'FLEET' })
      expect(buses.vehicles.every((v) => v.vehicle_type === 'bus')).toBe(true)
      const other = await vehicles('fleet', { fo_entity_code: 'METRO' })
      expect(other).toEqual({ vehicles: [], count: 0 })
    })
  })

  describe('emissions categories', () => {
    const list = (user: string, body: object = {}) =>
      ok<{ categories: EmissionsCategory[]; count: number }>(user, 'POST', '/emissions-categories/filter', {
        limit: 50,
        offset: 0,
        ...body,
      })

    it("lists the exchange's categories by name, with their enrolled vehicles", async () => {
      const d = await list('crx')
      expect(d.count).toBe(7)
      expect(d.categories.map((c) => c.name)).toEqual([...d.categories.map((c) => c.name)].sort())
      const car = d.categories.find((c) => c.name === 'Car (petrol)')
      expect(car).toMatchObject({ vehicle_type: 'car', fuel: 'petrol', emission_factor: 0.71 })
      expect(car?.vehicles).toBeGreaterThanOrEqual(2)
      expect(
        (await list('crx', { search: 'DIESEL' })).categories.every((c) => c.fuel.includes('diesel')),
      ).toBe(true)
      expect((await list('crx', { vehicle_type_list: ['bus'] })).categories.map((c) => c.name)).toEqual([
        'Bus (diesel)',
      ])
      expect(await list('cpo')).toEqual({ categories: [], count: 0 })
    })

    it('creates a category; its vehicles’ waiting sessions become records on the next derivation', async () => {
      const created = await ok<{ category: EmissionsCategory }>('crx', 'POST', '/emissions-categories', {
        name: '  Bus (petrol) ',
        vehicle_type: 'bus',
        fuel: 'petrol',
        emission_factor: 0.555,
        description: 'Minibuses replacing petrol minibuses.',
      })
      expect(created.category).toMatchObject({
        name: 'Bus (petrol)',
        vehicle_type: 'bus',
        fuel: 'petrol',
        emission_factor: 0.555,
        vehicles: 1,
      })
      const got = await ok<{ category: EmissionsCategory }>(
        'crx',
        'GET',
        `/emissions-categories/${String(created.category.id)}`,
      )
      expect(got.category).toEqual(created.category)

      const result = await deriveCarbonRecords(t.database.db, 'CRX', TEST_NOW)
      const waiting = sessions.filter((s) => s.plate === 'TFL003')
      expect(result.records).toBe(waiting.length)
      const rows = await allRecords('fleet', { ...RANGE, scenario_list: ['Bus (petrol)'] })
      expect(rows.map((r) => r.cdr).sort()).toEqual(waiting.map((s) => s.externalId).sort())
      expect(rows.every((r) => r.emission_factor === 0.555)).toBe(true)
    })

    it('changes a category; records already made keep their factor', async () => {
      const [car] = (await list('crx', { search: 'Car (petrol)' })).categories
      if (!car) throw new Error('no car category')
      const before = await allRecords('fleet', { ...RANGE, scenario_list: ['Car (petrol)'] })
      const changed = await ok<{ category: EmissionsCategory }>(
        'crx',
        'PUT',
        `/emissions-categories/${String(car.id)}`,
        {
          name: 'Car (petrol)',
          vehicle_type: 'car',
          fuel: 'petrol',
          emission_factor: 0.72,
          description: 'Revised for the 2026 grid factor.',
        },
      )
      expect(changed.category).toMatchObject({
        emission_factor: 0.72,
        description: 'Revised for the 2026 grid factor.',
      })
      expect(changed.category.updated_at).toBeGreaterThanOrEqual(car.updated_at)
      const after = await allRecords('fleet', { ...RANGE, scenario_list: ['Car (petrol)'] })
      expect(after).toEqual(before)
    })

    it.each([
      [
        { name: 'car (PETROL)', vehicle_type: 'truck', fuel: 'petrol', emission_factor: 0.5 },
        'body.name',
        'already has this name',
      ],
      [
        { name: 'Another car', vehicle_type: 'car', fuel: 'petrol', emission_factor: 0.5 },
        'body.fuel',
        'already the category',
      ],
      [
        { name: 'Truck (petrol)', vehicle_type: 'truck', fuel: 'petrol', emission_factor: 0 },
        'body.emission_factor',
        '',
      ],
      [
        { name: 'Truck (petrol)', vehicle_type: 'truck', fuel: 'petrol', emission_factor: 0.1234 },
        'body.emission_factor',
        '3 decimals',
      ],
      [
        { name: 'Truck (petrol)', vehicle_type: 'tram', fuel: 'petrol', emission_factor: 0.5 },
        'body.vehicle_type',
        '',
      ],
      [{ name: 'Truck (petrol)', vehicle_type: 'truck', fuel: 'lpg', emission_factor: 0.5 }, 'body.fuel', ''],
      [
        { name: '', vehicle_type: 'truck', fuel: 'petrol', emission_factor: 0.5 },
        'body.name',
        'Enter a name',
      ],
      [{ vehicle_type: 'truck', fuel: 'petrol', emission_factor: 0.5 }, 'body.name', ''],
      [
        {
          name: 'Truck (petrol)',
          vehicle_type: 'truck',
          fuel: 'petrol',
          emission_factor: 0.5,
          colour: 'green',
        },
        'body.colour',
        '',
      ],
    ])('refuses %j with a 400 on %s, writing nothing', async (body, field, text) => {
      const before = (await list('crx')).count
      const r = await api<{ error: { message: string; issues: { path: string }[] } }>(
        'crx',
        'POST',
        '/emissions-categories',
        body,
      )
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
      expect(r.body.error.message).toContain(text)
      expect((await list('crx')).count).toBe(before)
    })

    it('refuses a change that clashes with another category', async () => {
      const cats = (await list('crx')).categories
      const lgv = cats.find((c) => c.vehicle_type === 'lgv')
      if (!lgv) throw new Error('no lgv category')
      const r = await api<{ error: { message: string } }>(
        'crx',
        'PUT',
        `/emissions-categories/${String(lgv.id)}`,
        {
          name: 'Truck (diesel)',
          vehicle_type: 'lgv',
          fuel: 'diesel',
          emission_factor: 0.59,
        },
      )
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('body.name')
    })

    it("keeps the exchange's categories to itself: others get 404, and cannot create", async () => {
      const [one] = (await list('crx')).categories
      const id = String(one?.id)
      for (const user of ['cpo', 'fleet', 'vending']) {
        const get = await api<object>(user, 'GET', `/emissions-categories/${id}`)
        expect(get.status, user).toBe(404)
        expect(Object.keys(get.body)).toEqual(['error'])
        const put = await api<object>(user, 'PUT', `/emissions-categories/${id}`, {
          name: 'Hijack',
          vehicle_type: 'car',
          fuel: 'petrol',
          emission_factor: 1,
        })
        expect(put.status, user).toBe(404)
      }
      const create = await api<object>('cpo', 'POST', '/emissions-categories', {
        name: 'CPO category',
        vehicle_type: 'truck',
        fuel: 'petrol',
        emission_factor: 0.5,
      })
      expect(create.status).toBe(403)
      expect((await api('crx', 'GET', '/emissions-categories/999999')).status).toBe(404)
      expect((await api('crx', 'GET', '/emissions-categories/abc')).status).toBe(400)
    })
  })

  describe('the running month', () => {
    it('keeps the payout Pending and following the records until it is paid; credentials wait too', async () => {
      const db = t.database.db
      const monthStart = Date.UTC(2026, 10, 1) - SGT
      const pending = async () =>
        (
          await ok<{ payouts: CarbonPayout[] }>('fleet', 'POST', '/payouts/filter', {
            limit: 50,
            offset: 0,
            status_list: ['Pending'],
          })
        ).payouts.find((p) => p.period === monthStart)
      const fleetEarnings = async () =>
        sum(
          await allRecords('fleet', { date_time_from: monthStart, date_time_to: TEST_NOW }),
          (r) => r.fo_earnings,
        )

      await insertSession(db, chargers.alpha, { plate: 'TFL001', energyWh: 30_000, end: TEST_NOW - 2 * HOUR })
      await deriveCarbonRecords(db, 'CRX', TEST_NOW)
      const first = await pending()
      expect(first).toMatchObject({ status: 'Pending', paid_at: null, total: await fleetEarnings() })
      const [latest] = await allRecords('fleet', {
        date_time_from: TEST_NOW - 3 * HOUR,
        date_time_to: TEST_NOW,
      })
      expect(latest?.vc_url).toBeNull()

      await insertSession(db, chargers.volt, { plate: 'TFL001', energyWh: 12_000, end: TEST_NOW - HOUR })
      await deriveCarbonRecords(db, 'CRX', TEST_NOW)
      const second = await pending()
      expect(second?.uuid).toBe(first?.uuid)
      expect(second?.total).toBe(await fleetEarnings())
      expect(second?.total).toBeGreaterThan(first?.total ?? 0)
      // No invoice until the month closes.
      const invoices = await ok<{ invoices: CarbonInvoice[] }>('fleet', 'POST', '/invoices/filter', {
        limit: 50,
        offset: 0,
      })
      expect(invoices.invoices.some((i) => i.payout_uuid === first?.uuid)).toBe(false)
    })
  })

  describe('export', () => {
    it('exports the records of the filters with the B §3 columns', async () => {
      const filters = { ...RANGE, cpo_entity_code: 'CPO' }
      const r = await call<{ data: { export_job: ExportJob } }>(t.app, 'POST', '/api/main/exports', {
        token: tokens.fleet,
        body: { source: 'carbon-records', format: 'csv', filters },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const uuid = r.body.data.export_job.uuid
      let job = r.body.data.export_job
      for (let i = 0; i < 500 && job.status === ExportJobStatus.Pending; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        job = (
          await call<{ data: { export_job: ExportJob } }>(t.app, 'GET', `/api/main/exports/${uuid}`, {
            token: tokens.fleet,
          })
        ).body.data.export_job
      }
      const rows = await allRecords('fleet', filters)
      expect(job).toMatchObject({ status: ExportJobStatus.Ready, row_count: rows.length })
      const file = await call(t.app, 'GET', `/api/main/exports/${uuid}/download`, { token: tokens.fleet })
      const [header, ...lines] = parseCsv(file.response.body)
      expect(header?.slice(0, 12)).toEqual([
        'id',
        'cpo_entity_code',
        'fo_entity_code',
        'kWh',
        'date_time',
        'emissions_reduced',
        'total_earnings',
        'cpo_earnings',
        'fo_earnings',
        'scenario',
        'cdr',
        'vc_url',
      ])
      expect(lines.map((l) => Number(l[0]))).toEqual(rows.map((row) => row.id))
      const first = rows[0]
      expect(lines[0]?.slice(1, 4)).toEqual(['CPO', 'FLEET', String(first?.kWh)])
    })

    it('refuses bad export filters with a 400', async () => {
      const r = await call<{ error: { message: string } }>(t.app, 'POST', '/api/main/exports', {
        token: tokens.fleet,
        body: { source: 'carbon-records', format: 'csv', filters: { limit: 5 } },
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('body.filters.limit')
    })
  })
})
