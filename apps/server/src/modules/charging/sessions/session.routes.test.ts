import type { EvSession, EvSessionDetail } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../db/database'
import type { TestApp } from '../../../test-support'
import { DC_CCS, energyCost, insertEvSession, insertEvSite } from '../../../test-support/ev-fixtures'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import { utc8Day } from './session.service'

const LIST = '/api/charging/charging-sessions/sessions'
/**
 * The fixture sessions live in January 2020, far from the seeded 90 days before TEST_NOW, so a date range around F0
 * shows only them whatever the demo seed holds.
 */
const F0 = Date.UTC(2020, 0, 10, 2, 0, 0)
const MIN = 60_000
const RANGE = `last_updated_from=${String(F0 - 1)}&last_updated_to=${String(F0 + 86_400_000)}`
const STATUSES = ['COMPLETED', 'ACTIVE', 'STOPPED', 'START_FAILURE'] as const
const PLATES = ['SGX1234A', 'SJA5678B', 'SKB9012C'] as const

interface FixtureSession {
  uid: string
  entity: string
  emsp: string
  status: string
  plate: string
  lastUpdated: number
  externalId: string
  auth: string
  evseExternal: string
  paid: number
}

/** A charger of an entity: one location, one EVSE, one connector, one tariff. */
const charger = (db: Db, entity: string, n: number) =>
  insertEvSite(db, {
    entity,
    key: `fx-${entity}`,
    at: F0,
    tariff: { external_id: `FXT-${entity}`, name: `${entity} fixture tariff` },
    location: {
      name: `${entity} Fixture Carpark`,
      address: `${String(n)} Fixture Road`,
      latitude: 1.28,
      longitude: 103.85,
      contact_number: '+65 6000 0000',
    },
    evse: {
      evse_id: `SG*${entity}*E${String(n)}*1`,
      external_id: `FXE-${entity}`,
      physical_reference: `F${String(n)}`,
    },
    connector: { ...DC_CCS, max_voltage: 500, max_amperage: 120, max_electric_power: 60_000 },
  })

async function insertFixtures(db: Db): Promise<FixtureSession[]> {
  const chargers = {
    CPO: await charger(db, 'CPO', 1),
    VOLT: await charger(db, 'VOLT', 2),
    BUS: await charger(db, 'BUS', 3),
  }
  const plan: [keyof typeof chargers, string[], number][] = [
    ['CPO', ['EMSP', 'CPO', 'VOLT'], 30],
    ['VOLT', ['VOLT', 'EMSP'], 10],
    ['BUS', ['BUS'], 3],
  ]
  const out: FixtureSession[] = []
  let i = 0
  for (const [entity, emsps, count] of plan) {
    const c = chargers[entity]
    for (let k = 0; k < count; k++, i++) {
      const status = STATUSES[k % STATUSES.length] ?? 'COMPLETED'
      const paid = status === 'COMPLETED' ? 1250 : 0
      const s: FixtureSession = {
        uid: `fx-session-${entity}-${String(k)}`,
        entity,
        emsp: emsps[k % emsps.length] ?? entity,
        status,
        plate: PLATES[k % PLATES.length] ?? 'SGX1234A',
        lastUpdated: F0 + i * MIN,
        externalId: `FX-${entity}-${String(k)}`,
        auth: `AUTH-${entity}-${String(k)}`,
        evseExternal: `FXE-${entity}`,
        paid,
      }
      out.push(s)
      const start = s.lastUpdated - 50 * MIN
      await insertEvSession(db, c, {
        uid: s.uid,
        external_id: s.externalId,
        authorization_reference: s.auth,
        emsp_entity_code: s.emsp,
        user_name: `Driver ${String(k)}`,
        status,
        stop_reason:
          status === 'START_FAILURE' ? 'CHARGER_FAILURE' : status === 'ACTIVE' ? null : 'REMOTE_STOP',
        license_plate: s.plate,
        energy_wh: 22_935,
        ...energyCost(1147, 1250),
        paid_amount: paid,
        invoice_reference_id: paid > 0 ? `INV-${s.externalId}` : null,
        charging_periods: JSON.stringify([
          {
            start_date_time: start,
            dimensions: [{ type: 'ENERGY', volume: 22.935 }],
            session_stage: 'CHARGING',
          },
          {
            start_date_time: start + 40 * MIN,
            dimensions: [{ type: 'TIME', volume: 0.1 }],
            session_stage: 'PARKING_GRACE',
          },
        ]),
        start_date_time: start,
        end_date_time: status === 'ACTIVE' ? null : s.lastUpdated,
        last_updated: s.lastUpdated,
      })
    }
  }
  return out
}

