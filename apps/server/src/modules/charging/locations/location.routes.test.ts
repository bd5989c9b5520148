import type { ChargeEvseDetailData, ChargeLocation, ChargeLocationMapData } from '@portal/contract'
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config/env'
import type { Db } from '../../../db/database'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../../test-support'
import {
  insertEvChargePoint,
  insertEvConnector,
  insertEvEvse,
  insertEvLocation,
  insertEvTariff,
} from '../../../test-support/ev-fixtures'
import { parseCsv, readXlsx } from '../../exports/read-export-file'

const API = '/api/charging/charge-points'

interface ConnectorSpec {
  powerType: 'AC_1_PHASE' | 'AC_3_PHASE' | 'DC'
  kw: number
  standard?: string
  tariff?: boolean
}
interface EvseSpec {
  status: string
  connectors: ConnectorSpec[]
  capabilities?: string[]
}
interface LocationSpec {
  entity: string
  name: string
  address: string
  city: string
  postal: string
  country: string
  evses: EvseSpec[]
}

let seq = 0
/** Inserts a location with its charge point, EVSEs and connectors; returns the uids. */
async function insertLocation(db: Db, spec: LocationSpec, tariffId: number | null) {
  const n = ++seq
  const at = { created_at: TEST_NOW - n * 60_000, updated_at: TEST_NOW - n * 1000 }
  const entity_code = spec.entity
  const location = await insertEvLocation(db, {
    entity_code,
    uid: `fx-loc-${String(n)}`,
    external_id: `FXL-${String(n)}`,
    name: spec.name,
    address: spec.address,
    city: spec.city,
    postal_code: spec.postal,
    state: spec.country === 'MY' ? 'W.P. Kuala Lumpur' : '',
    country: spec.country,
    latitude: spec.country === 'MY' ? 3.1466 : 1.3 + n / 1000,
    longitude: spec.country === 'MY' ? 101.7113 : 103.8 + n / 1000,
    directions: 'Basement 2, follow the green signs',
    contact_number: '+65 6123 4567',
    parking_restrictions: JSON.stringify(['EV_ONLY', 'CUSTOMERS']),
    publish: n % 7 === 0 ? 0 : 1,
    ...at,
  })
  const cp = await insertEvChargePoint(db, {
    entity_code,
    location_id: location,
    uid: `fx-cp-${String(n)}`,
    serial_number: `SN${String(n)}`,
    firmware_version: '1.8.25',
    protocol: 'BB3_OCPP',
    last_heartbeat_at: TEST_NOW - 30_000,
    ...at,
  })
  const evseUids: string[] = []
  for (const [k, e] of spec.evses.entries()) {
    const uid = `fx-evse-${String(n)}-${String(k + 1)}`
    evseUids.push(uid)
    const evse = await insertEvEvse(db, {
      entity_code,
      location_id: location,
      uid,
      evse_id: `SG*FX*E${String(n)}*${String(k + 1)}`,
      charge_point_id: cp,
      external_id: `FXE-${String(n)}-${String(k + 1)}`,
      status: e.status,
      physical_reference: `A${String(k + 1)}`,
      directions: `Lot A${String(k + 1)}`,
      instructions: 'Tap to start',
      protocol: 'BB3_OCPP',
      capabilities: JSON.stringify(e.capabilities ?? ['RFID_READER', 'REMOTE_START_STOP_CAPABLE']),
      parking_restrictions: JSON.stringify(k === 0 ? ['DISABLED'] : []),
      floor_level: 'B2',
      ...at,
    })
    for (const [c, conn] of e.connectors.entries()) {
      await insertEvConnector(db, {
        entity_code,
        location_id: location,
        evse_ref: evse,
        uid: `fx-conn-${String(n)}-${String(k + 1)}-${String(c + 1)}`,
        connector_id: String(c + 1),
        standard: conn.standard ?? (conn.powerType === 'DC' ? 'IEC_62196_T2_COMBO' : 'IEC_62196_T2'),
        format: conn.powerType === 'DC' ? 'CABLE' : 'SOCKET',
        power_type: conn.powerType,
        max_voltage: conn.powerType === 'DC' ? 920 : conn.powerType === 'AC_3_PHASE' ? 400 : 230,
        max_amperage: 32,
        max_electric_power: Math.round(conn.kw * 1000),
        tariff_id: conn.tariff ? tariffId : null,
        ...at,
      })
    }
  }
  return { uid: `fx-loc-${String(n)}`, evses: evseUids }
}

