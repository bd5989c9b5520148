import {
  chargeProtocols,
  connectorFormats,
  connectorStandards,
  connectorStatuses,
  evseCapabilities,
  evseStatuses,
  isInCatalogue,
  parkingRestrictions,
  powerTypes,
} from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { createTestApp, DIALECTS, TEST_NOW } from '../test-support'
import { parseJson } from '../lib/json'
import type { Db } from '../db/database'
import { hashOcppPassword, verifyOcppPassword } from '../modules/ocpp/ocpp-password'
import {
  chargerStatus,
  COUNTRY_BOUNDS,
  locationCount,
  seedEvNetwork,
  tariffFor,
  TEST_BAY_CHARGERS,
  TEST_BAY_NAME,
} from './ev-network'
import { Random } from './random'

/** The network as rows joined down the tree, for the checks below. */
async function network(db: Db) {
  const locations = await db.selectFrom('ev_location').selectAll().orderBy('id').execute()
  const evses = await db.selectFrom('ev_evse').selectAll().orderBy('id').execute()
  const connectors = await db
    .selectFrom('ev_connector as c')
    .leftJoin('ev_tariff as t', 't.id', 'c.tariff_id')
    .selectAll('c')
    .select([
      't.external_id as tariff_external_id',
      't.entity_code as tariff_entity',
      't.currency as tariff_currency',
    ])
    .orderBy('c.id')
    .execute()
  const chargePoints = await db.selectFrom('ev_charge_point').selectAll().orderBy('id').execute()
  return { locations, evses, connectors, chargePoints }
}

/** Removes every EV network row (and the sessions on it), so a seed can be run again from nothing. */
async function wipe(db: Db) {
  for (const table of [
    'ev_session_refund',
    'ev_session',
    'ev_connector',
    'ev_evse',
    'ev_charge_point',
    'ev_location',
  ] as const)
    await db.deleteFrom(table).execute()
}

describe('chargerStatus', () => {
  it.each([
    [['AVAILABLE', 'CHARGING'], 'CHARGING'],
    [['AVAILABLE', 'AVAILABLE'], 'AVAILABLE'],
    [['RESERVED', 'AVAILABLE'], 'RESERVED'],
    [['BLOCKED'], 'OCCUPIED'],
    [['OUTOFORDER', 'OUTOFORDER'], 'FAULTED'],
    [['UNKNOWN'], 'UNKNOWN'],
    [['UNKNOWN', 'AVAILABLE'], 'AVAILABLE'],
  ])('EVSEs %j report %s', (statuses, expected) => expect(chargerStatus(statuses)).toBe(expected))
})

describe('tariffFor', () => {
  const tariffs = [
    { id: 1, externalId: 'X-AC-STANDARD-SG', currency: 'SGD' },
    { id: 2, externalId: 'X-AC-STANDARD-MY', currency: 'MYR' },
    { id: 3, externalId: 'X-DC-FAST-SG', currency: 'SGD' },
    { id: 4, externalId: 'X-PROMO-SG', currency: 'SGD' },
  ]
  it.each([
    ['AC_1_PHASE', 'SGD', [1]],
    ['AC_3_PHASE', 'MYR', [2]],
    ['DC', 'SGD', [3]],
    // No DC tariff in MYR: a DC tariff in another currency beats a non-DC one.
    ['DC', 'MYR', [3]],
  ])('gives a %s connector in %s one of %j', (powerType, currency, ids) => {
    for (let seed = 0; seed < 20; seed++)
      expect(ids).toContain(tariffFor(tariffs, powerType, currency, new Random(seed)))
  })
  it('falls back to any tariff of the entity, else none', () => {
    const promoOnly = [{ id: 9, externalId: 'X-PROMO-SG', currency: 'SGD' }]
    expect(tariffFor(promoOnly, 'DC', 'SGD', new Random(1))).toBe(9)
    expect(tariffFor([], 'AC_3_PHASE', 'SGD', new Random(1))).toBeNull()
  })
})

