import type { Driver, DriverDetailData, DriverImportReport } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../db/database'
import { driversFor, singaporePlate } from '../../../seed/ev-drivers'
import type { TestApp } from '../../../test-support'
import type { EvSite } from '../../../test-support/ev-fixtures'
import { energyCost, insertEvDriver, insertEvSession, insertEvSite } from '../../../test-support/ev-fixtures'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../../test-support'

const DASH = '/api/bus/v2/dashboard/drivers'
const LIMO = '/api/bus/v2/eleccalimo/drivers'
const DAY = 86_400_000
/** Fixture drivers live in January 2020, far from the seeded year before TEST_NOW, so a range around T0 isolates them. */
const T0 = Date.UTC(2020, 0, 6, 1, 0, 0)
const FIXTURE_RANGE = `createdAtFrom=${String(T0)}&createdAtTo=${String(T0 + 10 * DAY)}`
const SCALE = 0.02

interface FixtureDriver {
  name: string
  mobile: string
  email: string
  nationality: string
  registered: boolean
  subscribed: string[]
  createdAt: number
}

/** Four VOLT drivers; the names' cases differ so A to Z is seen to ignore case. */
const VOLT_DRIVERS: FixtureDriver[] = [
  {
    name: 'Alice Tan',
    mobile: '+6591110001',
    email: 'alice.tan@fixture.test',
    nationality: 'Singaporean',
    registered: true,
    subscribed: ['CPO', 'VOLT'],
    createdAt: T0,
  },
  {
    name: 'bob lim',
    mobile: '+6591110002',
    email: 'bob.lim@fixture.test',
    nationality: 'Malaysian',
    registered: false,
    subscribed: ['VOLT'],
    createdAt: T0 + DAY,
  },
  {
    name: 'Charlie Ng',
    mobile: '+60123451003',
    email: 'charlie.ng@fixture.test',
    nationality: 'Thai',
    registered: true,
    subscribed: ['CPO'],
    createdAt: T0 + 2 * DAY,
  },
  {
    name: 'Dewi Lestari',
    mobile: '+6581110004',
    email: 'dewi@fixture.test',
    nationality: 'Indonesian',
    registered: true,
    subscribed: [],
    // The last millisecond of a day: an inclusive range ending there must keep her.
    createdAt: T0 + 4 * DAY - 1,
  },
]

const insertDriver = (db: Db, entity: string, d: FixtureDriver, uuid: string): Promise<number> =>
  insertEvDriver(db, {
    entity_code: entity,
    uuid,
    name: d.name,
    mobile_number: d.mobile,
    email: d.email,
    nationality: d.nationality,
    is_registered: d.registered ? 1 : 0,
    subscribed_cpo_entities: JSON.stringify(d.subscribed),
    license_plate: 'SGX1234A',
    created_at: d.createdAt,
  })

/** A VOLT charger (location, EVSE, connector) for the detail's sessions. */
const voltCharger = (db: Db) =>
  insertEvSite(db, {
    entity: 'VOLT',
    key: 'drv',
    at: T0,
    location: { name: 'Driver Fixture Carpark', latitude: 1.28, longitude: 103.85 },
    evse: { evse_id: 'SG*VLT*EDRV*1', physical_reference: 'D1' },
  })

/** A completed session of VOLT's own customer: an hour from `start`, its energy paid in full. */
const insertSession = (
  db: Db,
  c: EvSite,
  uid: string,
  driverId: number | null,
  start: number,
  wh: number,
  total: number,
) =>
  insertEvSession(db, c, {
    uid,
    driver_id: driverId,
    user_name: 'Alice Tan',
    operator_name: 'Voltnet',
    stop_reason: 'VEHICLE_MANUAL_STOP',
    energy_wh: wh,
    ...energyCost(total, total),
    paid_amount: total,
    start_date_time: start,
  })