const ac22 = (tariff = false): ConnectorSpec => ({ powerType: 'AC_3_PHASE', kw: 22, tariff })
const ac7 = (): ConnectorSpec => ({ powerType: 'AC_1_PHASE', kw: 7.4 })
const dc = (kw: number, standard?: string): ConnectorSpec => ({
  powerType: 'DC',
  kw,
  ...(standard ? { standard } : {}),
})

/** CPO's fixture network (the names sort in this order), one VOLT location and one BUS depot. */
const CPO_LOCATIONS: LocationSpec[] = [
  {
    entity: 'CPO',
    name: 'Alpha Mall',
    address: '4 Tampines Central 5, Singapore 529510',
    city: 'Singapore',
    postal: '529510',
    country: 'SG',
    evses: [
      { status: 'AVAILABLE', connectors: [ac22(true)] },
      { status: 'CHARGING', connectors: [dc(50), dc(50, 'CHADEMO')] },
    ],
  },
  {
    entity: 'CPO',
    name: 'Bravo Car Park',
    address: 'Blk 123 Ang Mo Kio Ave 3, Singapore 560123',
    city: 'Singapore',
    postal: '560123',
    country: 'SG',
    evses: [{ status: 'OUTOFORDER', connectors: [ac7()] }],
  },
  {
    entity: 'CPO',
    name: 'Charlie Hub',
    address: '88 Jalan Bukit Bintang, 55100 Kuala Lumpur',
    city: 'Kuala Lumpur',
    postal: '55100',
    country: 'MY',
    evses: [
      { status: 'AVAILABLE', connectors: [dc(150)] },
      { status: 'RESERVED', connectors: [dc(350)] },
    ],
  },
  {
    entity: 'CPO',
    name: 'delta tower',
    address: '1 Raffles Quay, Singapore 048583',
    city: 'Singapore',
    postal: '048583',
    country: 'SG',
    evses: [],
  },
  {
    entity: 'CPO',
    name: 'Echo_Plaza 100%',
    address: '3 Orchard Rd, Singapore 238801',
    city: 'Singapore',
    postal: '238801',
    country: 'SG',
    evses: [{ status: 'UNKNOWN', connectors: [ac22()] }],
  },
  ...Array.from({ length: 25 }, (_, i): LocationSpec => ({
    entity: 'CPO',
    name: `Zulu Park ${String(i + 1).padStart(2, '0')}`,
    address: `${String(i + 1)} Woodlands Ave 6, Singapore 73${String(i).padStart(4, '0')}`,
    city: 'Singapore',
    postal: `73${String(i).padStart(4, '0')}`,
    country: 'SG',
    evses: [{ status: 'AVAILABLE', connectors: [{ powerType: 'AC_3_PHASE', kw: 11 }] }],
  })),
]
const NAMES = CPO_LOCATIONS.map((l) => l.name)
const ZULU = NAMES.filter((n) => n.startsWith('Zulu'))

describe('the map tiles setting (decision 0021)', () => {
  it('defaults to OpenStreetMap, can point elsewhere, and can be turned off with an empty value', () => {
    expect(loadConfig({})).toMatchObject({
      mapTileUrl: DEFAULT_MAP_TILE_URL,
      mapTileAttribution: DEFAULT_MAP_TILE_ATTRIBUTION,
    })
    expect(
      loadConfig({
        PORTAL_MAP_TILE_URL: 'https://tiles.example.sg/{z}/{x}/{y}.png',
        PORTAL_MAP_TILE_ATTRIBUTION: '© Example',
      }),
    ).toMatchObject({
      mapTileUrl: 'https://tiles.example.sg/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example',
    })
    expect(loadConfig({ PORTAL_MAP_TILE_URL: '' }).mapTileUrl).toBe('')
  })
})

