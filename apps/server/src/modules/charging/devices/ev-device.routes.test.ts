import type { EvDevice, EvDeviceDetail } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import type { FxCharger, World } from '../home/overview.fixtures'
import { buildWorld } from '../home/overview.fixtures'

const LIST = '/api/charging/charge-points/devices'

describe.each(DIALECTS)('EV devices on %s', (dialect) => {
  let t: TestApp
  let w: World
  const tokens: Record<string, string> = {}

  const list = async (user: string, query = '') => {
    const r = await call<{ data: { devices: EvDevice[]; count: number; count_capped: boolean } }>(
      t.app,
      'GET',
      `${LIST}${query ? `?${query}` : ''}`,
      { token: tokens[user] },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  const serials = (devices: EvDevice[]) => devices.map((d) => d.serial_number)
  const grid = () => w.chargers.filter((c) => c.entity === 'TGRID')
  const newestFirst = (a: FxCharger, b: FxCharger) => b.createdAt - a.createdAt || b.id - a.id

  beforeAll(async () => {
    t = await createTestApp(dialect)
    w = await buildWorld(t.database.db, Date.now())
    for (const user of ['tgrid', 'troam', 'tvolt']) tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  it("lists the entity's chargers newest first, with their location, heartbeat and EVSE counts", async () => {
    const data = await list('tgrid')
    expect(serials(data.devices)).toEqual(
      grid()
        .sort(newestFirst)
        .map((c) => c.serial),
    )
    expect(data).toMatchObject({ count: 4, count_capped: false })
    const cp2 = data.devices.find((d) => d.serial_number === 'GRD-0002')
    expect(cp2).toEqual({
      uid: 'fx-cp2',
      serial_number: 'GRD-0002',
      vendor: 'Kempower',
      model: 'Satellite',
      firmware_version: '1.2.3',
      protocol: 'STEVE',
      ocpp_status: 'FAULTED',
      last_heartbeat_at: w.chargers.find((c) => c.uid === 'fx-cp2')?.heartbeat,
      connectivity: 'OFFLINE',
      location: {
        uid: 'fx-grid-alpha',
        name: 'Grid Alpha Carpark',
        address: 'Grid Alpha Carpark Road 1',
        city: 'Singapore',
        postal_code: '018989',
      },
      evse_count: 1,
      connector_count: 2,
      created_at: w.chargers.find((c) => c.uid === 'fx-cp2')?.createdAt,
      updated_at: w.chargers.find((c) => c.uid === 'fx-cp2')?.createdAt,
    })
    expect(data.devices.find((d) => d.serial_number === 'GRD-0001')).toMatchObject({
      evse_count: 2,
      connector_count: 2,
      connectivity: 'ONLINE',
    })
    expect(data.devices.find((d) => d.serial_number === 'GRD-0003')).toMatchObject({
      last_heartbeat_at: null,
      connectivity: 'OFFLINE',
    })
  })

  const filters: [string, string, (c: FxCharger) => boolean][] = [
    ['search by serial', 'search=0003', (c) => c.serial === 'GRD-0003'],
    ['search by vendor, any case', 'search=kempower', (c) => c.vendor === 'Kempower'],
    ['search by model', 'search=Terra', (c) => c.model.includes('Terra')],
    ['search by location name', 'search=beta%20mall', (c) => c.locationName === 'Grid Beta Mall'],
    ['search with a LIKE wildcard matches it literally', 'search=%25', () => false],
    ['ocpp_status[] once', 'ocpp_status[]=FAULTED', (c) => c.ocpp === 'FAULTED'],
    [
      'ocpp_status[] repeated',
      'ocpp_status[]=FAULTED&ocpp_status[]=CHARGING',
      (c) => ['FAULTED', 'CHARGING'].includes(c.ocpp),
    ],
    ['ocpp_status bare key', 'ocpp_status=AVAILABLE', (c) => c.ocpp === 'AVAILABLE'],
    ['protocol[]', 'protocol[]=OCPI', (c) => c.protocol === 'OCPI'],
    [
      'protocol[] repeated',
      'protocol[]=STEVE&protocol[]=BB3_OCPP',
      (c) => ['STEVE', 'BB3_OCPP'].includes(c.protocol),
    ],
    ['online', 'connectivity=ONLINE', (c) => ['GRD-0001', 'GRD-0004'].includes(c.serial)],
    ['offline (late or never)', 'connectivity=OFFLINE', (c) => ['GRD-0002', 'GRD-0003'].includes(c.serial)],
    ['a location', 'location_uid=fx-grid-alpha', (c) => c.locationUid === 'fx-grid-alpha'],
    ["another entity's location", 'location_uid=fx-volt-hub', () => false],
    ['filters together', 'protocol[]=OCPI&connectivity=OFFLINE', (c) => c.serial === 'GRD-0003'],
  ]
  it.each(filters)('filters by %s, with its count', async (_name, query, pred) => {
    const data = await list('tgrid', query)
    const expected = grid().filter(pred).sort(newestFirst)
    expect(serials(data.devices)).toEqual(expected.map((c) => c.serial))
    expect(data.count).toBe(expected.length)
  })

  it('sorts by serial number and by the longest silence (never heard from first)', async () => {
    expect(serials((await list('tgrid', 'sort_by=serial_number')).devices)).toEqual([
      'GRD-0001',
      'GRD-0002',
      'GRD-0003',
      'GRD-0004',
    ])
    expect(serials((await list('tgrid', 'sort_by=last_heartbeat_at')).devices)).toEqual([
      'GRD-0003',
      'GRD-0002',
      'GRD-0004',
      'GRD-0001',
    ])
  })

  it('sorts each way: order_by turns the sort around, the chargers never heard from last by the latest heartbeat', async () => {
    expect(serials((await list('tgrid', 'sort_by=serial_number&order_by=desc')).devices)).toEqual([
      'GRD-0004',
      'GRD-0003',
      'GRD-0002',
      'GRD-0001',
    ])
    expect(serials((await list('tgrid', 'sort_by=last_heartbeat_at&order_by=desc')).devices)).toEqual([
      'GRD-0001',
      'GRD-0004',
      'GRD-0002',
      'GRD-0003',
    ])
    const newest = serials((await list('tgrid', '')).devices)
    expect(serials((await list('tgrid', 'sort_by=created_at&order_by=asc')).devices)).toEqual(
      [...newest].reverse(),
    )
    expect(serials((await list('tgrid', 'order_by=desc')).devices)).toEqual(newest)
  })

  it('pages with limit and offset; the count stays the whole', async () => {
    const all = serials((await list('tgrid', 'sort_by=serial_number')).devices)
    const page1 = await list('tgrid', 'sort_by=serial_number&limit=3')
    const page2 = await list('tgrid', 'sort_by=serial_number&limit=3&offset=3')
    expect([...serials(page1.devices), ...serials(page2.devices)]).toEqual(all)
    expect(page1.count).toBe(4)
    expect(page2.count).toBe(4)
    expect((await list('tgrid', 'offset=10')).devices).toEqual([])
  })

  it('shows each entity only its own chargers', async () => {
    expect(serials((await list('tvolt')).devices)).toEqual(['VLT-0001'])
    expect(await list('troam')).toEqual({ devices: [], count: 0, count_capped: false })
  })

  describe('detail', () => {
    const get = (user: string, uid: string) =>
      call<{ data: { device: EvDeviceDetail } }>(t.app, 'GET', `${LIST}/${uid}`, { token: tokens[user] })

    it('shows the charger with its EVSEs, connectors and what is plugged in right now', async () => {
      const r = await get('tgrid', 'fx-cp1')
      expect(r.status).toBe(200)
      const d = r.body.data.device
      expect(d).toMatchObject({
        uid: 'fx-cp1',
        serial_number: 'GRD-0001',
        protocol: 'OCPI',
        firmware_version: '1.2.3',
        connectivity: 'ONLINE',
        evse_count: 2,
        connector_count: 2,
        location: { uid: 'fx-grid-alpha', name: 'Grid Alpha Carpark' },
      })
      expect(d.evses.map((e) => [e.uid, e.status, e.evse_id, e.capabilities])).toEqual([
        ['fx-cp1-e1', 'AVAILABLE', 'SG*TGRID*CP1*1', ['RFID_READER', 'REMOTE_START_STOP_CAPABLE']],
        ['fx-cp1-e2', 'CHARGING', 'SG*TGRID*CP1*2', ['RFID_READER', 'REMOTE_START_STOP_CAPABLE']],
      ])
      expect(d.evses[0]?.connectors).toEqual([
        {
          uid: 'fx-cp1-e1-c1',
          connector_id: '1',
          // EVSE 1's only connector: the first in OCPP's numbering over the charger.
          ocpp_number: 1,
          standard: 'IEC_62196_T2_COMBO',
          format: 'CABLE',
          power_type: 'DC',
          max_voltage: 500,
          max_amperage: 120,
          max_electric_power: 60_000,
          tariff: null,
          // No charger has reported over OCPP yet.
          status: 'UNKNOWN',
          error_code: null,
          active_session: null,
        },
      ])
      const connectorRow = w.chargers.find((c) => c.uid === 'fx-cp1')?.evses[1]?.connectors[0]
      const active = w.sessions.find((s) => s.connectorId === connectorRow && s.status === 'ACTIVE')
      expect(active).toBeDefined()
      expect(d.evses[1]?.connectors[0]?.ocpp_number).toBe(2)
      expect(d.evses[1]?.connectors[0]?.active_session).toEqual({
        uid: active?.uid,
        status: 'ACTIVE',
        start_date_time: active?.start,
        kwh: (active?.wh ?? 0) / 1000,
      })
    })

    it('lists the recent sessions on its EVSEs, last updated first, at most 20', async () => {
      const d = (await get('tgrid', 'fx-cp4')).body.data.device
      const cp4 = w.chargers.find((c) => c.uid === 'fx-cp4')
      const on = w.sessions
        .filter((s) => cp4?.evses.some((e) => e.id === s.evseId))
        .sort((a, b) => b.lastUpdated - a.lastUpdated || b.id - a.id)
      expect(on.length).toBeGreaterThan(20)
      expect(d.recent_sessions.map((s) => s.uid)).toEqual(on.slice(0, 20).map((s) => s.uid))
      const first = on[0]
      expect(d.recent_sessions[0]).toMatchObject({
        uid: first?.uid,
        entity_code: 'TGRID',
        emsp_entity_code: first?.emsp,
        location_name: 'Grid Gamma Depot',
        evse_id: 'SG*TGRID*CP4*1',
        connector_id: '1',
        kwh: (first?.wh ?? 0) / 1000,
        total_incl_vat: (first?.totalIncl ?? 0) / 100,
        // Grid Gamma Depot is in Malaysia.
        currency: 'MYR',
      })
    })

    it("answers 404 with no data for another entity's charger and for an unknown one", async () => {
      for (const [user, uid] of [
        ['tgrid', 'fx-vcp1'],
        ['tvolt', 'fx-cp1'],
        ['troam', 'fx-cp1'],
        ['tgrid', 'no-such-charger'],
      ] as const) {
        const r = await get(user, uid)
        expect(r.status, `${user} ${uid}`).toBe(404)
        expect(Object.keys(r.body)).toEqual(['error'])
      }
    })
  })

  it.each([
    ['ocpp_status[]=BROKEN', 'query.ocpp_status[]'],
    ['protocol[]=HTTP', 'query.protocol[]'],
    ['connectivity=maybe', 'query.connectivity'],
    ['sort_by=name', 'query.sort_by'],
    ['order_by=up', 'query.order_by'],
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['offset=-1', 'query.offset'],
    [`search=${'x'.repeat(101)}`, 'query.search'],
    ['colour=red', 'query'],
  ])('400 for %s, naming %s', async (query, field) => {
    const r = await call(t.app, 'GET', `${LIST}?${query}`, { token: tokens.tgrid })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('400 for a uid that is too long', async () => {
    const r = await call(t.app, 'GET', `${LIST}/${'x'.repeat(65)}`, { token: tokens.tgrid })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain('params.uid')
  })
})
