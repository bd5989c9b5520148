import type { DashboardSession, DashboardSessionDetail } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import type { FixtureSession } from './bus-session.fixtures'
import { byLastUpdate, F0, FIXTURE_FROM, FIXTURE_TO, insertBusFixtures, MIN } from './bus-session.fixtures'

const LIST = '/api/bus/v3/dashboard/sessions'
const RANGE = `last_updated_from=${String(FIXTURE_FROM)}&last_updated_to=${String(FIXTURE_TO)}`

describe.each(DIALECTS)('busways dashboard sessions (v3) on %s', (dialect) => {
  let t: TestApp
  let fixtures: FixtureSession[]
  const tokens: Record<string, string> = {}

  const get = (user: string, url: string) => call(t.app, 'GET', url, { token: tokens[user] })
  const list = async (user: string, query = '') => {
    const r = await call<DashboardSession[]>(
      t.app,
      'GET',
      `${LIST}?${RANGE}&limit=1000${query ? `&${query}` : ''}`,
      { token: tokens[user] },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    // B §7 "response a plain array": the array is the whole body, not under `data`.
    expect(Array.isArray(r.body)).toBe(true)
    return r.body
  }
  const idsOf = (rows: DashboardSession[]) => rows.map((r) => r._id)
  const expected = (pred: (s: FixtureSession) => boolean) =>
    fixtures
      .filter(pred)
      .sort(byLastUpdate)
      .map((s) => s.uid)
  const visibleTo = (entity: string) => (s: FixtureSession) => s.entity === entity || s.emsp === entity

  beforeAll(async () => {
    t = await createTestApp(dialect)
    fixtures = await insertBusFixtures(t.database.db)
    for (const user of ['busways', 'voltnet', 'cpo', 'emsp', 'vending'])
      tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  it.each([
    ['busways', 'BUS'],
    ['voltnet', 'VOLT'],
    ['emsp', 'EMSP'],
  ])('%s sees its sessions (either side), newest update first, as a plain array', async (user, entity) => {
    const rows = await list(user)
    expect(rows.length).toBeGreaterThan(0)
    expect(idsOf(rows)).toEqual(expected(visibleTo(entity)))
  })

  it('busways never sees voltnet’s sessions, and voltnet never sees busways’', async () => {
    expect((await list('busways')).every((r) => r.entityCode === 'BUS' && r.emspEntityCode === 'BUS')).toBe(
      true,
    )
    expect((await list('voltnet')).some((r) => r.entityCode === 'BUS' || r.emspEntityCode === 'BUS')).toBe(
      false,
    )
    expect(await list('vending')).toEqual([])
  })

  it('answers the Dashboard variant fields of B §3, money in currency units', async () => {
    const [row] = await list('busways', 'external_id=BX-BUS-5')
    expect(row).toEqual({
      _id: 'bx-session-BUS-5',
      externalId: 'BX-BUS-5',
      authorizationReference: 'BXAUTH-BUS-5',
      userName: 'Driver BUS 5',
      userID: null,
      entityCode: 'BUS',
      emspEntityCode: 'BUS',
      evseId: 'SG*BUS*BX1*1',
      evseExternalId: 'BXE-BUS',
      location: 'BUS Fixture Depot',
      locationAddress: '1 Fixture Road',
      chargerType: 'DC',
      maxPowerKw: 150,
      connectorId: '1',
      connectorPhysicalReference: 'B1-1',
      state: 'COMPLETED',
      stopReason: 'VEHICLE_BATTERY_LIMIT_REACHED',
      protocol: 'OCPI',
      connectivity: 'ONLINE',
      paymentMethodCode: 'CREDIT_CARD',
      pricePerKwh: { exclVat: 0.5, inclVat: 0.545 },
      kWh: 22.935,
      costsByType: {
        energy: { exclVat: 11.47, inclVat: 12.5 },
        time: { exclVat: 0, inclVat: 0 },
        parkingTime: { exclVat: 0, inclVat: 0 },
        flat: { exclVat: 0, inclVat: 0 },
      },
      totalCost: 12.5,
      totalCostExclTax: 11.47,
      currency: 'SGD',
      startDateTime: F0 + 50 * MIN,
      // seq 5: updated 45 minutes later than the others.
      endDateTime: F0 + 50 * MIN + 50 * MIN,
      lastUpdated: F0 + 50 * MIN + 50 * MIN,
      // Charged from the start until the grace period began 40 minutes later.
      volumes: { total_time_charged_hr: 0.667 },
      licensePlate: 'SKB9012C',
      cdrToken: { entityCode: 'BUS', licensePlate: 'SKB9012C' },
      invoiceReferenceId: 'INV-BX-BUS-5',
    })
  })

  it('names the driver of a session started by a registered driver', async () => {
    const [row] = await list('voltnet', 'external_id=BX-VOLT-0')
    expect(row?.userID).toBe('bx-driver-volt-0001')
  })

  const filters: [string, string, (s: FixtureSession) => boolean][] = [
    [
      'status[] repeated',
      'status[]=ACTIVE&status[]=STOPPED',
      (s) => ['ACTIVE', 'STOPPED'].includes(s.status),
    ],
    ['status[] once', 'status[]=START_FAILURE', (s) => s.status === 'START_FAILURE'],
    ['status bare key', 'status=COMPLETED', (s) => s.status === 'COMPLETED'],
    [
      'license_plate[] repeated',
      'license_plate[]=SBS1234A&license_plate[]=SKB9012C',
      (s) => s.plate !== 'SJA5678B',
    ],
    ['license_plate[] lower case', 'license_plate[]=sja5678b', (s) => s.plate === 'SJA5678B'],
    ['external_id', 'external_id=BX-VOLT-7', (s) => s.externalId === 'BX-VOLT-7'],
    ['authorization_reference', 'authorization_reference=BXAUTH-CPO-3', (s) => s.auth === 'BXAUTH-CPO-3'],
    ['evse_external_id', 'evse_external_id=BXE-VOLT', (s) => s.evseExternal === 'BXE-VOLT'],
    [
      'evse_external_id by eMI3 evse_id',
      `evse_external_id=${encodeURIComponent('SG*CPO*BX3*1')}`,
      (s) => s.entity === 'CPO',
    ],
    ['cpo_entity_code', 'cpo_entity_code=CPO', (s) => s.entity === 'CPO'],
    ['emsp_entity_code', 'emsp_entity_code=EMSP', (s) => s.emsp === 'EMSP'],
    [
      'cpo and emsp together',
      'cpo_entity_code=VOLT&emsp_entity_code=VOLT',
      (s) => s.entity === 'VOLT' && s.emsp === 'VOLT',
    ],
    ['entity_code of the caller', 'entity_code=VOLT&round_costs=true', () => true],
    [
      'several filters at once',
      'status[]=COMPLETED&license_plate[]=SBS1234A&evse_external_id=BXE-VOLT',
      (s) => s.status === 'COMPLETED' && s.plate === 'SBS1234A' && s.entity === 'VOLT',
    ],
  ]
  it.each(filters)('voltnet filters by %s', async (_name, query, pred) => {
    const want = expected((s) => visibleTo('VOLT')(s) && pred(s))
    expect(want.length).toBeGreaterThan(0)
    expect(idsOf(await list('voltnet', query))).toEqual(want)
  })

  it('busways filters its history by status', async () => {
    const rows = await list('busways', 'status[]=STOPPED')
    expect(idsOf(rows)).toEqual(expected((s) => s.entity === 'BUS' && s.status === 'STOPPED'))
  })

  it('takes the last-update range in ms, both ends inclusive', async () => {
    const bus = fixtures.filter((s) => s.entity === 'BUS').sort(byLastUpdate)
    const from = bus[12]?.lastUpdated ?? 0
    const to = bus[3]?.lastUpdated ?? 0
    const r = await get('busways', `${LIST}?last_updated_from=${String(from)}&last_updated_to=${String(to)}`)
    expect(idsOf(r.body)).toEqual(
      expected((s) => s.entity === 'BUS' && s.lastUpdated >= from && s.lastUpdated <= to),
    )
    expect(idsOf(r.body)).toContain(bus[12]?.uid)
    expect(idsOf(r.body)).toContain(bus[3]?.uid)
    const none = await get(
      'busways',
      `${LIST}?last_updated_from=${String(to + 1)}&last_updated_to=${String(to + 1)}`,
    )
    expect(none.body).toEqual([])
  })

  it('pages with offset and limit; one row more than the page says a next page exists', async () => {
    const all = expected((s) => s.entity === 'BUS')
    expect(all).toHaveLength(25)
    const page = async (limit: number, offset: number) =>
      idsOf(
        (await get('busways', `${LIST}?${RANGE}&limit=${String(limit)}&offset=${String(offset)}`))
          .body as DashboardSession[],
      )
    // Page 1 of 20 asks for 21: the 21st row means page 2 exists.
    expect(await page(21, 0)).toEqual(all.slice(0, 21))
    // Page 2 asks for 21 and gets 5: no page 3.
    expect(await page(21, 20)).toEqual(all.slice(20, 25))
    expect(await page(21, 25)).toEqual([])
    // The default page is 20.
    expect((await get('busways', `${LIST}?${RANGE}`)).body).toHaveLength(20)
  })

  it('pages across both sides without repeats or gaps (voltnet is CPO and EMSP)', async () => {
    const all = expected(visibleTo('VOLT'))
    const seen: string[] = []
    for (let offset = 0; offset < all.length + 4; offset += 4) {
      const r = await get('voltnet', `${LIST}?${RANGE}&limit=4&offset=${String(offset)}`)
      seen.push(...idsOf(r.body))
    }
    expect(seen).toEqual(all)
  })

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=1001', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['offset=-1', 'query.offset'],
    ['last_updated_from=yesterday', 'query.last_updated_from'],
    ['last_updated_to=1.5', 'query.last_updated_to'],
    ['status[]=DONE', 'query.status[]'],
    ['status=DONE', 'query.status'],
    ['round_costs=yes', 'query.round_costs'],
    [`license_plate[]=${'X'.repeat(21)}`, 'query.license_plate[]'],
    ['colour=red', 'query.colour'],
  ])('rejects %s naming %s', async (query, field) => {
    const r = await get('busways', `${LIST}?${query}`)
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it("refuses another entity's entity_code (403)", async () => {
    const r = await get('busways', `${LIST}?entity_code=VOLT`)
    expect(r.status).toBe(403)
  })

  it('documents the list as a plain array and the detail in its envelope', async () => {
    type Doc = {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
      >
    }
    const doc = (await call<Doc>(t.app, 'GET', '/api/docs/json')).body
    const ok = (path: string) => doc.paths[path]?.get.responses['200']?.content['application/json']?.schema
    expect(ok(LIST)).toMatchObject({ type: 'array' })
    expect(ok(`${LIST}/{id}`)).toMatchObject({ type: 'object', required: ['data'] })
  })

  it('needs a token (401)', async () => {
    expect((await call(t.app, 'GET', LIST)).status).toBe(401)
    expect((await call(t.app, 'GET', `${LIST}/bx-session-BUS-0`)).status).toBe(401)
  })

  describe('one session', () => {
    const detail = (user: string, id: string) =>
      call<{ data: DashboardSessionDetail; error: { message: string } }>(
        t.app,
        'GET',
        `${LIST}/${encodeURIComponent(id)}`,
        {
          token: tokens[user],
        },
      )

    it('has its charging periods, costs by type with and without tax, energy and duration', async () => {
      const r = await detail('busways', 'bx-session-BUS-5')
      expect(r.status).toBe(200)
      const s = r.body.data
      expect(s).toMatchObject({
        _id: 'bx-session-BUS-5',
        state: 'COMPLETED',
        kWh: 22.935,
        costsByType: { energy: { exclVat: 11.47, inclVat: 12.5 } },
        totalCost: 12.5,
        totalCostExclTax: 11.47,
        locationCity: 'Singapore',
        locationPostalCode: '018989',
        operatorName: 'BUS Operator',
        tariffName: 'BUS fixture tariff',
        durationMs: 50 * MIN,
        paid: 12.5,
        refunded: 0,
        volumes: { total_time_charged_hr: 0.667 },
      })
      expect(s.chargingPeriods.map((p) => p.session_stage)).toEqual(['CHARGING', 'PARKING_GRACE'])
      expect(s.chargingPeriods[0]?.dimensions).toEqual([{ type: 'ENERGY', volume: 22.935 }])
    })

    it('runs a running session to now: no end, the duration so far', async () => {
      const r = await detail('busways', 'bx-session-BUS-2')
      expect(r.status).toBe(200)
      expect(r.body.data.state).toBe('ACTIVE')
      expect(r.body.data.endDateTime).toBeNull()
      expect(r.body.data.durationMs).toBeGreaterThan(Date.now() - F0 - 86_400_000)
    })

    it('shows a session to either side of it and to no one else (404, no data)', async () => {
      // VOLT's customer on CPO's charger: both see it.
      expect((await detail('voltnet', 'bx-session-CPO-0')).status).toBe(200)
      expect((await detail('cpo', 'bx-session-CPO-0')).status).toBe(200)
      for (const [user, id] of [
        ['busways', 'bx-session-VOLT-0'],
        ['voltnet', 'bx-session-BUS-0'],
        ['cpo', 'bx-session-BUS-0'],
        ['emsp', 'bx-session-CPO-0'],
        ['vending', 'bx-session-BUS-0'],
        ['busways', 'no-such-session'],
      ] as const) {
        const r = await detail(user, id)
        expect(r.status, `${user} ${id}`).toBe(404)
        expect(JSON.stringify(r.body)).not.toContain('Fixture')
      }
    })

    it.each([['x'.repeat(65), 'params.id']])(
      'rejects an id of 65 characters naming %s',
      async (id, field) => {
        const r = await detail('busways', id)
        expect(r.status).toBe(400)
        expect(r.body.error.message).toContain(field)
      },
    )
  })

  it('exports the history as a job with readable columns, the User beside the session, money in units', async () => {
    const job = await call(t.app, 'POST', '/api/main/exports', {
      token: tokens.busways,
      body: {
        source: 'bus-sessions',
        format: 'csv',
        filters: { last_updated_from: FIXTURE_FROM, last_updated_to: FIXTURE_TO, 'status[]': ['COMPLETED'] },
      },
    })
    expect(job.status, JSON.stringify(job.body)).toBeLessThan(300)
    const uuid = job.body.data.export_job.uuid as string
    let status = 1
    for (let i = 0; i < 200 && status === 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      status = (await get('busways', `/api/main/exports/${uuid}`)).body.data.export_job.status
    }
    expect(status).toBe(2)
    const file = await get('busways', `/api/main/exports/${uuid}/download`)
    const lines = String(file.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toMatch(
      /^Charging Session ID,User,CPO Entity Name,EMSP Entity Name,EVSE ID,Location Name,.*,Total Cost \(incl\. tax\),Total Cost \(excl\. tax\),Currency,Start Time,End Time,/,
    )
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      expected((s) => s.entity === 'BUS' && s.status === 'COMPLETED'),
    )
    expect(lines[1]).toContain('Busways Transit,Busways Transit')
    expect(lines[1]).toContain(',12.5,11.47,SGD,2020-01-')
  })

  it('refuses an export filter the list does not take, naming it', async () => {
    const r = await call(t.app, 'POST', '/api/main/exports', {
      token: tokens.busways,
      body: { source: 'bus-sessions', format: 'csv', filters: { limit: 20 } },
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain('body.filters.limit')
  })
})