describe.each(DIALECTS)('charge locations on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const uids: Record<string, { uid: string; evses: string[] }> = {}

  const get = (user: string, path: string) => call(t.app, 'GET', `${API}${path}`, { token: tokens[user] })
  const list = async (user: string, entity: string, query = '') => {
    const r = await call<{ data: { locations: ChargeLocation[] } }>(
      t.app,
      'GET',
      `${API}/${entity}/locations?limit=200${query ? `&${query}` : ''}`,
      { token: tokens[user] },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.locations
  }
  const count = async (user: string, entity: string, query = '') => {
    const r = await call(t.app, 'GET', `${API}/${entity}/locations/count${query ? `?${query}` : ''}`, {
      token: tokens[user],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.location_count as number
  }
  const namesOf = (rows: { name: string }[]) => rows.map((r) => r.name)

  beforeAll(async () => {
    seq = 0
    t = await createTestApp(dialect)
    const db = t.database.db
    // The demo network is replaced by the fixtures, so every expectation is exact.
    for (const table of [
      'ev_session_refund',
      'ev_session',
      'ev_connector',
      'ev_evse',
      'ev_charge_point',
      'ev_location',
    ] as const)
      await db.deleteFrom(table).execute()
    const tariff = await insertEvTariff(db, {
      entity_code: 'CPO',
      uid: 'fx-tariff-ac',
      external_id: 'CPO-AC-FX',
      name: 'Fixture AC tariff',
      created_at: TEST_NOW,
    })
    for (const spec of CPO_LOCATIONS) uids[spec.name] = await insertLocation(db, spec, tariff)
    uids['Volt Alpha Mall'] = await insertLocation(
      db,
      {
        entity: 'VOLT',
        name: 'Alpha Mall',
        address: '9 Jurong Gateway Rd, Singapore 608549',
        city: 'Singapore',
        postal: '608549',
        country: 'SG',
        evses: [{ status: 'AVAILABLE', connectors: [dc(100)] }],
      },
      null,
    )
    uids['Bus Depot'] = await insertLocation(
      db,
      {
        entity: 'BUS',
        name: 'Busways Ulu Pandan Depot',
        address: '10 Ulu Pandan Rd, Singapore 596321',
        city: 'Singapore',
        postal: '596321',
        country: 'SG',
        evses: [{ status: 'CHARGING', connectors: [dc(150)] }],
      },
      null,
    )
    for (const user of ['cpo', 'voltnet', 'busways', 'vending']) tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  it('lists the caller’s locations by name, each with its EVSEs and connectors', async () => {
    const rows = await list('cpo', 'CPO')
    expect(namesOf(rows)).toEqual(NAMES)
    expect(rows.find((r) => r.name === 'Charlie Hub')?.evses.map((e) => e.status)).toEqual([
      'AVAILABLE',
      'RESERVED',
    ])
    expect(rows.find((r) => r.name === 'delta tower')?.evses).toEqual([])
  })

  it('returns the OCPI shape with the list’s summary', async () => {
    const [alpha] = await list('cpo', 'CPO', 'name=Alpha')
    expect(alpha).toMatchObject({
      uid: uids['Alpha Mall']?.uid,
      entity_code: 'CPO',
      name: 'Alpha Mall',
      address: '4 Tampines Central 5, Singapore 529510',
      city: 'Singapore',
      postal_code: '529510',
      country: 'SG',
      parking_restrictions: ['EV_ONLY', 'CUSTOMERS'],
      publish: true,
      time_zone: 'Asia/Singapore',
      summary: {
        evse_count: 2,
        evse_status_counts: { AVAILABLE: 1, CHARGING: 1 },
        connector_count: 3,
        max_power_kw: 50,
        power_types: ['AC_3_PHASE', 'DC'],
      },
    })
    expect(typeof alpha?.coordinates.latitude).toBe('number')
    const [ac, dcEvse] = alpha?.evses ?? []
    expect(ac).toMatchObject({
      evse_id: 'SG*FX*E1*1',
      status: 'AVAILABLE',
      physical_reference: 'A1',
      floor_level: 'B2',
      protocol: 'BB3_OCPP',
      capabilities: ['RFID_READER', 'REMOTE_START_STOP_CAPABLE'],
      parking_restrictions: ['DISABLED'],
      charge_point: { vendor: 'ABB', model: 'Terra 54', ocpp_status: 'AVAILABLE' },
    })
    expect(ac?.connectors).toEqual([
      expect.objectContaining({
        id: '1',
        standard: 'IEC_62196_T2',
        format: 'SOCKET',
        power_type: 'AC_3_PHASE',
        max_voltage: 400,
        max_amperage: 32,
        max_electric_power: 22_000,
        max_power_kw: 22,
        tariff_ids: ['CPO-AC-FX'],
        tariff: { uid: 'fx-tariff-ac', external_id: 'CPO-AC-FX', name: 'Fixture AC tariff', currency: 'SGD' },
      }),
    ])
    expect(dcEvse?.connectors.map((c) => [c.id, c.standard, c.tariff])).toEqual([
      ['1', 'IEC_62196_T2_COMBO', null],
      ['2', 'CHADEMO', null],
    ])
  })

  const FILTERS: [string, string, string[]][] = [
    ['name, any case', 'name=aLpHa', ['Alpha Mall']],
    ['name, lower-case name', 'name=DELTA', ['delta tower']],
    ['name with a literal %', 'name=100%25', ['Echo_Plaza 100%']],
    ['name with a literal _', 'name=o_p', ['Echo_Plaza 100%']],
    ['address', 'address=ang%20mo%20kio', ['Bravo Car Park']],
    ['postal_code, contains', 'postal_code=5295', ['Alpha Mall']],
    ['city', 'city=kuala', ['Charlie Hub']],
    ['country', 'country=MY', ['Charlie Hub']],
    ['country, lower case', 'country=my', ['Charlie Hub']],
    ['country SG', 'country=SG', NAMES.filter((n) => n !== 'Charlie Hub')],
    ['evse_status[] once', 'evse_status[]=OUTOFORDER', ['Bravo Car Park']],
    [
      'evse_status[] repeated',
      'evse_status[]=RESERVED&evse_status[]=OUTOFORDER',
      ['Bravo Car Park', 'Charlie Hub'],
    ],
    ['evse_status bare key', 'evse_status=UNKNOWN', ['Echo_Plaza 100%']],
    ['evse_status, any EVSE of the location', 'evse_status[]=CHARGING', ['Alpha Mall']],
    ['connector_power_type DC', 'connector_power_type=DC', ['Alpha Mall', 'Charlie Hub']],
    ['connector_power_type AC_1_PHASE', 'connector_power_type=AC_1_PHASE', ['Bravo Car Park']],
    ['connector_power_type ALL is no filter', 'connector_power_type=ALL', NAMES],
    ['connector_max_power_lower', 'connector_max_power_lower=100', ['Charlie Hub']],
    ['connector_max_power_upper', 'connector_max_power_upper=8', ['Bravo Car Park']],
    [
      'power range, both ends inclusive',
      'connector_max_power_lower=22&connector_max_power_upper=22',
      ['Alpha Mall', 'Echo_Plaza 100%'],
    ],
    ['power in decimals', 'connector_max_power_lower=7.4&connector_max_power_upper=7.4', ['Bravo Car Park']],
    [
      'power range and type on the same connector',
      'connector_max_power_lower=40&connector_max_power_upper=60&connector_power_type=AC_3_PHASE',
      [],
    ],
    [
      'power range and type, DC',
      'connector_max_power_lower=40&connector_max_power_upper=60&connector_power_type=DC',
      ['Alpha Mall'],
    ],
    [
      'filters combine',
      'country=SG&evse_status[]=AVAILABLE&city=singapore&name=zulu%20park%200',
      ZULU.slice(0, 9),
    ],
    ['empty values are no filter', 'name=&address=&city=&connector_max_power_lower=', NAMES],
    ['entity_code of the caller and is_dashboard', 'entity_code=CPO&is_dashboard=true', NAMES],
    ['no match', 'name=nowhere', []],
  ]

  it.each(FILTERS)('filters by %s; the count agrees', async (_name, query, expected) => {
    expect(namesOf(await list('cpo', 'CPO', query))).toEqual(expected)
    expect(await count('cpo', 'CPO', query)).toBe(expected.length)
  })

  it('pages 20 at a time with limit and offset; the count ignores paging', async () => {
    const page = async (q: string) =>
      namesOf(
        (await call(t.app, 'GET', `${API}/CPO/locations?${q}`, { token: tokens.cpo })).body.data
          .locations as ChargeLocation[],
      )
    expect(await page('')).toEqual(NAMES.slice(0, 20))
    expect(await page('limit=20&offset=20')).toEqual(NAMES.slice(20, 40))
    expect(await page('limit=7&offset=28')).toEqual(NAMES.slice(28))
    expect(await page('limit=20&offset=40')).toEqual([])
    expect(await count('cpo', 'CPO', 'limit=20&offset=20')).toBe(NAMES.length)
  })

  it('shows each entity its own network only', async () => {
    expect(namesOf(await list('voltnet', 'VOLT'))).toEqual(['Alpha Mall'])
    expect((await list('voltnet', 'VOLT'))[0]?.uid).toBe(uids['Volt Alpha Mall']?.uid)
    expect(namesOf(await list('busways', 'BUS'))).toEqual(['Busways Ulu Pandan Depot'])
    expect(await list('vending', 'VEND')).toEqual([])
    expect(await count('vending', 'VEND')).toBe(0)
  })

  it.each([
    ['/VOLT/locations', 'list'],
    ['/VOLT/locations/count', 'count'],
    ['/VOLT/locations/map', 'map'],
  ])('answers 404 for another entity’s network (%s)', async (path) => {
    const r = await get('cpo', path)
    expect(r.status).toBe(404)
    expect(Object.keys(r.body as object)).toEqual(['error'])
  })

  it('refuses another entity’s entity_code in the query (403)', async () => {
    for (const path of ['/CPO/locations', '/CPO/locations/count', '/CPO/locations/map']) {
      const r = await get('cpo', `${path}?entity_code=VOLT`)
      expect(r.status, path).toBe(403)
    }
  })

  it('gives the portal the map tile URL in the runtime config', async () => {
    const r = await call(t.app, 'GET', '/api/config')
    expect(r.body).toMatchObject({
      map_tile_url: DEFAULT_MAP_TILE_URL,
      map_tile_attribution: DEFAULT_MAP_TILE_ATTRIBUTION,
    })
  })

  it('needs a token (401)', async () => {
    expect((await call(t.app, 'GET', `${API}/CPO/locations`)).status).toBe(401)
  })

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=201', 'query.limit'],
    ['offset=-5', 'query.offset'],
    ['country=SGP', 'query.country'],
    ['evse_status[]=BROKEN', 'query.evse_status[]'],
    ['evse_status=FREE', 'query.evse_status'],
    ['connector_max_power_lower=fast', 'query.connector_max_power_lower'],
    ['connector_max_power_upper=-1', 'query.connector_max_power_upper'],
    ['connector_max_power_lower=150&connector_max_power_upper=50', 'query.connector_max_power_lower'],
    ['connector_power_type=AC', 'query.connector_power_type'],
    ['is_dashboard=yes', 'query.is_dashboard'],
    ['colour=red', 'query.colour'],
  ])('rejects %s naming %s', async (query, field) => {
    for (const path of ['/CPO/locations', '/CPO/locations/count', '/CPO/locations/map']) {
      if (path !== '/CPO/locations' && query.startsWith('limit=')) continue
      const r = await get('cpo', `${path}?${query}`)
      expect(r.status, path).toBe(400)
      expect(r.body.error.message, path).toContain(field)
    }
  })

  it('shows one location with its EVSEs, connectors, charge points and tariffs', async () => {
    const uid = uids['Alpha Mall']?.uid ?? ''
    const r = await get('cpo', `/CPO/locations/${uid}`)
    expect(r.status).toBe(200)
    const location = r.body.data.location as ChargeLocation
    expect(location.name).toBe('Alpha Mall')
    expect(location.evses).toHaveLength(2)
    expect(location.evses[0]?.connectors[0]?.tariff?.name).toBe('Fixture AC tariff')
    expect(location.summary.evse_status_counts).toEqual({ AVAILABLE: 1, CHARGING: 1 })
  })

  it('shows one EVSE with its location, charge point and connectors', async () => {
    const loc = uids['Alpha Mall']
    const r = await get('cpo', `/CPO/locations/${loc?.uid ?? ''}/evses/${loc?.evses[1] ?? ''}`)
    expect(r.status).toBe(200)
    const data = r.body.data as ChargeEvseDetailData
    expect(data.location).toMatchObject({ uid: loc?.uid, name: 'Alpha Mall' })
    expect(data.location).not.toHaveProperty('evses')
    expect(data.evse).toMatchObject({
      uid: loc?.evses[1],
      status: 'CHARGING',
      physical_reference: 'A2',
      directions: 'Lot A2',
      instructions: 'Tap to start',
      charge_point: { serial_number: expect.stringMatching(/^SN/), firmware_version: '1.8.25' },
    })
    expect(data.evse.connectors.map((c) => [c.standard, c.max_power_kw])).toEqual([
      ['IEC_62196_T2_COMBO', 50],
      ['CHADEMO', 50],
    ])
  })

  it('answers 404 with no data for another entity’s or an unknown location or EVSE', async () => {
    const volt = uids['Volt Alpha Mall']
    const alpha = uids['Alpha Mall']
    const bravo = uids['Bravo Car Park']
    const cases = [
      `/CPO/locations/${volt?.uid ?? ''}`,
      `/VOLT/locations/${volt?.uid ?? ''}`,
      `/CPO/locations/no-such-location`,
      `/CPO/locations/${volt?.uid ?? ''}/evses/${volt?.evses[0] ?? ''}`,
      `/VOLT/locations/${volt?.uid ?? ''}/evses/${volt?.evses[0] ?? ''}`,
      // An EVSE of the caller's, but under another of its locations.
      `/CPO/locations/${alpha?.uid ?? ''}/evses/${bravo?.evses[0] ?? ''}`,
      `/CPO/locations/${alpha?.uid ?? ''}/evses/no-such-evse`,
    ]
    for (const path of cases) {
      const r = await get('cpo', path)
      expect(r.status, path).toBe(404)
      expect(Object.keys(r.body as object), path).toEqual(['error'])
    }
    expect((await get('voltnet', `/VOLT/locations/${volt?.uid ?? ''}`)).status).toBe(200)
  })

  it('gives the map the filtered locations as pins with their EVSEs per status', async () => {
    const r = await get('cpo', '/CPO/locations/map?connector_power_type=DC')
    expect(r.status).toBe(200)
    const data = r.body.data as ChargeLocationMapData
    expect(data.truncated).toBe(false)
    expect(data.pins.map((p) => p.name)).toEqual(['Alpha Mall', 'Charlie Hub'])
    expect(data.pins[1]).toMatchObject({
      uid: uids['Charlie Hub']?.uid,
      latitude: 3.1466,
      longitude: 101.7113,
      evse_status_counts: { AVAILABLE: 1, RESERVED: 1 },
    })
    const all = (await get('cpo', '/CPO/locations/map')).body.data as ChargeLocationMapData
    expect(all.pins).toHaveLength(NAMES.length)
    expect(all.pins.find((p) => p.name === 'delta tower')?.evse_status_counts).toEqual({})
  })

  const exportFile = async (user: string, format: 'csv' | 'xlsx', filters: Record<string, unknown>) => {
    const job = await call(t.app, 'POST', '/api/main/exports', {
      token: tokens[user],
      body: { source: 'charge-location-connectors', format, filters },
    })
    expect(job.status, JSON.stringify(job.body)).toBeLessThan(300)
    const uuid = job.body.data.export_job.uuid as string
    let status = 1
    for (let i = 0; i < 200 && status === 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      status = (await call(t.app, 'GET', `/api/main/exports/${uuid}`, { token: tokens[user] })).body.data
        .export_job.status
    }
    expect(status).toBe(2)
    return call(t.app, 'GET', `/api/main/exports/${uuid}/download`, { token: tokens[user] })
  }

  const EXPORT_COLUMNS =
    'connector_uid, connector_id, evse_uid, evse_id, evse_external_id, location_uid, location_external_id, location_name, location_entity_code, location_address, location_city, location_postal_code, location_state, location_country, location_latitude, location_longitude, location_directions, location_contact_number, location_parking_restrictions, location_publish, evse_status, evse_physical_reference, evse_directions, evse_instructions, evse_protocol, evse_capabilities, evse_parking_restrictions, evse_floor_level, connector_standard, connector_format, connector_power_type, connector_max_voltage, connector_max_amperage, connector_max_electric_power, connector_updated_at, connector_created_at'.split(
      ', ',
    )

  it('exports one row per connector of the filtered locations, with B §3’s columns in order', async () => {
    const file = await exportFile('cpo', 'csv', {
      'evse_status[]': ['AVAILABLE', 'CHARGING'],
      connector_max_power_lower: 20,
      entity_code: 'CPO',
    })
    const [header, ...rows] = parseCsv(file.response.body)
    expect(header).toEqual(EXPORT_COLUMNS)
    const col = (name: string) => EXPORT_COLUMNS.indexOf(name)
    // Alpha Mall (3 connectors, in EVSE and connector order) and Charlie Hub (2): the locations with a 20 kW+
    // connector and an AVAILABLE or CHARGING EVSE. Every connector of a matching location is written.
    expect(
      rows.map((r) => [r[col('location_name')], r[col('evse_status')], r[col('connector_standard')]]),
    ).toEqual([
      ['Alpha Mall', 'AVAILABLE', 'IEC_62196_T2'],
      ['Alpha Mall', 'CHARGING', 'IEC_62196_T2_COMBO'],
      ['Alpha Mall', 'CHARGING', 'CHADEMO'],
      ['Charlie Hub', 'AVAILABLE', 'IEC_62196_T2_COMBO'],
      ['Charlie Hub', 'RESERVED', 'IEC_62196_T2_COMBO'],
    ])
    const first = rows[0] ?? []
    expect(first[col('connector_uid')]).toBe('fx-conn-1-1-1')
    expect(first[col('connector_id')]).toBe('1')
    expect(first[col('evse_id')]).toBe('SG*FX*E1*1')
    expect(first[col('location_entity_code')]).toBe('CPO')
    expect(first[col('location_parking_restrictions')]).toBe('EV_ONLY, CUSTOMERS')
    expect(first[col('location_publish')]).toBe('true')
    expect(first[col('evse_capabilities')]).toBe('RFID_READER, REMOTE_START_STOP_CAPABLE')
    expect(first[col('evse_parking_restrictions')]).toBe('DISABLED')
    expect(first[col('connector_max_electric_power')]).toBe('22000')
    expect(first[col('connector_max_voltage')]).toBe('400')
    expect(first[col('connector_created_at')]).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/)
    expect(Number(first[col('location_latitude')])).toBeCloseTo(1.301, 6)
  })

  it('exports as xlsx too, and only the caller’s connectors', async () => {
    const file = await exportFile('voltnet', 'xlsx', {})
    const book = readXlsx(new Uint8Array(file.response.rawPayload))
    const [header, ...rows] = book.rows[0] ?? []
    expect(header).toEqual(EXPORT_COLUMNS)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.[EXPORT_COLUMNS.indexOf('location_entity_code')]).toBe('VOLT')
    expect(rows[0]?.[EXPORT_COLUMNS.indexOf('connector_max_electric_power')]).toBe(100_000)
  })

  it('refuses an export with bad filters or another entity’s code', async () => {
    const bad = await call(t.app, 'POST', '/api/main/exports', {
      token: tokens.cpo,
      body: { source: 'charge-location-connectors', format: 'csv', filters: { connector_power_type: 'AC' } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('connector_power_type')
    const job = await call(t.app, 'POST', '/api/main/exports', {
      token: tokens.cpo,
      body: { source: 'charge-location-connectors', format: 'csv', filters: { entity_code: 'VOLT' } },
    })
    // The job is accepted (the filters are well formed) and the runner fails it: never a file of VOLT's connectors.
    expect(job.status).toBeLessThan(300)
    const uuid = job.body.data.export_job.uuid as string
    let status = 1
    for (let i = 0; i < 200 && status === 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      status = (await call(t.app, 'GET', `/api/main/exports/${uuid}`, { token: tokens.cpo })).body.data
        .export_job.status
    }
    expect(status).toBe(3)
  })
})