describe.each(DIALECTS)('the EV network seed on %s', (dialect) => {
  let t: TestApp
  let net: Awaited<ReturnType<typeof network>>
  const scale = 0.05

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale })
    net = await network(t.database.db)
  })
  afterAll(() => t.close())

  it('gives CPO, VOLT and BUS their locations per country, with a minimum at a small scale', () => {
    const by = (entity: string, country: string) =>
      net.locations.filter((l) => l.entity_code === entity && l.country === country).length
    // and SparkGrid Test Bay, at every scale
    expect(by('CPO', 'SG')).toBe(locationCount(55, 4, scale) + 1)
    expect(by('CPO', 'MY')).toBe(locationCount(25, 2, scale))
    expect(by('VOLT', 'SG')).toBe(locationCount(25, 3, scale))
    expect(by('VOLT', 'MY')).toBe(locationCount(15, 2, scale))
    expect(by('BUS', 'SG')).toBe(locationCount(8, 3, scale))
    expect(by('BUS', 'MY')).toBe(0)
    expect(new Set(net.locations.map((l) => l.entity_code))).toEqual(new Set(['CPO', 'VOLT', 'BUS']))
  })

  it('places every location inside its country', () => {
    for (const l of net.locations) {
      const bounds = COUNTRY_BOUNDS[l.country as 'SG' | 'MY']
      expect(bounds, l.name).toBeDefined()
      expect(l.latitude, l.name).toBeGreaterThanOrEqual(bounds.lat[0])
      expect(l.latitude, l.name).toBeLessThanOrEqual(bounds.lat[1])
      expect(l.longitude, l.name).toBeGreaterThanOrEqual(bounds.lng[0])
      expect(l.longitude, l.name).toBeLessThanOrEqual(bounds.lng[1])
      expect(l.postal_code, l.name).toMatch(l.country === 'SG' ? /^\d{6}$/ : /^\d{5}$/)
      // OCPI's address is the street and number; the city and postal code are fields of their own.
      expect(l.address, l.name).not.toContain(l.postal_code)
      expect(l.time_zone).toBe(l.country === 'SG' ? 'Asia/Singapore' : 'Asia/Kuala_Lumpur')
      expect(l.name.trim()).not.toBe('')
      for (const r of parseJson<string[]>(l.parking_restrictions, ['bad']))
        expect(isInCatalogue(parkingRestrictions, r), r).toBe(true)
    }
    // Names are unique within an entity's network.
    for (const entity of ['CPO', 'VOLT', 'BUS']) {
      const names = net.locations.filter((l) => l.entity_code === entity).map((l) => l.name)
      expect(new Set(names).size).toBe(names.length)
    }
  })

  it('gives every location EVSEs and every EVSE at least one connector, all of one entity', () => {
    const locations = new Map(net.locations.map((l) => [l.id, l]))
    for (const l of net.locations)
      expect(
        net.evses.some((e) => e.location_id === l.id),
        l.name,
      ).toBe(true)
    for (const e of net.evses) {
      const mine = net.connectors.filter((c) => c.evse_ref === e.id)
      expect(mine.length, e.evse_id).toBeGreaterThanOrEqual(1)
      expect(mine.map((c) => c.connector_id)).toEqual(mine.map((_, i) => String(i + 1)))
      const location = locations.get(e.location_id)
      expect(location?.entity_code).toBe(e.entity_code)
      for (const c of mine) {
        expect(c.location_id).toBe(e.location_id)
        expect(c.entity_code).toBe(e.entity_code)
      }
    }
  })

  it('names EVSEs in eMI3 form for their country and operator, with statuses of the catalogue', () => {
    const operator: Record<string, string> = { CPO: 'SPK', VOLT: 'VNT', BUS: 'BSW' }
    const locations = new Map(net.locations.map((l) => [l.id, l]))
    for (const e of net.evses) {
      const country = locations.get(e.location_id)?.country ?? ''
      expect(e.evse_id).toMatch(new RegExp(`^${country}\\*${operator[e.entity_code] ?? ''}\\*E\\d{6}\\*\\d$`))
      expect(isInCatalogue(evseStatuses, e.status), e.status).toBe(true)
      expect(isInCatalogue(chargeProtocols, e.protocol), e.protocol).toBe(true)
      for (const c of parseJson<string[]>(e.capabilities, ['bad']))
        expect(isInCatalogue(evseCapabilities, c), c).toBe(true)
      for (const r of parseJson<string[]>(e.parking_restrictions, ['bad']))
        expect(isInCatalogue(parkingRestrictions, r), r).toBe(true)
    }
    expect(new Set(net.evses.map((e) => e.evse_id)).size).toBe(net.evses.length)
    // Mostly available.
    const available = net.evses.filter((e) => e.status === 'AVAILABLE').length
    expect(available / net.evses.length).toBeGreaterThan(0.4)
  })

  it('gives connectors powers that match their power types and standards', () => {
    for (const c of net.connectors) {
      expect(isInCatalogue(powerTypes, c.power_type)).toBe(true)
      expect(isInCatalogue(connectorStandards, c.standard)).toBe(true)
      expect(isInCatalogue(connectorFormats, c.format)).toBe(true)
      const kw = c.max_electric_power / 1000
      if (c.power_type === 'AC_1_PHASE') {
        expect(c.standard).toBe('IEC_62196_T2')
        expect(c.max_voltage).toBe(230)
        expect(kw).toBeLessThanOrEqual(7.4)
      } else if (c.power_type === 'AC_3_PHASE') {
        expect(c.standard).toBe('IEC_62196_T2')
        expect(c.max_voltage).toBe(400)
        expect(kw).toBeGreaterThanOrEqual(11)
        expect(kw).toBeLessThanOrEqual(22)
      } else {
        expect(['IEC_62196_T2_COMBO', 'CHADEMO', 'PANTOGRAPH_TOP_DOWN']).toContain(c.standard)
        expect(c.format).toBe('CABLE')
        expect(kw).toBeGreaterThanOrEqual(50)
        expect(kw).toBeLessThanOrEqual(350)
      }
      // The power never exceeds what the voltage and current allow (three phases for AC_3_PHASE).
      const phases = c.power_type === 'AC_3_PHASE' ? Math.sqrt(3) : 1
      expect(c.max_electric_power).toBeLessThanOrEqual(c.max_voltage * c.max_amperage * phases * 1.01)
    }
    expect(net.connectors.some((c) => c.standard === 'CHADEMO')).toBe(true)
  })

  it('prices AC connectors with an -AC- tariff and DC ones with a -DC- tariff of the entity, in the site’s currency', async () => {
    const tariffs = await t.database.db
      .selectFrom('ev_tariff')
      .select(['entity_code', 'external_id', 'currency'])
      .execute()
    const has = (entity: string, tag: string, currency: string) =>
      tariffs.some((x) => x.entity_code === entity && x.external_id.includes(tag) && x.currency === currency)
    const countries = new Map(net.locations.map((l) => [l.id, l.country]))
    let checked = 0
    for (const c of net.connectors) {
      const tag = c.power_type === 'DC' ? '-DC-' : '-AC-'
      const currency = countries.get(c.location_id) === 'MY' ? 'MYR' : 'SGD'
      if (tariffs.some((x) => x.entity_code === c.entity_code)) expect(c.tariff_id, c.uid).not.toBeNull()
      if (c.tariff_id === null) continue
      expect(c.tariff_entity).toBe(c.entity_code)
      if (has(c.entity_code, tag, currency)) {
        expect(c.tariff_external_id).toContain(tag)
        expect(c.tariff_currency).toBe(currency)
        checked++
      }
    }
    // The tariffs seed makes AC and DC tariffs: then every connector was checked against them.
    if (tariffs.length > 0) expect(checked).toBeGreaterThan(0)
  })

  it('gives each EVSE a charge point of its location whose OCPP status is of the catalogue', () => {
    const points = new Map(net.chargePoints.map((p) => [p.id, p]))
    for (const e of net.evses) {
      const cp = points.get(e.charge_point_id ?? -1)
      expect(cp?.location_id, e.evse_id).toBe(e.location_id)
      expect(cp?.protocol).toBe(e.protocol)
      expect(isInCatalogue(connectorStatuses, cp?.ocpp_status)).toBe(true)
      expect(cp?.created_at).toBeLessThanOrEqual(TEST_NOW)
      if (cp?.last_heartbeat_at !== null && cp?.last_heartbeat_at !== undefined)
        expect(cp.last_heartbeat_at).toBeLessThanOrEqual(TEST_NOW)
    }
  })

  it('gives every charger its serial number as OCPP identity, unique everywhere, with the demo password', () => {
    const identities = net.chargePoints.map((cp) => cp.ocpp_identity)
    expect(new Set(identities).size).toBe(identities.length)
    for (const cp of net.chargePoints) {
      expect(cp.ocpp_identity, cp.uid).toBe(cp.serial_number)
      expect(verifyOcppPassword(Buffer.from('demo1234'), cp.ocpp_password_hash), cp.uid).toBe(true)
      expect(verifyOcppPassword(Buffer.from('demo12345'), cp.ocpp_password_hash), cp.uid).toBe(false)
    }
    expect(hashOcppPassword('demo1234')).not.toBe(net.chargePoints[0]?.ocpp_password_hash)
  })

  it('builds SparkGrid Test Bay: three 22 kW AC chargers SPK-TEST-01 to 03 on the standard AC tariff, not connected', () => {
    const bay = net.locations.find((l) => l.name === TEST_BAY_NAME)
    expect(bay).toMatchObject({ entity_code: 'CPO', country: 'SG' })
    const chargers = net.chargePoints.filter((cp) => cp.location_id === bay?.id)
    expect(chargers.map((cp) => cp.ocpp_identity)).toEqual([...TEST_BAY_CHARGERS])
    for (const cp of chargers) {
      expect(cp).toMatchObject({ ocpp_status: 'UNKNOWN', last_heartbeat_at: null, commissioned: 1 })
      const evses = net.evses.filter((e) => e.charge_point_id === cp.id)
      expect(evses).toHaveLength(1)
      const connectors = net.connectors.filter((c) => c.evse_ref === evses[0]?.id)
      expect(connectors).toHaveLength(1)
      expect(connectors[0]).toMatchObject({
        standard: 'IEC_62196_T2',
        power_type: 'AC_3_PHASE',
        max_electric_power: 22_000,
        tariff_external_id: 'CPO-AC-STANDARD-SG',
      })
    }
  })

  it('is deterministic, and at scale 1 gives CPO about 80 locations, VOLT 40 and BUS 8 depots', async () => {
    const db = t.database.db
    const snapshot = async () =>
      (await network(db)).connectors.map((c) => [c.uid, c.standard, c.max_electric_power, c.tariff_id])
    await wipe(db)
    await seedEvNetwork(db, new Random(42), { now: TEST_NOW, scale: 1 })
    const first = await snapshot()
    // Before any session moves an EVSE, each charger reports what its EVSEs show.
    const seeded = await network(db)
    for (const cp of seeded.chargePoints) {
      const statuses = seeded.evses.filter((e) => e.charge_point_id === cp.id).map((e) => e.status)
      expect(statuses.length, cp.uid).toBeGreaterThan(0)
      expect(cp.ocpp_status, cp.uid).toBe(chargerStatus(statuses))
    }
    const sizes = await db
      .selectFrom('ev_location')
      .groupBy('entity_code')
      .select(['entity_code', (eb) => eb.fn.countAll<number | string>().as('n')])
      .execute()
    expect(Object.fromEntries(sizes.map((s) => [s.entity_code, Number(s.n)]))).toEqual({
      // 80 and SparkGrid Test Bay
      CPO: 81,
      VOLT: 40,
      BUS: 8,
    })
    const depotEvses = await db
      .selectFrom('ev_evse')
      .where('entity_code', '=', 'BUS')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(depotEvses.n) / 8).toBeGreaterThanOrEqual(12)
    await wipe(db)
    await seedEvNetwork(db, new Random(42), { now: TEST_NOW, scale: 1 })
    expect(await snapshot()).toEqual(first)
  })
})
