import type { DashboardSession, VoltnetSessionDetail } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import type { FixtureSession } from '../sessions/bus-session.fixtures'
import {
  byStart,
  FIXTURE_FROM,
  FIXTURE_TO,
  insertBusFixtures,
  MIN,
  VOLT_DRIVER_UUID,
} from '../sessions/bus-session.fixtures'

const LIST = '/api/bus/v1/dashboard/charging-sessions'
const COUNT = `${LIST}/count`
const RANGE = { startDateTime: FIXTURE_FROM, endDateTime: FIXTURE_TO }

describe.each(DIALECTS)('voltnet dashboard sessions (v1) on %s', (dialect) => {
  let t: TestApp
  let fixtures: FixtureSession[]
  const tokens: Record<string, string> = {}

  const post = (user: string, url: string, body: unknown) =>
    call(t.app, 'POST', url, { token: tokens[user], body })
  const list = async (user: string, body: Record<string, unknown>) => {
    const r = await post(user, LIST, { ...RANGE, limit: 1000, ...body })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.chargingSessions as DashboardSession[]
  }
  const count = async (user: string, body: Record<string, unknown>) => {
    const r = await post(user, COUNT, { ...RANGE, ...body })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { count: number; count_capped: boolean }
  }
  const idsOf = (rows: DashboardSession[]) => rows.map((r) => r._id)
  const expected = (pred: (s: FixtureSession) => boolean) =>
    fixtures
      .filter(pred)
      .sort(byStart)
      .map((s) => s.uid)
  const side = (entity: string, type: 'CPO' | 'EMSP') => (s: FixtureSession) =>
    type === 'CPO' ? s.entity === entity : s.emsp === entity

  beforeAll(async () => {
    t = await createTestApp(dialect)
    fixtures = await insertBusFixtures(t.database.db)
    for (const user of ['voltnet', 'busways', 'cpo', 'emsp', 'vending'])
      tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  it.each([
    ['voltnet', 'VOLT', 'CPO'],
    ['voltnet', 'VOLT', 'EMSP'],
    ['cpo', 'CPO', 'CPO'],
    ['cpo', 'CPO', 'EMSP'],
    ['emsp', 'EMSP', 'EMSP'],
    ['busways', 'BUS', 'CPO'],
  ] as const)(
    '%s as %s lists the %s side only, newest start first, with its count',
    async (user, entity, type) => {
      const want = expected(side(entity, type))
      expect(want.length).toBeGreaterThan(0)
      expect(idsOf(await list(user, { myEntityType: type }))).toEqual(want)
      expect(await count(user, { myEntityType: type })).toEqual({ count: want.length, count_capped: false })
    },
  )

  it('the sides differ: VOLT as CPO holds EMSP’s customers, VOLT as EMSP holds its customers on CPO’s chargers', async () => {
    const cpo = await list('voltnet', { myEntityType: 'CPO' })
    const emsp = await list('voltnet', { myEntityType: 'EMSP' })
    expect(cpo.every((r) => r.entityCode === 'VOLT')).toBe(true)
    expect(cpo.some((r) => r.emspEntityCode === 'EMSP')).toBe(true)
    expect(emsp.every((r) => r.emspEntityCode === 'VOLT')).toBe(true)
    expect(emsp.some((r) => r.entityCode === 'CPO')).toBe(true)
  })

  it('never shows one entity another’s sessions', async () => {
    expect(await list('busways', { myEntityType: 'EMSP' })).toSatisfy((rows: DashboardSession[]) =>
      rows.every((r) => r.emspEntityCode === 'BUS'),
    )
    expect(await list('vending', { myEntityType: 'CPO' })).toEqual([])
    expect(await list('vending', { myEntityType: 'EMSP' })).toEqual([])
    // Naming another entity as the partner never widens the caller's own side.
    expect(await list('busways', { myEntityType: 'CPO', partnerEntityCode: 'EMSP' })).toEqual([])
    expect(await count('busways', { myEntityType: 'CPO', partnerEntityCode: 'EMSP' })).toEqual({
      count: 0,
      count_capped: false,
    })
  })

  const volt = (type: 'CPO' | 'EMSP', pred: (s: FixtureSession) => boolean) => (s: FixtureSession) =>
    side('VOLT', type)(s) && pred(s)
  const filters: [string, 'CPO' | 'EMSP', Record<string, unknown>, (s: FixtureSession) => boolean][] = [
    [
      'partnerEntityCode (the EMSP of a CPO-side session)',
      'CPO',
      { partnerEntityCode: 'EMSP' },
      (s) => s.emsp === 'EMSP',
    ],
    [
      'partnerEntityCode (the CPO of an EMSP-side session)',
      'EMSP',
      { partnerEntityCode: 'CPO' },
      (s) => s.entity === 'CPO',
    ],
    [
      'partnerEntityCode = itself (its own customers on its own chargers)',
      'CPO',
      { partnerEntityCode: 'VOLT' },
      (s) => s.emsp === 'VOLT',
    ],
    ['paymentMethodCode', 'CPO', { paymentMethodCode: 'RFID' }, (s) => s.method === 'RFID'],
    ['userID', 'EMSP', { userID: VOLT_DRIVER_UUID }, (s) => s.driverUuid === VOLT_DRIVER_UUID],
    ['state', 'CPO', { state: 'STOPPED' }, (s) => s.status === 'STOPPED'],
    ['stopReason', 'EMSP', { stopReason: 'CHARGER_FAILURE' }, (s) => s.stopReason === 'CHARGER_FAILURE'],
    ['evseId (external id)', 'EMSP', { evseId: 'BXE-CPO' }, (s) => s.entity === 'CPO'],
    ['evseId (eMI3 id)', 'CPO', { evseId: 'SG*VOLT*BX2*1' }, (s) => s.entity === 'VOLT'],
    [
      'chargingSessionID (_id)',
      'CPO',
      { chargingSessionID: 'bx-session-VOLT-3' },
      (s) => s.uid === 'bx-session-VOLT-3',
    ],
    [
      'chargingSessionID (external id)',
      'EMSP',
      { chargingSessionID: 'BX-CPO-6' },
      (s) => s.externalId === 'BX-CPO-6',
    ],
    [
      'several at once',
      'CPO',
      { state: 'COMPLETED', paymentMethodCode: 'APP', partnerEntityCode: 'VOLT' },
      (s) => s.status === 'COMPLETED' && s.method === 'APP' && s.emsp === 'VOLT',
    ],
  ]
  it.each(filters)('filters by %s, and counts the same', async (_name, type, body, pred) => {
    const want = expected(volt(type, pred))
    expect(want.length).toBeGreaterThan(0)
    expect(idsOf(await list('voltnet', { myEntityType: type, ...body }))).toEqual(want)
    expect((await count('voltnet', { myEntityType: type, ...body })).count).toBe(want.length)
  })

  it.each([
    ['an unknown userID', { userID: 'nobody' }],
    ['an unknown evseId', { evseId: 'NO-SUCH-EVSE' }],
    ['an unknown chargingSessionID', { chargingSessionID: 'no-such-session' }],
    ['a session of another entity', { chargingSessionID: 'bx-session-BUS-0' }],
    ['an EVSE of another entity', { evseId: 'BXE-BUS' }],
    ['a payment method no session has', { paymentMethodCode: 'CASH' }],
  ])('finds nothing for %s', async (_name, body) => {
    expect(await list('voltnet', { myEntityType: 'CPO', ...body })).toEqual([])
    expect((await count('voltnet', { myEntityType: 'CPO', ...body })).count).toBe(0)
  })

  it('takes the start range in ms, both ends inclusive', async () => {
    const sessions = fixtures.filter(side('VOLT', 'CPO')).sort(byStart)
    const from = sessions[15]?.start ?? 0
    const to = sessions[4]?.start ?? 0
    const body = { myEntityType: 'CPO', startDateTime: from, endDateTime: to }
    const want = expected((s) => side('VOLT', 'CPO')(s) && s.start >= from && s.start <= to)
    expect(want).toHaveLength(12)
    expect(idsOf(await list('voltnet', body))).toEqual(want)
    expect((await count('voltnet', body)).count).toBe(12)
    const one = await list('voltnet', { myEntityType: 'CPO', startDateTime: to, endDateTime: to })
    expect(idsOf(one)).toEqual([sessions[4]?.uid])
    expect(
      await list('voltnet', { myEntityType: 'CPO', startDateTime: to + 1, endDateTime: to + MIN - 1 }),
    ).toEqual([])
  })

  it('pages with offset and limit; one row more than the page says a next page exists', async () => {
    const all = expected(side('VOLT', 'CPO'))
    expect(all).toHaveLength(24)
    const page = async (limit: number, offset: number) =>
      idsOf(await list('voltnet', { myEntityType: 'CPO', limit, offset }))
    expect(await page(21, 0)).toEqual(all.slice(0, 21))
    expect(await page(21, 20)).toEqual(all.slice(20, 24))
    expect(await page(5, 24)).toEqual([])
    const seen: string[] = []
    for (let offset = 0; offset < 30; offset += 7) seen.push(...(await page(7, offset)))
    expect(seen).toEqual(all)
    // The default page is 20.
    const r = await post('voltnet', LIST, { myEntityType: 'CPO', ...RANGE })
    expect(r.body.data.chargingSessions).toHaveLength(20)
  })

  it('counts with the list\'s own body: its offset and limit are ignored (B §7 "same filters")', async () => {
    const all = expected(side('VOLT', 'CPO'))
    const whole = { count: all.length, count_capped: false }
    expect(await count('voltnet', { myEntityType: 'CPO', limit: 21, offset: 0 })).toEqual(whole)
    expect(await count('voltnet', { myEntityType: 'CPO', limit: 21, offset: 20 })).toEqual(whole)
    expect(await count('voltnet', { myEntityType: 'CPO', limit: 1, offset: 1000 })).toEqual(whole)
    const completed = expected(volt('CPO', (s) => s.status === 'COMPLETED'))
    expect(
      (await count('voltnet', { myEntityType: 'CPO', state: 'COMPLETED', limit: 5, offset: 5 })).count,
    ).toBe(completed.length)
  })

  it.each([
    [{}, 'body.myEntityType'],
    [{ myEntityType: 'BOTH' }, 'body.myEntityType'],
    [{ myEntityType: 'CPO', startDateTime: 'yesterday' }, 'body.startDateTime'],
    [{ myEntityType: 'CPO', endDateTime: -5 }, 'body.endDateTime'],
    [{ myEntityType: 'CPO', startDateTime: 10, endDateTime: 9 }, 'body.endDateTime'],
    [{ myEntityType: 'CPO', state: 'DONE' }, 'body.state'],
    [{ myEntityType: 'CPO', stopReason: 'TIRED' }, 'body.stopReason'],
    [{ myEntityType: 'CPO', partnerEntityCode: '' }, 'body.partnerEntityCode'],
    [{ myEntityType: 'CPO', userID: 'x'.repeat(65) }, 'body.userID'],
    [{ myEntityType: 'CPO', limit: 0 }, 'body.limit'],
    [{ myEntityType: 'CPO', limit: 1001 }, 'body.limit'],
    [{ myEntityType: 'CPO', offset: -1 }, 'body.offset'],
    [{ myEntityType: 'CPO', sortBy: 'start' }, 'body.sortBy'],
  ])('rejects %j naming %s', async (body, field) => {
    const r = await post('voltnet', LIST, body)
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it.each([
    [{}, 'body.myEntityType'],
    // Paging is checked as the list checks it, then ignored.
    [{ myEntityType: 'EMSP', limit: 0 }, 'body.limit'],
    [{ myEntityType: 'EMSP', offset: -1 }, 'body.offset'],
    [{ myEntityType: 'EMSP', sortBy: 'start' }, 'body.sortBy'],
    [{ myEntityType: 'EMSP', startDateTime: 10, endDateTime: 9 }, 'body.endDateTime'],
  ])('rejects the count %j naming %s', async (body, field) => {
    const r = await post('voltnet', COUNT, body)
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('needs a token (401)', async () => {
    expect((await call(t.app, 'POST', LIST, { body: { myEntityType: 'CPO' } })).status).toBe(401)
    expect((await call(t.app, 'POST', COUNT, { body: { myEntityType: 'CPO' } })).status).toBe(401)
    expect((await call(t.app, 'GET', `${LIST}/bx-session-VOLT-0`)).status).toBe(401)
  })

  describe('one session (the EMSP detail route)', () => {
    const detail = (user: string, id: string, query = '') =>
      call<{ data: { chargingSession: VoltnetSessionDetail }; error: { message: string } }>(
        t.app,
        'GET',
        `${LIST}/${encodeURIComponent(id)}${query ? `?${query}` : ''}`,
        { token: tokens[user] },
      )

    it('shows an EMSP-side session with its periods and costs, without a refund', async () => {
      // VOLT's customer on CPO's charger: VOLT is only the EMSP.
      const r = await detail('voltnet', 'bx-session-CPO-0', 'myEntityType=EMSP')
      expect(r.status).toBe(200)
      expect(r.body.data.chargingSession).toMatchObject({
        _id: 'bx-session-CPO-0',
        entityCode: 'CPO',
        emspEntityCode: 'VOLT',
        userID: VOLT_DRIVER_UUID,
        costsByType: { energy: { exclVat: 11.47, inclVat: 12.5 } },
        paid: 12.5,
        refunded: 0,
        refundable: 12.5,
        refunds: [],
        canRefund: false,
      })
      expect(r.body.data.chargingSession.chargingPeriods.length).toBeGreaterThan(0)
    })

    it('offers the refund where voltnet is the CPO, and lists a refund made through the charging call', async () => {
      const uid = 'bx-session-VOLT-4' // VOLT's customer on VOLT's charger, COMPLETED, paid 12.50
      const before = await detail('voltnet', uid)
      expect(before.body.data.chargingSession).toMatchObject({ canRefund: true, refundable: 12.5 })
      const refund = await call(t.app, 'POST', `/api/charging/charging-sessions/sessions/${uid}/refunds`, {
        token: tokens.voltnet,
        body: { amount: 2.5, reason: 'Connector fault' },
      })
      expect(refund.status, JSON.stringify(refund.body)).toBe(200)
      const after = await detail('voltnet', uid, 'myEntityType=CPO')
      expect(after.body.data.chargingSession).toMatchObject({ refunded: 2.5, refundable: 10 })
      expect(after.body.data.chargingSession.refunds).toMatchObject([
        { amount: 2.5, reason: 'Connector fault', createdByName: 'Victor Goh' },
      ])
    })

    it('answers 404 with no data for a session of another entity, or not on the named side', async () => {
      for (const [user, id, query] of [
        ['voltnet', 'bx-session-CPO-0', 'myEntityType=CPO'],
        ['voltnet', 'bx-session-VOLT-1', 'myEntityType=EMSP'], // EMSP's customer on VOLT's charger
        ['voltnet', 'bx-session-BUS-0', ''],
        ['busways', 'bx-session-VOLT-0', ''],
        ['cpo', 'bx-session-VOLT-0', ''],
        ['emsp', 'bx-session-VOLT-0', 'myEntityType=EMSP'],
        ['voltnet', 'no-such-session', ''],
      ] as const) {
        const r = await detail(user, id, query)
        expect(r.status, `${user} ${id} ${query}`).toBe(404)
        expect(JSON.stringify(r.body)).not.toContain('Fixture')
      }
    })

    it.each([
      ['bx-session-VOLT-0', 'myEntityType=BOTH', 'query.myEntityType'],
      ['bx-session-VOLT-0', 'side=CPO', 'query.side'],
      ['x'.repeat(65), '', 'params.id'],
    ])('rejects %s?%s naming %s', async (id, query, field) => {
      const r = await detail('voltnet', id, query)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
    })
  })

  it('exports one side with the list filters as a job, newest start first', async () => {
    const job = await post('voltnet', '/api/main/exports', {
      source: 'voltnet-sessions',
      format: 'csv',
      filters: { myEntityType: 'EMSP', ...RANGE, partnerEntityCode: 'CPO' },
    })
    expect(job.status, JSON.stringify(job.body)).toBeLessThan(300)
    const uuid = job.body.data.export_job.uuid as string
    let status = 1
    for (let i = 0; i < 200 && status === 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      status = (await call(t.app, 'GET', `/api/main/exports/${uuid}`, { token: tokens.voltnet })).body.data
        .export_job.status
    }
    expect(status).toBe(2)
    const file = await call(t.app, 'GET', `/api/main/exports/${uuid}/download`, { token: tokens.voltnet })
    const lines = String(file.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toMatch(/^Charging Session ID,User,CPO Entity Name,EMSP Entity Name,/)
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      expected((s) => s.emsp === 'VOLT' && s.entity === 'CPO'),
    )
    expect(lines[1]).toContain('SparkGrid Charging,Voltnet Roaming')
  })

  it('refuses an export without the side, naming it', async () => {
    const r = await post('voltnet', '/api/main/exports', {
      source: 'voltnet-sessions',
      format: 'csv',
      filters: {},
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain('body.filters.myEntityType')
  })
})
