import type { ChargingPeriod, TariffElement } from '@portal/contract'
import { evSessionStatuses, priceSession, stopReasons } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { createTestApp, DIALECTS, TEST_NOW } from '../test-support'
import { parseJson } from '../lib/json'
import { chargerStatus } from './ev-network'
import { seedEvSessions } from './ev-sessions'
import { Random } from './random'

const DAY = 86_400_000

/**
 * The sessions seed on a network of its own (one charger per entity), so it is checked whatever the network seed
 * holds: counts, money agreeing with the contract's pricing, energy agreeing with the periods, running sessions,
 * refunds with their transactions, and the daily rollups adding up to the sessions.
 */
describe.each(DIALECTS)('the EV sessions seed on %s', (dialect) => {
  let t: TestApp
  const scale = 0.02

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const db = t.database.db
    // Start from an empty EV session area whatever the demo seed made, then one charger per entity.
    await db.deleteFrom('ev_session_daily').execute()
    await db.deleteFrom('ev_session_refund').execute()
    await db.deleteFrom('ev_session').execute()
    await db.deleteFrom('ev_connector').execute()
    // One charger per entity, and CPO's second in Malaysia, billing MYR: two currencies, two locations.
    const networks = [
      ['CPO', 'SG', 'SGD'],
      ['VOLT', 'SG', 'SGD'],
      ['BUS', 'SG', 'SGD'],
      ['CPO', 'MY', 'MYR'],
    ] as const
    for (const [i, [entity, country, currency]] of networks.entries()) {
      const tariff = await db
        .insertInto('ev_tariff')
        .values({
          entity_code: entity,
          uid: `seed-test-tariff-${String(i)}`,
          external_id: `ST-${entity}`,
          name: 'Seed test',
          currency,
          type: null,
          elements: JSON.stringify([
            {
              price_components: [
                { type: 'ENERGY', price: 0.5, vat: 9, step_size: 1 },
                { type: 'PARKING_TIME', price: 3, vat: 9, step_size: 60 },
              ],
            },
          ]),
          min_price_excl_vat: null,
          max_price_excl_vat: null,
          start_date_time: null,
          end_date_time: null,
          created_at: TEST_NOW,
          updated_at: TEST_NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const location = await db
        .insertInto('ev_location')
        .values({
          entity_code: entity,
          uid: `seed-test-loc-${String(i)}`,
          external_id: 'L',
          name: 'Seed test',
          address: '1 Test Rd',
          city: country === 'MY' ? 'Johor Bahru' : 'Singapore',
          postal_code: '000001',
          state: '',
          country,
          latitude: 1.3,
          longitude: 103.8,
          directions: '',
          contact_number: '',
          parking_restrictions: '[]',
          publish: 1,
          time_zone: 'Asia/Singapore',
          created_at: TEST_NOW,
          updated_at: TEST_NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const evse = await db
        .insertInto('ev_evse')
        .values({
          entity_code: entity,
          location_id: location.id,
          uid: `seed-test-evse-${String(i)}`,
          evse_id: `SG*T*E${String(i)}`,
          charge_point_id: null,
          external_id: `E${String(i)}`,
          status: 'AVAILABLE',
          physical_reference: 'A1',
          directions: '',
          instructions: '',
          protocol: 'OCPI',
          capabilities: '[]',
          parking_restrictions: '[]',
          floor_level: '1',
          created_at: TEST_NOW,
          updated_at: TEST_NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('ev_connector')
        .values({
          entity_code: entity,
          location_id: location.id,
          evse_ref: evse.id,
          uid: `seed-test-conn-${String(i)}`,
          connector_id: '1',
          standard: 'IEC_62196_T2_COMBO',
          format: 'CABLE',
          power_type: i === 1 ? 'AC_3_PHASE' : 'DC',
          max_voltage: 500,
          max_amperage: 125,
          max_electric_power: i === 1 ? 22_000 : 60_000,
          tariff_id: tariff.id,
          created_at: TEST_NOW,
          updated_at: TEST_NOW,
        })
        .execute()
    }
    await seedEvSessions(db, new Random(11), { now: TEST_NOW, scale })
  })
  afterAll(() => t.close())

  const sessions = () => t.database.db.selectFrom('ev_session').selectAll().orderBy('id').execute()

  it('writes each network its share, with the customers of B §3 and the spec statuses', async () => {
    const rows = await sessions()
    const count = (entity: string) => rows.filter((r) => r.entity_code === entity).length
    expect([count('CPO'), count('VOLT'), count('BUS')]).toEqual([240, 80, 60])
    const emsps = (entity: string) =>
      new Set(rows.filter((r) => r.entity_code === entity).map((r) => r.emsp_entity_code))
    expect(emsps('CPO')).toEqual(new Set(['CPO', 'EMSP', 'VOLT']))
    expect(emsps('VOLT')).toEqual(new Set(['VOLT', 'EMSP']))
    expect(emsps('BUS')).toEqual(new Set(['BUS']))
    for (const r of rows) {
      expect(evSessionStatuses.values).toContain(r.status)
      if (r.stop_reason !== null) expect(stopReasons.values).toContain(r.stop_reason)
      expect(r.start_date_time).toBeGreaterThanOrEqual(TEST_NOW - 91 * DAY)
      // Nothing happened after the moment of seeding.
      expect(r.start_date_time).toBeLessThan(TEST_NOW)
      expect(r.last_updated).toBeLessThanOrEqual(TEST_NOW)
      if (r.end_date_time === null) {
        expect(['ACTIVE', 'HOGGING']).toContain(r.status)
        expect(r.start_date_time).toBeGreaterThan(TEST_NOW - 12 * 3_600_000)
      } else expect(r.end_date_time).toBeLessThanOrEqual(TEST_NOW)
    }
  })

  it('prices every session with the contract and keeps energy equal to its periods', async () => {
    const db = t.database.db
    const tariffs = new Map(
      (await db.selectFrom('ev_tariff').select(['id', 'elements', 'currency']).execute()).map((x) => [
        x.id,
        { elements: parseJson<TariffElement[]>(x.elements, []), currency: x.currency },
      ]),
    )
    for (const r of await sessions()) {
      const periods = parseJson<ChargingPeriod[]>(r.charging_periods, [])
      const energy = periods.flatMap((p) => p.dimensions).filter((d) => d.type === 'ENERGY')
      expect(r.energy_wh).toBe(energy.reduce((s, d) => s + Math.round(d.volume * 1000), 0))
      const priced = priceSession(
        tariffs.get(r.tariff_id ?? -1) ?? { elements: [] },
        periods,
        r.end_date_time ?? TEST_NOW,
      )
      expect(r.total_incl_vat).toBe(priced.total.incl_vat)
      expect(r.total_excl_vat).toBe(priced.total.excl_vat)
      expect(r.cost_energy_incl_vat).toBe(priced.energy.incl_vat)
      expect(r.refunded_amount).toBeLessThanOrEqual(r.paid_amount)
      if (r.status === 'COMPLETED') expect(r.paid_amount).toBe(r.total_incl_vat)
    }
  })

  it('adds up the daily rollups of both sides to the sessions and refunds, per day, currency and counterpart', async () => {
    const rows = await sessions()
    const daily = await t.database.db.selectFrom('ev_session_daily').selectAll().execute()
    // Each session counts once on each side: the CPO's row of its location, the EMSP's row of its CPO, on the UTC+8
    // day it started, in its currency. Written out here from the sessions, independently of the seed's tally.
    type Sums = { sessions: number; energy_wh: number; incl: number; excl: number; refunded: number }
    const expected = new Map<string, Sums>()
    const add = (key: string, r: (typeof rows)[number]) => {
      const e = expected.get(key) ?? { sessions: 0, energy_wh: 0, incl: 0, excl: 0, refunded: 0 }
      e.sessions++
      e.energy_wh += r.energy_wh
      e.incl += r.total_incl_vat
      e.excl += r.total_excl_vat
      e.refunded += r.refunded_amount
      expected.set(key, e)
    }
    for (const r of rows) {
      const day = Math.floor((r.start_date_time + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000
      add(`${r.entity_code}|CPO|${String(day)}|${r.currency}|${String(r.location_id)}`, r)
      add(`${r.emsp_entity_code}|EMSP|${String(day)}|${r.currency}|${r.entity_code}`, r)
    }
    const actual = new Map(
      daily.map((x): [string, Sums] => [
        `${x.entity_code}|${x.side}|${String(x.day)}|${x.currency}|${x.counterpart}`,
        {
          sessions: x.sessions,
          energy_wh: x.energy_wh,
          incl: x.revenue_incl_vat,
          excl: x.revenue_excl_vat,
          refunded: x.refunded,
        },
      ]),
    )
    expect(actual.size).toBe(daily.length)
    expect(actual).toEqual(expected)
    // Every day key is the start of a UTC+8 day.
    for (const x of daily) expect((x.day + 8 * 3_600_000) % DAY).toBe(0)

    // The key's new parts at work: CPO's side in both currencies, each on its own location; EMSP's side by CPO.
    const locations = new Map(
      (await t.database.db.selectFrom('ev_location').select(['id', 'country']).execute()).map((l) => [
        String(l.id),
        l.country,
      ]),
    )
    const cpoSide = daily.filter((x) => x.side === 'CPO' && x.entity_code === 'CPO')
    expect(new Set(cpoSide.map((x) => x.currency))).toEqual(new Set(['SGD', 'MYR']))
    for (const x of cpoSide) expect(locations.get(x.counterpart)).toBe(x.currency === 'MYR' ? 'MY' : 'SG')
    expect(
      new Set(daily.filter((x) => x.side === 'EMSP' && x.entity_code === 'EMSP').map((x) => x.counterpart)),
    ).toEqual(new Set(['CPO', 'VOLT']))
    expect(rows.some((r) => r.refunded_amount > 0)).toBe(true)
  })

  it('draws the EMSP’s customers from its app users and the limo fleet on its app; others from their own', async () => {
    const owners = new Map(
      (await t.database.db.selectFrom('ev_driver').select(['id', 'entity_code']).execute()).map((d) => [
        d.id,
        d.entity_code,
      ]),
    )
    const rows = (await sessions()).filter((r) => r.driver_id !== null)
    const ownerOf = (r: (typeof rows)[number]) => owners.get(r.driver_id ?? -1)
    expect(new Set(rows.filter((r) => r.emsp_entity_code === 'EMSP').map(ownerOf))).toEqual(
      new Set(['EMSP', 'LIMO']),
    )
    for (const r of rows.filter((r) => r.emsp_entity_code !== 'EMSP'))
      expect(ownerOf(r)).toBe(r.emsp_entity_code)
  })

  it('shows CHARGING on exactly the EVSEs where a session runs', async () => {
    const running = new Set((await sessions()).filter((r) => r.end_date_time === null).map((r) => r.evse_ref))
    expect(running.size).toBeGreaterThan(0)
    const evses = await t.database.db
      .selectFrom('ev_evse')
      .where('entity_code', 'in', ['CPO', 'VOLT', 'BUS'])
      .select(['id', 'status'])
      .execute()
    for (const e of evses) expect(e.status === 'CHARGING', `EVSE ${String(e.id)}`).toBe(running.has(e.id))
    // Each charger's own status follows its EVSEs' again.
    const chargers = await t.database.db
      .selectFrom('ev_charge_point')
      .where('entity_code', 'in', ['CPO', 'VOLT', 'BUS'])
      .select(['id', 'ocpp_status'])
      .execute()
    for (const c of chargers) {
      const mine = await t.database.db
        .selectFrom('ev_evse')
        .where('charge_point_id', '=', c.id)
        .select('status')
        .orderBy('id')
        .execute()
      expect(c.ocpp_status, `charger ${String(c.id)}`).toBe(chargerStatus(mine.map((e) => e.status)))
    }
  })

  it('writes each seeded refund with its Refund transaction', async () => {
    const db = t.database.db
    const refunds = await db.selectFrom('ev_session_refund').selectAll().execute()
    const rows = await sessions()
    const refunded = rows.filter((r) => r.refunded_amount > 0)
    expect(refunds.length).toBe(refunded.length)
    for (const refund of refunds) {
      const txn = await db
        .selectFrom('payment_transaction')
        .where('uuid', '=', refund.transaction_uuid)
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(txn).toMatchObject({
        amount: refund.amount,
        transaction_type: 2,
        entity_code: refund.entity_code,
      })
    }
  })
})