describe.each(DIALECTS)('charging sessions on %s', (dialect) => {
  let t: TestApp
  let fixtures: FixtureSession[]
  const tokens: Record<string, string> = {}

  const list = async (user: string, query = '') => {
    const r = await call<{ data: { sessions: EvSession[] } }>(
      t.app,
      'GET',
      `${LIST}?${RANGE}&limit=1000${query ? `&${query}` : ''}`,
      { token: tokens[user] },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.sessions
  }
  const uidsOf = (rows: { uid: string }[]) => rows.map((r) => r.uid)
  const expected = (pred: (s: FixtureSession) => boolean) =>
    fixtures
      .filter(pred)
      .sort((a, b) => b.lastUpdated - a.lastUpdated)
      .map((s) => s.uid)

  beforeAll(async () => {
    t = await createTestApp(dialect)
    fixtures = await insertFixtures(t.database.db)
    for (const user of ['cpo', 'emsp', 'voltnet', 'busways', 'vending'])
      tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  it.each([
    ['cpo', (s: FixtureSession) => s.entity === 'CPO' || s.emsp === 'CPO'],
    ['emsp', (s: FixtureSession) => s.entity === 'EMSP' || s.emsp === 'EMSP'],
    ['voltnet', (s: FixtureSession) => s.entity === 'VOLT' || s.emsp === 'VOLT'],
    ['busways', (s: FixtureSession) => s.entity === 'BUS' || s.emsp === 'BUS'],
  ])('%s sees its sessions as CPO or EMSP, newest update first, each once', async (user, pred) => {
    const rows = await list(user)
    expect(uidsOf(rows)).toEqual(expected(pred))
    expect(rows.length).toBeGreaterThan(0)
  })

  it('another entity sees none of them', async () => {
    expect(await list('vending')).toEqual([])
  })

  it('returns the CPO view fields of B §3, money in currency units', async () => {
    const [row] = await list('cpo', 'external_id=FX-CPO-0')
    expect(row).toMatchObject({
      uid: 'fx-session-CPO-0',
      external_id: 'FX-CPO-0',
      entity_code: 'CPO',
      emsp_entity_code: 'EMSP',
      evse_id: 'SG*CPO*E1*1',
      location: { name: 'CPO Fixture Carpark', address: '1 Fixture Road' },
      connector_id: '1',
      connector_physical_reference: 'F1-1',
      power_type: 'DC',
      max_power_kw: 60,
      status: 'COMPLETED',
      stop_reason: 'REMOTE_STOP',
      protocol: 'OCPI',
      payment_method_code: 'APP',
      tariff: { price_per_kwh: { excl_vat: 0.5, incl_vat: 0.545 } },
      kwh: 22.935,
      costs_by_type: {
        energy: { excl_vat: 11.47, incl_vat: 12.5 },
        parking_time: { excl_vat: 0, incl_vat: 0 },
        time: { excl_vat: 0, incl_vat: 0 },
        flat: { excl_vat: 0, incl_vat: 0 },
      },
      total_cost: { excl_vat: 11.47, incl_vat: 12.5 },
      currency: 'SGD',
      license_plate: 'SGX1234A',
      cdr_token: { entity_code: 'EMSP', license_plate: 'SGX1234A' },
      operator: { name: 'CPO Operator' },
      internal_user_id: { name: 'Driver 0' },
      payment_transaction: { invoiceReferenceId: 'INV-FX-CPO-0' },
    })
    expect(row?.location.evses[0]?.connectors[0]?.max_electric_power).toBe(60_000)
    expect(row?.charging_periods.map((p) => p.session_stage)).toEqual(['CHARGING', 'PARKING_GRACE'])
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
      'license_plate[]=SGX1234A&license_plate[]=SKB9012C',
      (s) => s.plate !== 'SJA5678B',
    ],
    ['license_plate[] lower case', 'license_plate[]=sja5678b', (s) => s.plate === 'SJA5678B'],
    ['external_id', 'external_id=FX-CPO-7', (s) => s.externalId === 'FX-CPO-7'],
    ['authorization_reference', 'authorization_reference=AUTH-CPO-3', (s) => s.auth === 'AUTH-CPO-3'],
    ['evse_external_id', 'evse_external_id=FXE-CPO', (s) => s.evseExternal === 'FXE-CPO'],
    [
      'evse_external_id by eMI3 evse_id',
      `evse_external_id=${encodeURIComponent('SG*CPO*E1*1')}`,
      (s) => s.entity === 'CPO',
    ],
    ['emsp_entity_code', 'emsp_entity_code=EMSP', (s) => s.emsp === 'EMSP'],
    ['cpo_entity_code', 'cpo_entity_code=CPO', (s) => s.entity === 'CPO'],
    [
      'cpo and emsp together',
      'cpo_entity_code=CPO&emsp_entity_code=VOLT',
      (s) => s.entity === 'CPO' && s.emsp === 'VOLT',
    ],
    ['entity_code of the caller', 'entity_code=VOLT', () => true],
  ]
  it.each(filters)('voltnet filters by %s', async (_name, query, pred) => {
    const visible = (s: FixtureSession) => s.entity === 'VOLT' || s.emsp === 'VOLT'
    expect(uidsOf(await list('voltnet', query))).toEqual(expected((s) => visible(s) && pred(s)))
  })

  it('cpo_entity_code of a partner shows the sessions its customers charged elsewhere', async () => {
    // VOLT's customers charged on CPO's chargers: VOLT sees them when narrowing to CPO as the charge point operator.
    const rows = await list('voltnet', 'cpo_entity_code=CPO')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.entity_code === 'CPO' && r.emsp_entity_code === 'VOLT')).toBe(true)
  })

  it('takes the date range in ms, both ends inclusive', async () => {
    const from = F0 + 5 * MIN
    const to = F0 + 9 * MIN
    const r = await call(
      t.app,
      'GET',
      `${LIST}?last_updated_from=${String(from)}&last_updated_to=${String(to)}`,
      {
        token: tokens.cpo,
      },
    )
    expect(uidsOf(r.body.data.sessions)).toEqual(
      expected(
        (s) => (s.entity === 'CPO' || s.emsp === 'CPO') && s.lastUpdated >= from && s.lastUpdated <= to,
      ),
    )
    expect(r.body.data.sessions).toHaveLength(5)
  })

  it('pages with limit and offset; asking one more tells whether a next page exists', async () => {
    const all = expected((s) => s.entity === 'CPO' || s.emsp === 'CPO')
    expect(all).toHaveLength(30)
    const page = async (limit: number, offset: number) =>
      uidsOf(
        (
          await call(t.app, 'GET', `${LIST}?${RANGE}&limit=${String(limit)}&offset=${String(offset)}`, {
            token: tokens.cpo,
          })
        ).body.data.sessions,
      )
    expect(await page(21, 0)).toEqual(all.slice(0, 21))
    expect(await page(21, 20)).toEqual(all.slice(20, 30))
    expect(await page(5, 25)).toEqual(all.slice(25, 30))
    expect(await page(5, 30)).toEqual([])
    // The default page is 20.
    expect(
      (await call(t.app, 'GET', `${LIST}?${RANGE}`, { token: tokens.cpo })).body.data.sessions,
    ).toHaveLength(20)
  })

  it('pages across both sides without repeats or gaps (voltnet is CPO and EMSP)', async () => {
    const all = expected((s) => s.entity === 'VOLT' || s.emsp === 'VOLT')
    const seen: string[] = []
    for (let offset = 0; offset < all.length + 3; offset += 3) {
      const r = await call(t.app, 'GET', `${LIST}?${RANGE}&limit=3&offset=${String(offset)}`, {
        token: tokens.voltnet,
      })
      seen.push(...uidsOf(r.body.data.sessions))
    }
    expect(seen).toEqual(all)
  })

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['offset=-1', 'query.offset'],
    ['last_updated_from=yesterday', 'query.last_updated_from'],
    ['status[]=DONE', 'query.status[]'],
    ['status=DONE', 'query.status'],
    ['round_costs=yes', 'query.round_costs'],
    ['colour=red', 'query.colour'],
  ])('rejects %s naming %s', async (query, field) => {
    const r = await call(t.app, 'GET', `${LIST}?${query}`, { token: tokens.cpo })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it("refuses another entity's entity_code (403)", async () => {
    const r = await call(t.app, 'GET', `${LIST}?entity_code=EMSP`, { token: tokens.cpo })
    expect(r.status).toBe(403)
  })

  it('needs a token (401)', async () => {
    expect((await call(t.app, 'GET', LIST)).status).toBe(401)
  })

  it('exports the list with its filters as a job: the default columns, the entity names, either side', async () => {
    const job = await call(t.app, 'POST', '/api/main/exports', {
      token: tokens.emsp,
      body: {
        source: 'ev-sessions',
        format: 'csv',
        filters: { last_updated_from: F0 - 1, last_updated_to: F0 + 86_400_000, 'status[]': ['COMPLETED'] },
      },
    })
    expect(job.status, JSON.stringify(job.body)).toBeLessThan(300)
    const uuid = job.body.data.export_job.uuid as string
    let status = 1
    for (let i = 0; i < 200 && status === 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      status = (await call(t.app, 'GET', `/api/main/exports/${uuid}`, { token: tokens.emsp })).body.data
        .export_job.status
    }
    expect(status).toBe(2)
    const file = await call(t.app, 'GET', `/api/main/exports/${uuid}/download`, { token: tokens.emsp })
    const lines = String(file.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toContain('Charging Session ID,CPO Entity Name,EMSP Entity Name,EVSE ID')
    const uids = expected((s) => (s.entity === 'EMSP' || s.emsp === 'EMSP') && s.status === 'COMPLETED')
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(uids)
    expect(lines[1]).toContain('SparkGrid Charging,RoamCharge Mobility')
  })

  const detail = async (user: string, uid: string) =>
    call<{ data: { session: EvSessionDetail } }>(t.app, 'GET', `${LIST}/${uid}`, { token: tokens[user] })
  const refund = (user: string, uid: string, body: unknown) =>
    call(t.app, 'POST', `${LIST}/${uid}/refunds`, { token: tokens[user], body })

  it('shows one session with paid, refundable and no refunds yet, to either side', async () => {
    const cpo = await detail('cpo', 'fx-session-CPO-0')
    expect(cpo.status).toBe(200)
    expect(cpo.body.data.session).toMatchObject({
      uid: 'fx-session-CPO-0',
      paid: 12.5,
      refunded: 0,
      refundable: 12.5,
      refunds: [],
      can_refund: true,
    })
    const emsp = await detail('emsp', 'fx-session-CPO-0')
    expect(emsp.status).toBe(200)
    expect(emsp.body.data.session.can_refund).toBe(false)
  })

  it('answers 404 for a session the entity is on neither side of', async () => {
    expect((await detail('vending', 'fx-session-CPO-0')).status).toBe(404)
    expect((await detail('busways', 'fx-session-VOLT-0')).status).toBe(404)
    expect((await detail('cpo', 'no-such-session')).status).toBe(404)
    expect((await refund('busways', 'fx-session-CPO-0', { amount: 1, reason: 'x' })).status).toBe(404)
  })

  it('refunds: the refund row, the session, a Refund transaction, an audit record and both daily rollups', async () => {
    const db = t.database.db
    const uid = 'fx-session-CPO-8' // COMPLETED, a VOLT customer, paid 12.50
    const session = fixtures.find((s) => s.uid === uid)
    expect(session?.emsp).toBe('VOLT')
    // The session's rollup rows as the seed writes them (its start day, its currency, its location on the CPO's
    // side, its CPO on the EMSP's), beside rows of the same day that differ only in currency or counterpart.
    const before = await db
      .selectFrom('ev_session')
      .where('uid', '=', uid)
      .select(['start_date_time', 'location_id', 'currency'])
      .executeTakeFirstOrThrow()
    expect(before.currency).toBe('SGD')
    const location = String(before.location_id)
    const rollup = (entity: string, side: string, currency: string, counterpart: string) => ({
      entity_code: entity,
      side,
      day: utc8Day(before.start_date_time),
      currency,
      counterpart,
      sessions: 1,
      energy_wh: 1000,
      revenue_incl_vat: 1250,
      revenue_excl_vat: 1147,
      refunded: 0,
    })
    await db
      .insertInto('ev_session_daily')
      .values([
        rollup('CPO', 'CPO', 'SGD', location),
        rollup('CPO', 'CPO', 'MYR', location),
        rollup('CPO', 'CPO', 'SGD', `${location}0`),
        rollup('VOLT', 'EMSP', 'SGD', 'CPO'),
        rollup('VOLT', 'EMSP', 'MYR', 'CPO'),
        rollup('VOLT', 'EMSP', 'SGD', 'BUS'),
      ])
      .execute()
    const r = await refund('cpo', uid, { amount: 2.5, reason: '  Charger stopped early  ' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.refund).toMatchObject({
      amount: 2.5,
      currency: 'SGD',
      reason: 'Charger stopped early',
    })
    expect(r.body.data.session).toMatchObject({ paid: 12.5, refunded: 2.5, refundable: 10 })
    expect(r.body.data.session.refunds).toHaveLength(1)

    const row = await db.selectFrom('ev_session').where('uid', '=', uid).selectAll().executeTakeFirstOrThrow()
    expect(row.refunded_amount).toBe(250)
    const refunds = await db
      .selectFrom('ev_session_refund')
      .where('session_id', '=', row.id)
      .selectAll()
      .execute()
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount: 250, entity_code: 'CPO', created_by_name: 'Chandra Pillai' })
    const txn = await db
      .selectFrom('payment_transaction')
      .where('uuid', '=', refunds[0]?.transaction_uuid ?? '')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(txn).toMatchObject({
      entity_code: 'CPO',
      amount: 250,
      transaction_type: 2,
      transaction_status: 3,
      order_uuid: uid,
    })
    const audit = await db
      .selectFrom('audit_log')
      .where('object_type', '=', 'ev_session')
      .where('object_id', '=', uid)
      .selectAll()
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'ev_session_refunded', entity_code: 'CPO' })
    const day = utc8Day(row.start_date_time)
    const daily = await db
      .selectFrom('ev_session_daily')
      .where('day', '=', day)
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_code', '=', 'CPO'), eb('side', '=', 'CPO')]),
          eb.and([eb('entity_code', '=', 'VOLT'), eb('side', '=', 'EMSP')]),
        ]),
      )
      .select(['entity_code', 'side', 'currency', 'counterpart', 'sessions', 'refunded'])
      .orderBy('side')
      .orderBy('currency', 'desc')
      .orderBy('counterpart')
      .execute()
    // Only the session's own row on each side: its currency, its location (CPO), its CPO (EMSP); nothing else moves.
    expect(
      daily.map((d) => [d.entity_code, d.side, d.currency, d.counterpart, d.sessions, d.refunded]),
    ).toEqual([
      ['CPO', 'CPO', 'SGD', location, 1, 250],
      ['CPO', 'CPO', 'SGD', `${location}0`, 1, 0],
      ['CPO', 'CPO', 'MYR', location, 1, 0],
      ['VOLT', 'EMSP', 'SGD', 'BUS', 1, 0],
      ['VOLT', 'EMSP', 'SGD', 'CPO', 1, 250],
      ['VOLT', 'EMSP', 'MYR', 'CPO', 1, 0],
    ])

    // A second refund adds to the same rollups.
    expect((await refund('cpo', uid, { amount: 0.5, reason: 'Goodwill' })).status).toBe(200)
    const after = await db
      .selectFrom('ev_session_daily')
      .where('entity_code', '=', 'CPO')
      .where('side', '=', 'CPO')
      .where('day', '=', day)
      .where('currency', '=', 'SGD')
      .where('counterpart', '=', location)
      .select('refunded')
      .executeTakeFirstOrThrow()
    expect(after.refunded).toBe(300)
    const shown = await detail('cpo', uid)
    expect(shown.body.data.session.refunds.map((x) => x.amount)).toEqual([0.5, 2.5])
  })

  it('rejects an amount over what is left, naming the amount, and writes nothing', async () => {
    const uid = 'fx-session-CPO-4'
    const r = await refund('cpo', uid, { amount: 12.51, reason: 'Too much' })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toMatch(/^body\.amount: amount is more than can be refunded \(12\.50 SGD\)/)
    const row = await t.database.db
      .selectFrom('ev_session')
      .where('uid', '=', uid)
      .select(['id', 'refunded_amount'])
      .executeTakeFirstOrThrow()
    expect(row.refunded_amount).toBe(0)
    const refunds = await t.database.db
      .selectFrom('ev_session_refund')
      .where('session_id', '=', row.id)
      .selectAll()
      .execute()
    expect(refunds).toEqual([])
  })

  it('rejects two refunds that together exceed what was paid', async () => {
    const uid = 'fx-session-CPO-12'
    expect((await refund('cpo', uid, { amount: 11.5, reason: 'First' })).status).toBe(200)
    const second = await refund('cpo', uid, { amount: 1.01, reason: 'Second' })
    expect(second.status).toBe(400)
    expect(second.body.error.message).toContain('body.amount')
    expect((await refund('cpo', uid, { amount: 1, reason: 'The rest' })).status).toBe(200)
    const third = await refund('cpo', uid, { amount: 0.01, reason: 'Nothing left' })
    expect(third.status).toBe(400)
    expect(third.body.error.message).toContain('nothing is left')
  })

  it('refunds racing each other never exceed what was paid', async () => {
    const uid = 'fx-session-CPO-16'
    const results = await Promise.all([
      refund('cpo', uid, { amount: 8, reason: 'Race A' }),
      refund('cpo', uid, { amount: 8, reason: 'Race B' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    const row = await t.database.db
      .selectFrom('ev_session')
      .where('uid', '=', uid)
      .select('refunded_amount')
      .executeTakeFirstOrThrow()
    expect(row.refunded_amount).toBe(800)
  })

  it('refuses a refund on an unpaid session', async () => {
    const r = await refund('cpo', 'fx-session-CPO-1', { amount: 1, reason: 'Active' })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain('body.amount')
  })

  it('lets only the CPO side refund: the EMSP gets 403', async () => {
    const r = await refund('emsp', 'fx-session-CPO-0', { amount: 1, reason: 'Not mine' })
    expect(r.status).toBe(403)
  })

  it.each([
    [{ amount: 0, reason: 'x' }, 'body.amount'],
    [{ amount: -1, reason: 'x' }, 'body.amount'],
    [{ amount: 1.005, reason: 'x' }, 'body.amount'],
    [{ amount: '1', reason: 'x' }, 'body.amount'],
    [{ amount: 1 }, 'body.reason'],
    [{ amount: 1, reason: '   ' }, 'body.reason'],
    [{ amount: 1, reason: 'x'.repeat(501) }, 'body.reason'],
    [{ amount: 1, reason: 'x', extra: true }, 'body.extra'],
  ])('rejects the refund %j naming %s', async (body, field) => {
    const r = await refund('cpo', 'fx-session-CPO-20', body)
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })
})