/** A multipart body with one file field, as a browser sends an upload. */
function multipart(content: Buffer | string, filename = 'drivers.csv', field = 'file') {
  const boundary = '----driverboundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const HEADER = 'name,dialCode,mobileNumber,email,nationality,isRegistered,subscribedCpoEntities,licensePlate'

describe.each(DIALECTS)('drivers on %s', (dialect) => {
  let t: TestApp
  let volt: string
  let limo: string
  let emsp: string
  const uuids = VOLT_DRIVERS.map((_, i) => `00000000-0000-4000-a000-00000000000${String(i + 1)}`)
  let aliceId = 0

  const get = <T>(token: string, url: string) => call<T>(t.app, 'GET', url, { token })
  const list = async (query: string, token = volt) => {
    const r = await get<{ data: { drivers: Driver[] } }>(token, `${DASH}?${query}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.drivers
  }
  const upload = async (url: string, content: Buffer | string, token = volt, filename?: string) => {
    const { payload, headers } = multipart(content, filename)
    const r = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, authorization: `Token ${token}` },
    })
    return {
      status: r.statusCode,
      body: r.json<{ data: { report: DriverImportReport }; error: { message: string } }>(),
    }
  }
  const countOf = async (entity: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('ev_driver')
          .where('entity_code', '=', entity)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: SCALE })
    const db = t.database.db
    const ids = []
    for (const [i, d] of VOLT_DRIVERS.entries()) ids.push(await insertDriver(db, 'VOLT', d, uuids[i] ?? ''))
    aliceId = ids[0] ?? 0
    // EMSP has a driver with Alice's number: numbers are unique per entity, not across entities.
    await insertDriver(
      db,
      'EMSP',
      { ...VOLT_DRIVERS[0], name: 'Alice Tan (EMSP)' } as FixtureDriver,
      'emsp-alice',
    )
    const c = await voltCharger(db)
    await insertSession(db, c, 'drv-s1', aliceId, T0 + 5 * DAY, 22_935, 1250)
    await insertSession(db, c, 'drv-s2', aliceId, T0 + 7 * DAY, 10_000, 545)
    await insertSession(db, c, 'drv-other', ids[1] ?? null, T0 + 6 * DAY, 5_000, 300)
    ;[volt, limo, emsp] = await Promise.all([
      loginAs(t.app, 'voltnet'),
      loginAs(t.app, 'limo'),
      loginAs(t.app, 'emsp'),
    ])
  })
  afterAll(() => t.close())

  describe('seed', () => {
    it.each([
      ['SBS', 3229, 'SBS3229P'],
      ['SGX', 1234, 'SGX1234B'],
      ['E', 1, 'E1X'],
    ])('plates carry the check letter: %s %i → %s', (prefix, number, plate) => {
      expect(singaporePlate(prefix, number)).toBe(plate)
    })

    it('gives each EV entity its drivers: unique numbers, catalogue nationalities, E.164 mobiles, plates', async () => {
      for (const entity of ['VOLT', 'EMSP', 'CPO', 'BUS', 'LIMO']) {
        const rows = await t.database.db
          .selectFrom('ev_driver')
          .where('entity_code', '=', entity)
          .where('created_at', '>', T0 + 100 * DAY)
          .selectAll()
          .execute()
        expect(rows.length, entity).toBe(driversFor(entity, SCALE))
        expect(new Set(rows.map((r) => r.mobile_number)).size).toBe(rows.length)
        for (const r of rows) {
          expect(['Singaporean', 'Malaysian', 'Thai', 'Indonesian']).toContain(r.nationality)
          expect(r.mobile_number).toMatch(/^\+(65[89]\d{7}|601\d{8,9}|66[689]\d{8})$/)
          expect(r.email).toMatch(/^[a-z0-9.]+@[a-z.]+$/)
          // Within the year before now, and before the 90 days of seeded sessions (no one charged before joining).
          expect(r.created_at).toBeGreaterThan(TEST_NOW - 365 * DAY)
          expect(r.created_at).toBeLessThan(TEST_NOW - 90 * DAY)
        }
        if (entity === 'BUS')
          for (const r of rows) {
            const m = /^(SBS|SMB|SG)(\d+)[A-Z]$/.exec(r.license_plate ?? '')
            expect(m, r.license_plate ?? 'no plate').not.toBeNull()
            // The check letter is right (LTA's checksum).
            expect(singaporePlate(m?.[1] ?? '', Number(m?.[2]))).toBe(r.license_plate)
          }
      }
    })
  })

  describe('GET /v2/dashboard/drivers', () => {
    it("answers B §3's fields and an id, newest first, 20 by default, only the caller's drivers", async () => {
      const drivers = await list('')
      expect(drivers).toHaveLength(20)
      expect(Object.keys(drivers[0] ?? {}).sort()).toEqual(
        [
          'createdAt',
          'email',
          'id',
          'isRegistered',
          'mobileNumber',
          'name',
          'nationality',
          'subscribedCpoEntities',
        ].sort(),
      )
      const times = drivers.map((d) => d.createdAt)
      expect(times).toEqual([...times].sort((a, b) => b - a))
      const all = await list('limit=200')
      expect(all).toHaveLength(await countOf('VOLT'))
      expect(all.some((d) => d.name === 'Alice Tan (EMSP)')).toBe(false)
    })

    it('pages with limit and offset, stably, and one extra row shows a next page', async () => {
      const first = await list(`${FIXTURE_RANGE}&limit=2&offset=0`)
      const second = await list(`${FIXTURE_RANGE}&limit=2&offset=2`)
      const third = await list(`${FIXTURE_RANGE}&limit=2&offset=4`)
      expect([...first, ...second].map((d) => d.name)).toEqual([
        'Dewi Lestari',
        'Charlie Ng',
        'bob lim',
        'Alice Tan',
      ])
      expect(third).toEqual([])
      expect(await list('limit=21')).toHaveLength(21)
    })

    it.each([
      ['name=TAN', ['Alice Tan']],
      ['name=%20lim%20', ['bob lim']],
      ['mobileNumber=9111%200002', ['bob lim']],
      ['mobileNumber=%2B60', ['Charlie Ng']],
      ['mobileNumber=%2B65%209111', ['bob lim', 'Alice Tan']],
      ['email=FIXTURE.TEST', ['Dewi Lestari', 'Charlie Ng', 'bob lim', 'Alice Tan']],
      ['email=dewi@', ['Dewi Lestari']],
      ['nationality=Thai', ['Charlie Ng']],
      ['isRegistered=false', ['bob lim']],
      ['isRegistered=true', ['Dewi Lestari', 'Charlie Ng', 'Alice Tan']],
      ['subscribedCpoEntities[]=CPO', ['Charlie Ng', 'Alice Tan']],
      ['subscribedCpoEntities[]=CPO&subscribedCpoEntities[]=VOLT', ['Charlie Ng', 'bob lim', 'Alice Tan']],
      ['subscribedCpoEntities=volt', ['bob lim', 'Alice Tan']],
      ['subscribedCpoEntities[]=CP', []],
      ['name=tan&nationality=Malaysian', []],
      ['name=%25', []],
    ])('filters %s', async (query, names) => {
      expect((await list(`${FIXTURE_RANGE}&${query}`)).map((d) => d.name)).toEqual(names)
    })

    it('takes the created range in ms with both ends inclusive', async () => {
      const from = T0 + DAY
      const to = T0 + 4 * DAY - 1
      const names = (await list(`createdAtFrom=${String(from)}&createdAtTo=${String(to)}`)).map((d) => d.name)
      expect(names).toEqual(['Dewi Lestari', 'Charlie Ng', 'bob lim'])
      expect(
        (await list(`createdAtFrom=${String(to)}&createdAtTo=${String(to)}`)).map((d) => d.name),
      ).toEqual(['Dewi Lestari'])
      expect(await list(`createdAtFrom=${String(to + 1)}&createdAtTo=${String(to + DAY)}`)).toEqual([])
    })

    it.each([
      ['sortBy=name&sortOrder=asc', ['Alice Tan', 'bob lim', 'Charlie Ng', 'Dewi Lestari']],
      ['sortBy=name&sortOrder=desc', ['Dewi Lestari', 'Charlie Ng', 'bob lim', 'Alice Tan']],
      ['sortBy=createdAt&sortOrder=asc', ['Alice Tan', 'bob lim', 'Charlie Ng', 'Dewi Lestari']],
      ['sortBy=createdAt&sortOrder=desc', ['Dewi Lestari', 'Charlie Ng', 'bob lim', 'Alice Tan']],
    ])('sorts %s (names without regard to case)', async (query, names) => {
      expect((await list(`${FIXTURE_RANGE}&${query}`)).map((d) => d.name)).toEqual(names)
    })

    it('sorts the whole list by name the same way on every page', async () => {
      const all = await list('sortBy=name&limit=200')
      const keys = all.map((d) => d.name.toLowerCase())
      expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
      const paged = [
        ...(await list('sortBy=name&limit=10')),
        ...(await list('sortBy=name&limit=10&offset=10')),
      ]
      expect(paged.map((d) => d.id)).toEqual(all.slice(0, 20).map((d) => d.id))
    })

    it.each([
      ['limit=0', 'query.limit'],
      ['limit=201', 'query.limit'],
      ['offset=-1', 'query.offset'],
      ['sortBy=email', 'query.sortBy'],
      ['sortOrder=sideways', 'query.sortOrder'],
      ['nationality=Japanese', 'query.nationality'],
      ['isRegistered=yes', 'query.isRegistered'],
      ['createdAtFrom=soon', 'query.createdAtFrom'],
      ['createdAtFrom=20&createdAtTo=10', 'query.createdAtTo'],
      ['colour=red', 'query.colour'],
    ])('%s → 400 naming %s', async (query, path) => {
      const r = await get<{ error: { message: string } }>(volt, `${DASH}?${query}`)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(path)
    })

    it("another entity sees only its own drivers, and none of VOLT's", async () => {
      const limoDrivers = await list('limit=200', limo)
      expect(limoDrivers).toHaveLength(await countOf('LIMO'))
      const voltIds = new Set((await list('limit=200')).map((d) => d.id))
      expect(limoDrivers.some((d) => voltIds.has(d.id))).toBe(false)
      expect((await list(FIXTURE_RANGE, emsp)).map((d) => d.name)).toEqual(['Alice Tan (EMSP)'])
    })
  })

  describe('GET /v2/eleccalimo/drivers', () => {
    it("answers every one of the entity's drivers, newest first", async () => {
      const r = await get<{ data: { drivers: Driver[]; truncated: boolean } }>(limo, LIMO)
      expect(r.status).toBe(200)
      expect(r.body.data.truncated).toBe(false)
      expect(r.body.data.drivers).toHaveLength(await countOf('LIMO'))
      expect(r.body.data.drivers.length).toBeGreaterThan(10)
      const times = r.body.data.drivers.map((d) => d.createdAt)
      expect(times).toEqual([...times].sort((a, b) => b - a))
    })

    it.each([
      ['name=tan', (d: Driver) => d.name.toLowerCase().includes('tan')],
      ['nationality=Malaysian', (d: Driver) => d.nationality === 'Malaysian'],
      ['isRegistered=false', (d: Driver) => !d.isRegistered],
      ['email=GMAIL', (d: Driver) => d.email.includes('gmail')],
      ['mobileNumber=%2B65%208', (d: Driver) => d.mobileNumber.startsWith('+658')],
    ])('filters %s on the server', async (query, matches) => {
      const all = (await get<{ data: { drivers: Driver[] } }>(limo, LIMO)).body.data.drivers
      const r = await get<{ data: { drivers: Driver[] } }>(limo, `${LIMO}?${query}`)
      expect(r.status).toBe(200)
      expect(r.body.data.drivers.map((d) => d.id)).toEqual(all.filter(matches).map((d) => d.id))
    })

    it('has no paging, sort or date range (the portal does them): those keys are a 400', async () => {
      for (const query of ['limit=10', 'sortBy=name', 'createdAtFrom=1']) {
        const r = await get<{ error: { message: string } }>(limo, `${LIMO}?${query}`)
        expect(r.status).toBe(400)
        expect(r.body.error.message).toContain(`query.${query.split('=')[0] ?? ''}`)
      }
    })

    it("is scoped to the caller's entity", async () => {
      const r = await get<{ data: { drivers: Driver[] } }>(volt, `${LIMO}?email=fixture.test`)
      expect(r.body.data.drivers.map((d) => d.name).sort()).toEqual(VOLT_DRIVERS.map((d) => d.name).sort())
    })
  })

  describe('one driver', () => {
    it('answers the profile, totals and newest sessions (energy and cost), on both prefixes', async () => {
      for (const base of [DASH, LIMO]) {
        const r = await get<{ data: DriverDetailData }>(volt, `${base}/${uuids[0] ?? ''}`)
        expect(r.status).toBe(200)
        expect(r.body.data.driver).toMatchObject({
          id: uuids[0],
          name: 'Alice Tan',
          mobileNumber: '+6591110001',
          licensePlate: 'SGX1234A',
          subscribedCpoEntities: ['CPO', 'VOLT'],
        })
        expect(r.body.data.summary).toEqual({
          sessions: 2,
          kWh: 32.935,
          spend: [{ currency: 'SGD', amount: 17.95 }],
          lastSessionAt: T0 + 7 * DAY,
        })
        expect(
          r.body.data.sessions.map((s) => [s.uid, s.kWh, s.totalCost, s.locationName, s.evseId]),
        ).toEqual([
          ['drv-s2', 10, 5.45, 'Driver Fixture Carpark', 'SG*VLT*EDRV*1'],
          ['drv-s1', 22.935, 12.5, 'Driver Fixture Carpark', 'SG*VLT*EDRV*1'],
        ])
      }
    })

    it('a driver with no sessions has empty totals', async () => {
      const r = await get<{ data: DriverDetailData }>(volt, `${DASH}/${uuids[3] ?? ''}`)
      expect(r.body.data.summary).toEqual({ sessions: 0, kWh: 0, spend: [], lastSessionAt: null })
      expect(r.body.data.sessions).toEqual([])
    })

    it("another entity's driver, or none, is a 404 with no data", async () => {
      for (const [token, id] of [
        [limo, uuids[0] ?? ''],
        [emsp, uuids[0] ?? ''],
        [volt, 'emsp-alice'],
        [volt, 'no-such-driver'],
      ] as const) {
        for (const base of [DASH, LIMO]) {
          const r = await get<object>(token, `${base}/${id}`)
          expect(r.status).toBe(404)
          expect(Object.keys(r.body)).toEqual(['error'])
        }
      }
    })
  })

  describe('adding one driver', () => {
    const body = {
      name: '  Farah   binti Hassan ',
      dialCode: '65',
      mobileNumber: '9222 0001',
      email: 'Farah.Hassan@Example.com',
      nationality: 'Singaporean',
      isRegistered: true,
      subscribedCpoEntities: ['volt', 'CPO'],
      licensePlate: 'sgx 2024 b',
    }

    it('adds the driver, normalized, with an audit record; the list shows them first', async () => {
      const r = await call<{ data: { driver: Driver & { licensePlate: string } } }>(t.app, 'POST', DASH, {
        token: volt,
        body,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.driver).toMatchObject({
        name: 'Farah binti Hassan',
        mobileNumber: '+6592220001',
        email: 'farah.hassan@example.com',
        nationality: 'Singaporean',
        isRegistered: true,
        subscribedCpoEntities: ['CPO', 'VOLT'],
        licensePlate: 'SGX2024B',
      })
      expect((await list('limit=1'))[0]?.id).toBe(r.body.data.driver.id)
      const audit = await t.database.db
        .selectFrom('audit_log')
        .where('object_type', '=', 'ev_driver')
        .where('object_id', '=', r.body.data.driver.id)
        .select(['action', 'entity_code'])
        .execute()
      expect(audit).toEqual([{ action: 'ev_driver_created', entity_code: 'VOLT' }])
    })

    it('refuses a mobile number the entity has, however it is typed, and writes nothing', async () => {
      const before = await countOf('VOLT')
      const r = await call<{ error: { message: string } }>(t.app, 'POST', DASH, {
        token: volt,
        body: { ...body, mobileNumber: '92-22-00-01', email: 'other@example.com' },
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toBe(
        'body.mobileNumber: a driver with this mobile number already exists (Farah binti Hassan)',
      )
      expect(await countOf('VOLT')).toBe(before)
    })

    it('takes the same number in another entity (numbers are unique per entity)', async () => {
      const r = await call(t.app, 'POST', LIMO, { token: limo, body: { ...body, subscribedCpoEntities: [] } })
      expect(r.status).toBe(200)
    })

    it.each([
      [{ name: ' ' }, 'body.name: name is required'],
      [{ dialCode: '62' }, 'body.dialCode: dialCode must be one of 65, 60, 66, 86, 852, 63'],
      [{ mobileNumber: '6123 4567' }, 'body.mobileNumber: not a valid Singapore mobile number'],
      [{ email: 'farah@' }, 'body.email: not a valid email address'],
      [{ nationality: 'Japanese' }, 'body.nationality: nationality must be one of'],
      [{ isRegistered: 'yes' }, 'body.isRegistered'],
      [
        { subscribedCpoEntities: ['LIMO'] },
        'body.subscribedCpoEntities: LIMO is not a charge point operator',
      ],
      [
        { subscribedCpoEntities: ['NOPE', 'EMSP'] },
        'body.subscribedCpoEntities: NOPE, EMSP are not charge point operators',
      ],
      [{ licensePlate: '#1' }, 'body.licensePlate: not a valid license plate'],
      [{ colour: 'red' }, 'body.colour'],
    ])('%j → 400: %s, nothing written', async (change, message) => {
      const before = await countOf('VOLT')
      const r = await call<{ error: { message: string } }>(t.app, 'POST', DASH, {
        token: volt,
        body: { ...body, mobileNumber: '9333 0001', ...change },
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(message)
      expect(await countOf('VOLT')).toBe(before)
    })
  })

  describe('csv import', () => {
    const file = [
      HEADER,
      'Tan Ah Kow,65,9444 0001,ahkow.tan@example.com,Singaporean,yes,CPO;VOLT,SGX4401A',
      'Nur Hidayah,60,012-444 0002,hidayah@example.com,Malaysian,no,,',
      'Bad Email,65,9444 0003,not-an-email,Singaporean,yes,,',
      'Ken Sato,65,9444 0004,ken@example.com,Japanese,yes,,',
      'Again Ah Kow,65,+65 9444-0001,again@example.com,Singaporean,yes,,',
      'Alice Again,65,9111 0001,alice2@example.com,Singaporean,yes,,',
      ',65,9444 0007,noname@example.com,Thai,,,',
      '',
      'Somchai W,66,081 444 0008,somchai@example.com,Thai,y,,',
    ].join('\r\n')
    const expected = [
      [2, 'Tan Ah Kow', '+6594440001', []],
      [3, 'Nur Hidayah', '+60124440002', []],
      [4, 'Bad Email', '+6594440003', [{ path: 'email', message: 'not a valid email address' }]],
      [
        5,
        'Ken Sato',
        '+6594440004',
        [
          {
            path: 'nationality',
            message: 'nationality must be one of Singaporean, Malaysian, Thai, Indonesian',
          },
        ],
      ],
      [
        6,
        'Again Ah Kow',
        '+6594440001',
        [{ path: 'mobileNumber', message: 'the same mobile number is on line 2 of this file' }],
      ],
      [
        7,
        'Alice Again',
        '+6591110001',
        [{ path: 'mobileNumber', message: 'a driver with this mobile number already exists (Alice Tan)' }],
      ],
      [8, '', '+6594440007', [{ path: 'name', message: 'name is required' }]],
      [10, 'Somchai W', '+66814440008', []],
    ]

    it('a dry run reports every row and adds no one', async () => {
      const before = await countOf('VOLT')
      const r = await upload(`${DASH}/import?dryRun=true`, file)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const report = r.body.data.report
      expect(report).toMatchObject({
        dryRun: true,
        fileName: 'drivers.csv',
        total: 8,
        accepted: 3,
        rejected: 5,
      })
      expect(report.rows.map((row) => [row.line, row.name, row.mobileNumber, row.issues])).toEqual(expected)
      expect(report.rows.map((row) => row.status)).toEqual([
        'ready',
        'ready',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'ready',
      ])
      expect(report.rows.every((row) => row.driverId === null)).toBe(true)
      expect(await countOf('VOLT')).toBe(before)
    })

    it('adds the valid rows, reports the rejected ones with their reasons, and records it', async () => {
      const before = await countOf('VOLT')
      const r = await upload(`${DASH}/import`, file)
      expect(r.status).toBe(200)
      const report = r.body.data.report
      expect(report).toMatchObject({ dryRun: false, total: 8, accepted: 3, rejected: 5 })
      expect(report.rows.map((row) => row.status)).toEqual([
        'added',
        'added',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'added',
      ])
      expect(await countOf('VOLT')).toBe(before + 3)
      const added = report.rows.find((row) => row.line === 2)
      const detail = await get<{ data: DriverDetailData }>(volt, `${DASH}/${added?.driverId ?? ''}`)
      expect(detail.body.data.driver).toMatchObject({
        name: 'Tan Ah Kow',
        mobileNumber: '+6594440001',
        isRegistered: true,
        subscribedCpoEntities: ['CPO', 'VOLT'],
        licensePlate: 'SGX4401A',
      })
      const audit = await t.database.db
        .selectFrom('audit_log')
        .where('action', '=', 'ev_drivers_imported')
        .where('entity_code', '=', 'VOLT')
        .select('after')
        .execute()
      expect(audit).toHaveLength(1)
      expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
        fileName: 'drivers.csv',
        rows: 8,
        rejected: 5,
      })
      // The same file again: every row is now a duplicate of the entity's drivers or the file's own.
      const again = await upload(`${DASH}/import`, file)
      expect(again.body.data.report.accepted).toBe(0)
      expect(await countOf('VOLT')).toBe(before + 3)
    })

    it('imports limousine drivers into the caller entity only, and reads Windows-1252 (Excel "CSV") text', async () => {
      const before = { limo: await countOf('LIMO'), volt: await countOf('VOLT') }
      const latin1 = Buffer.from(
        `name,mobileNumber,email,nationality\nJosé Pereira,9555 0001,jose@example.com,Singaporean\n`,
        'latin1',
      )
      const r = await upload(`${LIMO}/import`, latin1, limo)
      expect(r.status).toBe(200)
      expect(r.body.data.report.rows[0]).toMatchObject({ name: 'José Pereira', status: 'added' })
      expect(await countOf('LIMO')).toBe(before.limo + 1)
      expect(await countOf('VOLT')).toBe(before.volt)
    })

    it.each([
      [
        'a file without a required column',
        'name,email\nTan,t@example.com',
        400,
        'file: the header row has no mobileNumber, nationality columns',
      ],
      ['an empty file', '', 400, 'file: the file is empty'],
      ['a header only', `${HEADER}\r\n`, 400, 'file: the file has a header row but no drivers'],
      [
        'an Excel workbook',
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
        400,
        'file: this is an Excel workbook',
      ],
      ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), 400, 'file: this is not a text file'],
      [
        'more than 1 MB',
        `${HEADER}\n${'x'.repeat(1024 * 1024)}`,
        413,
        'file: a csv file can be at most 1 MB',
      ],
      [
        'more than 1,000 rows',
        `${HEADER}\n${Array.from({ length: 1001 }, (_, i) => `D${String(i)},65,9${String(i).padStart(7, '0')},d@example.com,Thai,,,`).join('\n')}`,
        400,
        'file: a file can hold at most 1,000 drivers (this one has 1,001)',
      ],
    ])('refuses %s and adds no one', async (_what, content, status, message) => {
      const before = await countOf('VOLT')
      const r = await upload(`${DASH}/import`, content)
      expect(r.status).toBe(status)
      expect(r.body.error.message).toContain(message)
      expect(await countOf('VOLT')).toBe(before)
    })

    it('refuses a body that is not a multipart upload, and a bad dryRun', async () => {
      const r = await call<{ error: { message: string } }>(t.app, 'POST', `${DASH}/import`, {
        token: volt,
        body: { csv: HEADER },
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('file: send the csv file as multipart/form-data')
      const bad = await upload(`${DASH}/import?dryRun=maybe`, HEADER)
      expect(bad.status).toBe(400)
      expect(bad.body.error.message).toContain('query.dryRun')
    })
  })
})
