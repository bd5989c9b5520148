import type { TariffElement } from '@portal/contract'
import { previewSessionCost, tariffElement, tariffValidity } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { TestApp } from '../test-support'
import { createTestApp, DIALECTS, TEST_NOW } from '../test-support'
import type { EvTariffRow } from '../modules/charging/ev.table'
import { demoTariffRows, MY_SST, SG_GST } from './ev-tariffs'
import { Random } from './random'

const DAY = 86_400_000
const ENTITIES_WITH_CHARGERS = ['CPO', 'VOLT', 'BUS']
const elementsSchema = z.array(tariffElement).min(1)

/** The demo tariffs as the demo seed wrote them, checked against the contract and the network seed's convention. */
describe.each(DIALECTS)('the EV tariffs seed on %s', (dialect) => {
  let t: TestApp
  let rows: EvTariffRow[]
  const elementsOf = (r: EvTariffRow): TariffElement[] => elementsSchema.parse(JSON.parse(r.elements))

  beforeAll(async () => {
    t = await createTestApp(dialect)
    rows = await t.database.db.selectFrom('ev_tariff').selectAll().orderBy('id').execute()
  })
  afterAll(() => t.close())

  it('every tariff parses with the contract schema', () => {
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(() => elementsOf(r), r.external_id).not.toThrow()
  })

  it.each(ENTITIES_WITH_CHARGERS)('%s has 6 to 12 tariffs with unique external ids', (entity) => {
    const mine = rows.filter((r) => r.entity_code === entity)
    expect(mine.length).toBeGreaterThanOrEqual(6)
    expect(mine.length).toBeLessThanOrEqual(12)
    expect(new Set(mine.map((r) => r.external_id)).size).toBe(mine.length)
  })

  it.each(ENTITIES_WITH_CHARGERS)('%s has -AC- and -DC- tariffs, each in force now', (entity) => {
    const mine = rows.filter((r) => r.entity_code === entity)
    for (const kind of ['-AC-', '-DC-']) {
      const matching = mine.filter((r) => r.external_id.includes(kind))
      expect(matching.length, `${entity} ${kind}`).toBeGreaterThan(0)
      for (const r of matching) expect(tariffValidity(r, TEST_NOW), r.external_id).toBe('ACTIVE')
    }
    // The convention: a tariff not in force today never carries -AC- or -DC-.
    for (const r of mine.filter((x) => tariffValidity(x, TEST_NOW) !== 'ACTIVE'))
      expect(r.external_id, r.external_id).not.toMatch(/-(AC|DC)-/)
  })

  it('every entity that has chargers has -AC- and -DC- tariffs', async () => {
    const withConnectors = await t.database.db
      .selectFrom('ev_connector')
      .select('entity_code')
      .distinct()
      .execute()
    for (const { entity_code } of withConnectors) {
      const mine = rows.filter((r) => r.entity_code === entity_code)
      expect(
        mine.some((r) => r.external_id.includes('-AC-')),
        entity_code,
      ).toBe(true)
      expect(
        mine.some((r) => r.external_id.includes('-DC-')),
        entity_code,
      ).toBe(true)
    }
  })

  it("connectors are priced by a tariff in force, of their power type and their site's currency", async () => {
    const priced = await t.database.db
      .selectFrom('ev_connector as c')
      .innerJoin('ev_tariff as t', 't.id', 'c.tariff_id')
      .innerJoin('ev_location as l', 'l.id', 'c.location_id')
      .select([
        'c.power_type',
        'l.country',
        't.external_id',
        't.currency',
        't.start_date_time',
        't.end_date_time',
      ])
      .execute()
    expect(priced.length).toBeGreaterThan(0)
    for (const p of priced) {
      expect(tariffValidity(p, TEST_NOW), p.external_id).toBe('ACTIVE')
      expect(p.external_id).toContain(p.power_type === 'DC' ? '-DC-' : '-AC-')
      expect(`${p.country}:${p.currency}`).toBe(p.country === 'MY' ? 'MY:MYR' : 'SG:SGD')
    }
  })

  it.each(ENTITIES_WITH_CHARGERS)('%s has tariffs that expired and tariffs yet to start', (entity) => {
    const validity = rows.filter((r) => r.entity_code === entity).map((r) => tariffValidity(r, TEST_NOW))
    expect(validity).toContain('EXPIRED')
    expect(validity).toContain('SCHEDULED')
  })

  it('prices are positive; the tax and currency follow the country suffix (SG: SGD 9 %, MY: MYR 8 %)', () => {
    for (const r of rows) {
      const country = /-(SG|MY)$/.exec(r.external_id)?.[1]
      expect(country, r.external_id).toBeDefined()
      expect(r.currency).toBe(country === 'SG' ? 'SGD' : 'MYR')
      for (const c of elementsOf(r).flatMap((e) => e.price_components)) {
        expect(c.price, r.external_id).toBeGreaterThan(0)
        expect(c.vat).toBe(country === 'SG' ? SG_GST : MY_SST)
        expect(c.step_size).toBeGreaterThanOrEqual(1)
      }
    }
  })

  it('a sample session costs something on every tariff, and tax is on top', () => {
    for (const r of rows) {
      const price = previewSessionCost(
        { elements: elementsOf(r), currency: r.currency },
        { start: TEST_NOW, energy_kwh: 25, charging_minutes: 60, parking_minutes: 30 },
      )
      expect(price.total.excl_vat, r.external_id).toBeGreaterThan(0)
      expect(price.total.incl_vat).toBeGreaterThan(price.total.excl_vat)
    }
  })

  it('has what operators price with: windows, weekends, energy tiers, idle fees per minute, FLAT, TIME, steps', () => {
    const elements = rows.flatMap(elementsOf)
    const components = elements.flatMap((e) => e.price_components)
    expect(elements.some((e) => e.restrictions?.start_time !== undefined)).toBe(true)
    expect(elements.some((e) => e.restrictions?.day_of_week?.includes('SATURDAY'))).toBe(true)
    expect(elements.some((e) => e.restrictions?.min_kwh !== undefined)).toBe(true)
    expect(components.some((c) => c.type === 'PARKING_TIME' && c.step_size === 60)).toBe(true)
    expect(components.some((c) => c.type === 'FLAT')).toBe(true)
    expect(components.some((c) => c.type === 'TIME')).toBe(true)
    expect(components.some((c) => c.type === 'ENERGY' && c.step_size > 1)).toBe(true)
  })

  it('dates: updated in the 90 days before now, after creation; validity windows in order', () => {
    for (const r of rows) {
      expect(r.updated_at, r.external_id).toBeLessThanOrEqual(TEST_NOW)
      expect(r.updated_at, r.external_id).toBeGreaterThanOrEqual(TEST_NOW - 90 * DAY)
      expect(r.created_at).toBeLessThanOrEqual(r.updated_at)
      if (r.start_date_time !== null && r.end_date_time !== null)
        expect(r.start_date_time).toBeLessThan(r.end_date_time)
    }
  })
})

describe('demoTariffRows', () => {
  it('is deterministic for a seed and a reference time', () => {
    expect(demoTariffRows(new Random(3), TEST_NOW)).toEqual(demoTariffRows(new Random(3), TEST_NOW))
    expect(demoTariffRows(new Random(4), TEST_NOW)).not.toEqual(demoTariffRows(new Random(3), TEST_NOW))
  })

  it('starts and ends validity at local midnight (UTC+8)', () => {
    for (const r of demoTariffRows(new Random(3), TEST_NOW)) {
      for (const at of [r.start_date_time, r.end_date_time]) {
        if (at === null || at === undefined) continue
        expect((at + 8 * 3_600_000) % DAY, r.external_id).toBe(0)
      }
    }
  })
})
