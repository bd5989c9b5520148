import type {
  AuthGroupConfig,
  TeamRow,
  TestGroup,
  TestInstanceRow,
  TestPerson,
  TestPersonDetail,
} from '@portal/contract'
import { periodOf } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'

const BASE = '/api/reporting'
/** The fixture results were created in January 2020, one a minute, far from anything the demo seed holds. */
const F0 = Date.UTC(2020, 0, 10, 2, 0, 0)
const MIN = 60_000
const HOUR = 60 * MIN
const RESULTS = ['Negative', 'Negative', 'Positive', 'Negative', 'Inconclusive', 'Negative'] as const
const PROVIDERS = ['Abbott Panbio', 'SD Biosensor', 'Roche Antigen'] as const
const SITES = ['SITE-A', 'SITE-B'] as const
const NAMES = ['Alice Tan', 'Bala Kumar', 'Chen Wei', '=HYPERLINK("http://x")', 'Dewi Santoso'] as const

interface Fixture {
  uuid: string
  person: string
  name: string
  result: string
  provider: string
  site: string
  lot: string
  testId: string
  createdAt: number
  recordedAt: number
  byMedicord: boolean
}

const fullConfig: AuthGroupConfig = {
  credentials: ['testID', 'nationalId'],
  image: { allowed: true, required: false },
  useTestKitLotNo: true,
  useTestKitID: false,
}

async function insertGroup(
  db: Db,
  entity: string,
  uuid: string,
  name: string,
  config: AuthGroupConfig,
  programme = 'medicord',
) {
  const row = await db
    .insertInto('test_group')
    .values({
      entity_code: entity,
      uuid,
      programme,
      name,
      site_ref: 'SITE-A',
      period_days: 7,
      tests_per_period: 1,
      due_days: 3,
      auth_config: JSON.stringify(config),
      created_at: F0,
      updated_at: F0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function insertPerson(
  db: Db,
  entity: string,
  groupId: number,
  uuid: string,
  name: string,
  exempted = false,
) {
  const row = await db
    .insertInto('test_person')
    .values({
      entity_code: entity,
      uuid,
      group_id: groupId,
      full_name: name,
      dial_code: '65',
      mobile_number: '91234567',
      national_id_last_four: '567D',
      nationality: 'Singaporean',
      exempted: exempted ? 1 : 0,
      created_at: F0,
      updated_at: F0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function insertTest(
  db: Db,
  entity: string,
  groupId: number,
  personId: number,
  values: {
    uuid: string
    result: string
    at: number
    provider?: string
    site?: string
    lot?: string
    testId?: string
    recorded?: number
    reporterUserId?: number | null
  },
) {
  await db
    .insertInto('test_instance')
    .values({
      entity_code: entity,
      uuid: values.uuid,
      group_id: groupId,
      person_id: personId,
      test_kit_provider: values.provider ?? 'Abbott Panbio',
      test_kit_lot_no: values.lot ?? null,
      test_kit_id: null,
      test_id: values.testId ?? null,
      credentials: '{}',
      result: values.result,
      site_ref: values.site ?? 'SITE-A',
      reporter_name: values.reporterUserId ? 'Mei Ling Wong' : 'Field Nurse',
      reporter_user_id: values.reporterUserId ?? null,
      image_url: null,
      submitted_at: values.at,
      time_result_recorded: values.recorded ?? values.at + 20 * MIN,
      created_at: values.at,
    })
    .execute()
}

describe.each(DIALECTS)('test programmes on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const fixtures: Fixture[] = []
  const GROUP = 'fx-group-results-0001'
  const FALLBACK_GROUP = 'fx-group-fallback-0001'
  const COMPLIANCE_GROUP = 'fx-group-compliance-01'
  const OTHER_GROUP = 'fx-group-health-00001'
  const OTHER_PERSON = 'fx-person-health-0001'
  const people: { uuid: string; name: string }[] = []
  let now = 0

  const post = async <T>(path: string, body: unknown, user = 'medicord') =>
    call<T>(t.app, 'POST', `${BASE}${path}`, { token: tokens[user], body })
  const get = async <T>(path: string, user = 'medicord') =>
    call<T>(t.app, 'GET', `${BASE}${path}`, { token: tokens[user] })
  const ti = async (body: Record<string, unknown>) => {
    const r = await post<{ data: TestInstanceRow[]; total: number }>('/ti-filter', {
      group_id: GROUP,
      limit: 1000,
      offset: 0,
      ...body,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body
  }
  const newestFirst = (pred: (f: Fixture) => boolean) =>
    fixtures
      .filter(pred)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((f) => f.uuid)

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const db = t.database.db
    for (const user of ['medicord', 'health', 'vending']) tokens[user] = await loginAs(t.app, user)
    const medicordId = (
      await db
        .selectFrom('app_user')
        .where('username', '=', 'medicord')
        .select('id')
        .executeTakeFirstOrThrow()
    ).id

    // 60 results of 5 people in one group, one a minute.
    const groupId = await insertGroup(db, 'MEDI', GROUP, 'Fixture Results Crew', fullConfig)
    const personIds: number[] = []
    for (const [i, name] of NAMES.entries()) {
      const uuid = `fx-person-${String(i).padStart(4, '0')}-results`
      people.push({ uuid, name })
      personIds.push(await insertPerson(db, 'MEDI', groupId, uuid, name))
    }
    for (let i = 0; i < 60; i++) {
      const p = i % NAMES.length
      const f: Fixture = {
        uuid: `fx-ti-${String(i).padStart(3, '0')}`,
        person: people[p]?.uuid ?? '',
        name: NAMES[p] ?? '',
        result: RESULTS[i % RESULTS.length] ?? 'Negative',
        provider: PROVIDERS[i % PROVIDERS.length] ?? 'Abbott Panbio',
        site: SITES[i % SITES.length] ?? 'SITE-A',
        lot: `LOT-${String(i % 4)}X`,
        testId: `ART-${String(10_000 + i)}`,
        createdAt: F0 + i * MIN,
        recordedAt: F0 + i * MIN + 20 * MIN,
        byMedicord: i % 3 === 0,
      }
      fixtures.push(f)
      await insertTest(db, 'MEDI', groupId, personIds[p] ?? 0, {
        uuid: f.uuid,
        result: f.result,
        at: f.createdAt,
        provider: f.provider,
        site: f.site,
        lot: f.lot,
        testId: f.testId,
        recorded: f.recordedAt,
        reporterUserId: f.byMedicord ? medicordId : null,
      })
    }

    // A group with no credentials: A §5's fallback applies.
    const fallbackId = await insertGroup(db, 'MEDI', FALLBACK_GROUP, 'Fixture Fallback Team', {
      credentials: [],
      image: { allowed: false, required: false },
      useTestKitLotNo: true,
      useTestKitID: true,
    })
    await insertPerson(db, 'MEDI', fallbackId, 'fx-person-fallback-01', 'Farah Hassan')

    // Compliance in the current period, one person per rule.
    now = Date.now()
    const period = periodOf({ periodDays: 7, testsPerPeriod: 1, dueDays: 3 }, now)
    const cg = await insertGroup(db, 'MEDI', COMPLIANCE_GROUP, 'Fixture Compliance Ward', fullConfig, 'covid')
    const plan: [string, boolean, string | null][] = [
      ['Exempt Person', true, null],
      ['Negative Person', false, 'Negative'],
      ['Positive Person', false, 'Positive'],
      ['Untested Person', false, null],
      ['Error Person', false, 'Error'],
      ['Collected Person', false, 'Collected'],
    ]
    for (const [i, [name, exempted, result]] of plan.entries()) {
      const id = await insertPerson(db, 'MEDI', cg, `fx-person-compliance-${String(i)}`, name, exempted)
      if (result)
        await insertTest(db, 'MEDI', cg, id, { uuid: `fx-cti-${String(i)}`, result, at: period.start + HOUR })
    }

    // Another entity's group and person.
    const other = await insertGroup(db, 'HEALTH', OTHER_GROUP, 'Other Clinic Team', fullConfig)
    const otherPerson = await insertPerson(db, 'HEALTH', other, OTHER_PERSON, 'Other Patient')
    await insertTest(db, 'HEALTH', other, otherPerson, { uuid: 'fx-other-ti', result: 'Negative', at: F0 })
  })
  afterAll(() => t.close())

  describe('POST /ti-filter', () => {
    it("lists the group's results newest first with the total beside the data", async () => {
      const body = await ti({})
      expect(body.total).toBe(60)
      expect(body.data.map((r) => r.uuid)).toEqual(newestFirst(() => true))
      expect(body.data[0]).toEqual({
        uuid: 'fx-ti-059',
        testKitProvider: 'Roche Antigen',
        submittedAt: F0 + 59 * MIN,
        result: 'Negative',
        reporterName: 'Field Nurse',
        siteRef: 'SITE-B',
        testKitLot: 'LOT-3X',
        testID: 'ART-10059',
        testKitID: null,
        fullName: 'Dewi Santoso',
        personUuid: people[4]?.uuid,
        groupUuid: GROUP,
        createdAt: F0 + 59 * MIN,
        timeResultRecorded: F0 + 79 * MIN,
        imageUrl: null,
      })
    })

    it('pages by 25 by default: page 2 skips page 1, the last page is short, the total stays', async () => {
      const all = newestFirst(() => true)
      const page = async (offset?: number) => {
        const r = await post<{ data: TestInstanceRow[]; total: number }>('/ti-filter', {
          group_id: GROUP,
          ...(offset === undefined ? {} : { offset }),
        })
        expect(r.status).toBe(200)
        expect(r.body.total).toBe(60)
        return r.body.data.map((d) => d.uuid)
      }
      const [p1, p2, p3] = [await page(), await page(25), await page(50)]
      expect(p1).toEqual(all.slice(0, 25))
      expect(p2).toEqual(all.slice(25, 50))
      expect(p3).toEqual(all.slice(50))
      expect(p2.some((u) => p1.includes(u))).toBe(false)
    })

    const filters: [string, Record<string, unknown>, (f: Fixture) => boolean][] = [
      [
        'created_at bounds, both inclusive',
        { created_at_lower: F0 + 10 * MIN, created_at_upper: F0 + 20 * MIN },
        (f) => f.createdAt >= F0 + 10 * MIN && f.createdAt <= F0 + 20 * MIN,
      ],
      ['result', { result: 'Positive' }, (f) => f.result === 'Positive'],
      ['test_site', { test_site: 'SITE-B' }, (f) => f.site === 'SITE-B'],
      [
        'tests_list',
        { tests_list: ['SD Biosensor', 'Roche Antigen'] },
        (f) => f.provider !== 'Abbott Panbio',
      ],
      ['users_list', { users_list: ['fx-person-0001-results'] }, (f) => f.name === 'Bala Kumar'],
      ['users_list of nobody in the group', { users_list: [OTHER_PERSON] }, () => false],
      ['search by testKitLotNo', { search: 'lot-2', search_by: 'testKitLotNo' }, (f) => f.lot === 'LOT-2X'],
      [
        'search by credentials.testID',
        { search: '1004', search_by: 'credentials.testID' },
        (f) => f.testId.includes('1004'),
      ],
      [
        'search by fullName, any case',
        { search: 'CHEN', search_by: 'fullName' },
        (f) => f.name === 'Chen Wei',
      ],
      ['search on every field', { search: 'wei' }, (f) => f.name === 'Chen Wei'],
      ['search matches wildcards literally', { search: '%' }, () => false],
      [
        'several filters together',
        { result: 'Negative', test_site: 'SITE-A', created_at_upper: F0 + 30 * MIN },
        (f) => f.result === 'Negative' && f.site === 'SITE-A' && f.createdAt <= F0 + 30 * MIN,
      ],
    ]
    it.each(filters)('filters by %s, and the total counts the matches', async (_name, body, pred) => {
      const r = await ti(body)
      expect(r.data.map((d) => d.uuid)).toEqual(newestFirst(pred))
      expect(r.total).toBe(fixtures.filter(pred).length)
    })

    it.each([
      [{ group_id: GROUP, result: 'positive' }, 'body.result'],
      [{ group_id: GROUP, limit: 0 }, 'body.limit'],
      [{ group_id: GROUP, offset: -1 }, 'body.offset'],
      [{ group_id: GROUP, created_at_lower: 'yesterday' }, 'body.created_at_lower'],
      [{ group_id: GROUP, created_at_lower: 10, created_at_upper: 5 }, 'body.created_at_upper'],
      [{ group_id: GROUP, tests_list: 'Abbott' }, 'body.tests_list'],
      [{ group_id: GROUP, search_by: 'email', search: 'x' }, 'body.search_by'],
      [{ group_id: GROUP, group: GROUP }, 'body.group'],
      [{ limit: 25, offset: 0 }, 'body.group_id'],
    ])('answers 400 naming the field for %j', async (body, field) => {
      const r = await post<{ error: { message: string } }>('/ti-filter', body)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
    })

    it("answers 404 for another entity's group, and for one that does not exist", async () => {
      for (const group of [OTHER_GROUP, 'no-such-group-0000']) {
        const r = await post<{ error: unknown }>('/ti-filter', { group_id: group })
        expect(r.status).toBe(404)
        expect(Object.keys(r.body)).toEqual(['error'])
      }
      const theirs = await post('/ti-filter', { group_id: GROUP }, 'health')
      expect(theirs.status).toBe(404)
    })
  })

  describe('POST /ti-filter?csv=true', () => {
    const csv = async (body: Record<string, unknown>, query = 'csv=true') => {
      const r = await call<string>(t.app, 'POST', `${BASE}/ti-filter?${query}`, {
        token: tokens.medicord,
        body: { group_id: GROUP, ...body },
      })
      return r
    }

    it('streams every matching row (not one page) with a header, as an attachment', async () => {
      const r = await csv({ limit: 5, offset: 0 })
      expect(r.status).toBe(200)
      expect(r.response.headers['content-type']).toContain('text/csv')
      expect(r.response.headers['content-disposition']).toMatch(
        /^attachment; filename="test-results-fixture-results-crew-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      const lines = r.response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
      expect(lines[0]).toBe(
        'uuid,fullName,testKitProvider,testKitLot,testKitID,testID,result,siteRef,reporterName,submittedAt,timeResultRecorded,createdAt',
      )
      expect(lines).toHaveLength(61)
      expect(lines[1]).toBe(
        `fx-ti-059,Dewi Santoso,Roche Antigen,LOT-3X,,ART-10059,Negative,SITE-B,Field Nurse,${new Date(F0 + 59 * MIN).toISOString()},${new Date(F0 + 79 * MIN).toISOString()},${new Date(F0 + 59 * MIN).toISOString()}`,
      )
    })

    it('applies the filters, and neutralises text a spreadsheet would run as a formula', async () => {
      const r = await csv({ users_list: ['fx-person-0003-results'] })
      const lines = r.response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
      expect(lines).toHaveLength(1 + fixtures.filter((f) => f.name.startsWith('=')).length)
      for (const line of lines.slice(1)) expect(line).toContain(`,"'=HYPERLINK(""http://x"")",`)
    })

    it('reads past one batch of 2,000 rows without repeats (keyset continuation)', async () => {
      const db = t.database.db
      const big = await insertGroup(db, 'MEDI', 'fx-group-big-000001', 'Fixture Big Batch', fullConfig)
      const person = await insertPerson(db, 'MEDI', big, 'fx-person-big-00001', 'Big Batch')
      const rows = Array.from({ length: 2101 }, (_, i) => ({
        entity_code: 'MEDI',
        uuid: `fx-big-${String(i)}`,
        group_id: big,
        person_id: person,
        test_kit_provider: 'Abbott Panbio',
        test_kit_lot_no: null,
        test_kit_id: null,
        test_id: null,
        credentials: '{}',
        result: 'Negative',
        site_ref: 'SITE-A',
        reporter_name: 'Nurse',
        reporter_user_id: null,
        image_url: null,
        // Pairs share a time, so the continuation must break ties by id.
        submitted_at: F0 + Math.floor(i / 2) * MIN,
        time_result_recorded: F0 + Math.floor(i / 2) * MIN,
        created_at: F0 + Math.floor(i / 2) * MIN,
      }))
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('test_instance')
          .values(rows.slice(i, i + 500))
          .execute()
      const r = await call<string>(t.app, 'POST', `${BASE}/ti-filter?csv=true`, {
        token: tokens.medicord,
        body: { group_id: 'fx-group-big-000001' },
      })
      const uuids = r.response.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0])
      expect(uuids).toHaveLength(2101)
      expect(new Set(uuids).size).toBe(2101)
    })

    it.each([
      ['csv=yes', 'query.csv'],
      ['csv=true&x=1', 'query.x'],
    ])('answers 400 for ?%s', async (query, field) => {
      const r = await csv({}, query)
      expect(r.status).toBe(400)
      expect(JSON.parse(r.response.body).error.message).toContain(field)
    })

    it("answers 404 (JSON, no file) for another entity's group", async () => {
      const r = await call(t.app, 'POST', `${BASE}/ti-filter?csv=true`, {
        token: tokens.medicord,
        body: { group_id: OTHER_GROUP },
      })
      expect(r.status).toBe(404)
      expect(r.response.headers['content-type']).toContain('application/json')
    })
  })

  describe('GET /testInstances (team view)', () => {
    type Team = { total: number; limit: number; skip: number; data: TeamRow[] }
    const team = async (query: string, user = 'medicord') => get<Team>(`/testInstances?${query}`, user)
    const byRecordedDesc = (pred: (f: Fixture) => boolean) =>
      fixtures
        .filter(pred)
        .sort((a, b) => b.recordedAt - a.recordedAt)
        .map((f) => f.uuid)

    it('shows every reporter with as=superuser, newest result first, Feathers-paginated', async () => {
      const r = await team(`as=superuser&group=${GROUP}`)
      expect(r.status).toBe(200)
      expect(r.body.total).toBe(60)
      expect(r.body.limit).toBe(25)
      expect(r.body.skip).toBe(0)
      expect(r.body.data.map((d) => d.uuid)).toEqual(byRecordedDesc(() => true).slice(0, 25))
      expect(r.body.data[0]).toEqual({
        uuid: 'fx-ti-059',
        personUuid: people[4]?.uuid,
        fullName: 'Dewi Santoso',
        mobileNumber: '+65 9123 4567',
        nationalIdLastFour: '567D',
        result: 'Negative',
        submittedAt: F0 + 59 * MIN,
        timeResultRecorded: F0 + 79 * MIN,
        reporterName: 'Field Nurse',
      })
    })

    it('page 2 ($skip=25) returns rows 26–50 and none of page 1', async () => {
      const all = byRecordedDesc(() => true)
      const p1 = (await team(`as=superuser&group=${GROUP}&$limit=25&$skip=0`)).body.data.map((d) => d.uuid)
      const p2 = await team(`as=superuser&group=${GROUP}&$limit=25&$skip=25`)
      expect(p2.body.skip).toBe(25)
      const p2ids = p2.body.data.map((d) => d.uuid)
      expect(p2ids).toEqual(all.slice(25, 50))
      expect(p2ids.filter((u) => p1.includes(u))).toEqual([])
      const p3 = await team(`as=superuser&group=${GROUP}&$limit=25&$skip=50`)
      expect(p3.body.data.map((d) => d.uuid)).toEqual(all.slice(50))
    })

    it('takes timeResultRecorded[$gt] as exclusive and [$lte] as inclusive', async () => {
      const gt = F0 + 10 * MIN + 20 * MIN
      const lte = F0 + 20 * MIN + 20 * MIN
      const r = await team(
        `as=superuser&group=${GROUP}&timeResultRecorded[$gt]=${String(gt)}&timeResultRecorded[$lte]=${String(lte)}`,
      )
      const expected = byRecordedDesc((f) => f.recordedAt > gt && f.recordedAt <= lte)
      expect(expected).toHaveLength(10)
      expect(r.body.data.map((d) => d.uuid)).toEqual(expected)
      expect(r.body.total).toBe(10)
      expect(r.body.data.map((d) => d.uuid)).not.toContain('fx-ti-010')
      expect(r.body.data.map((d) => d.uuid)).toContain('fx-ti-020')
    })

    it('without as=superuser shows only the results the caller reported', async () => {
      const r = await team(`group=${GROUP}&$limit=100`)
      expect(r.body.data.map((d) => d.uuid)).toEqual(byRecordedDesc((f) => f.byMedicord))
      expect(r.body.total).toBe(20)
    })

    it('sorts oldest first with $sort[timeResultRecorded]=1', async () => {
      const r = await team(`as=superuser&group=${GROUP}&$sort[timeResultRecorded]=1&$limit=3`)
      expect(r.body.data.map((d) => d.uuid)).toEqual(['fx-ti-000', 'fx-ti-001', 'fx-ti-002'])
    })

    it.each([
      ['as=superuser', 'query.group'],
      [`group=${GROUP}&foo=1`, 'query.foo'],
      [`group=${GROUP}&timeResultRecorded[$gte]=1`, 'query.timeResultRecorded[$gte]'],
      [`group=${GROUP}&as=admin`, 'query.as'],
      [`group=${GROUP}&$limit=0`, 'query.$limit'],
      [`group=${GROUP}&$limit=101`, 'query.$limit'],
      [`group=${GROUP}&$skip=-25`, 'query.$skip'],
      [`group=${GROUP}&timeResultRecorded[$gt]=yesterday`, 'query.timeResultRecorded[$gt]'],
      [
        `group=${GROUP}&timeResultRecorded[$gt]=5&timeResultRecorded[$lte]=5`,
        'query.timeResultRecorded[$lte]',
      ],
    ])('answers 400 naming the key for ?%s', async (query, key) => {
      const r = await team(query)
      expect(r.status).toBe(400)
      expect((r.body as unknown as { error: { message: string } }).error.message).toContain(key)
    })

    it("answers 404 for another entity's group", async () => {
      expect((await team(`as=superuser&group=${OTHER_GROUP}`)).status).toBe(404)
      expect((await team(`as=superuser&group=${GROUP}`, 'health')).status).toBe(404)
    })
  })

  describe('groups and people', () => {
    it('lists the groups with their configuration, members and compliance; filters by programme and name', async () => {
      const r = await post<{ data: { groups: TestGroup[]; count: number } }>('/groups/filter', {
        search: 'fixture',
        limit: 100,
        offset: 0,
      })
      expect(r.status).toBe(200)
      expect(r.body.data.groups.map((g) => g.uuid)).toEqual(
        [COMPLIANCE_GROUP, 'fx-group-big-000001', FALLBACK_GROUP, GROUP].filter((u) =>
          r.body.data.groups.some((g) => g.uuid === u),
        ),
      )
      const results = r.body.data.groups.find((g) => g.uuid === GROUP)
      expect(results).toMatchObject({
        name: 'Fixture Results Crew',
        memberCount: 5,
        authConfig: fullConfig,
        lastTestAt: F0 + 59 * MIN,
      })
      const fallback = r.body.data.groups.find((g) => g.uuid === FALLBACK_GROUP)
      expect(fallback?.authConfig).toEqual({
        credentials: [],
        image: { allowed: true, required: true },
        useTestKitLotNo: false,
        useTestKitID: false,
      })
      const covid = await post<{ data: { groups: TestGroup[]; count: number } }>('/groups/filter', {
        programme: 'covid',
        search: 'fixture',
      })
      expect(covid.body.data.groups.map((g) => g.uuid)).toEqual([COMPLIANCE_GROUP])
      expect(covid.body.data.count).toBe(1)
    })

    it('counts the compliance of each person in the current period', async () => {
      const r = await get<{ data: { group: TestGroup; sites: string[]; testKitProviders: string[] } }>(
        `/groups/${COMPLIANCE_GROUP}`,
      )
      expect(r.status).toBe(200)
      const period = periodOf({ periodDays: 7, testsPerPeriod: 1, dueDays: 3 }, Date.now())
      const untested = Date.now() < period.due ? 'Pending' : 'Late'
      const expected = {
        Late: 0,
        Complete: 1,
        Pending: 1,
        Error: 1,
        Compliant: 0,
        Failed: 1,
        Partial: 0,
        Exempted: 1,
      }
      expected[untested]++
      expect(r.body.data.group.compliance).toEqual(expected)
      expect(r.body.data.group.period).toEqual(period)
      expect(r.body.data.group.testsInPeriod).toBe(4)
    })

    it('gives the options of the result filters', async () => {
      const r = await get<{ data: { sites: string[]; testKitProviders: string[] } }>(`/groups/${GROUP}`)
      expect(r.body.data.sites).toEqual(['SITE-A', 'SITE-B'])
      expect(r.body.data.testKitProviders).toEqual([...PROVIDERS].sort())
    })

    it('lists the people of a group with their compliance; searches name, number and ID', async () => {
      const r = await post<{ data: { people: TestPerson[]; count: number } }>('/people/filter', {
        group_id: COMPLIANCE_GROUP,
      })
      expect(r.status).toBe(200)
      expect(r.body.data.count).toBe(6)
      const of = (name: string) => r.body.data.people.find((p) => p.fullName === name)?.compliance
      expect(of('Exempt Person')).toBe('Exempted')
      expect(of('Negative Person')).toBe('Complete')
      expect(of('Positive Person')).toBe('Failed')
      expect(of('Error Person')).toBe('Error')
      expect(of('Collected Person')).toBe('Pending')
      expect(r.body.data.people.map((p) => p.fullName)).toEqual(
        [...r.body.data.people.map((p) => p.fullName)].sort(),
      )
      const positive = r.body.data.people.find((p) => p.fullName === 'Positive Person')
      expect(positive?.lastTest?.result).toBe('Positive')
      expect(positive).toMatchObject({
        mobileNumber: '+65 9123 4567',
        nationalIdLastFour: '567D',
        groupUuid: COMPLIANCE_GROUP,
        programme: 'covid',
      })

      const search = async (q: string) =>
        (
          await post<{ data: { people: TestPerson[] } }>('/people/filter', { group_id: GROUP, search: q })
        ).body.data.people.map((p) => p.fullName)
      expect(await search('bala')).toEqual(['Bala Kumar'])
      expect(await search('9123 45')).toHaveLength(5)
      expect(await search('567d')).toHaveLength(5)
      expect(await search('zzz')).toEqual([])
    })

    it('shows a person with their compliance over the last eight periods', async () => {
      const r = await get<{ data: TestPersonDetail }>('/people/fx-person-compliance-2')
      expect(r.status).toBe(200)
      expect(r.body.data.person).toMatchObject({ fullName: 'Positive Person', compliance: 'Failed' })
      expect(r.body.data.group).toMatchObject({ uuid: COMPLIANCE_GROUP, authConfig: fullConfig })
      expect(r.body.data.periods).toHaveLength(8)
      expect(r.body.data.periods[0]).toMatchObject({ compliance: 'Failed', tests: 1 })
      expect(r.body.data.periods.slice(1).every((p) => p.compliance === 'Late' && p.tests === 0)).toBe(true)
    })

    it("answers 404 for another entity's group or person, and for a group filter naming one", async () => {
      for (const path of [`/groups/${OTHER_GROUP}`, `/people/${OTHER_PERSON}`, '/people/nobody-at-all'])
        expect((await get(path)).status).toBe(404)
      expect((await post('/people/filter', { group_id: OTHER_GROUP })).status).toBe(404)
      expect((await get(`/groups/${GROUP}`, 'health')).status).toBe(404)
      const theirs = await post<{ data: { groups: TestGroup[] } }>('/groups/filter', {}, 'health')
      expect(theirs.body.data.groups.map((g) => g.uuid)).toEqual([OTHER_GROUP])
    })

    it.each([
      ['/groups/filter', { programme: 'flu' }, 'body.programme'],
      ['/groups/filter', { limit: 5000 }, 'body.limit'],
      ['/people/filter', { group: GROUP }, 'body.group'],
      ['/people/filter', { search: '' }, 'body.search'],
    ])('%s answers 400 for %j', async (path, body, field) => {
      const r = await post<{ error: { message: string } }>(path, body)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
    })
  })

  describe('POST /testInstances (supervisor submission)', () => {
    const valid = {
      group: GROUP,
      person: 'fx-person-0000-results',
      result: 'Negative',
      testKitProvider: 'Abbott Panbio',
      testKitLotNo: 'LOT-NEW1',
      credentials: { testID: 'ART-99999', nationalId: 's1234567d' },
    }
    const submit = (body: unknown, user = 'medicord') =>
      post<{ data: TestInstanceRow; error: { message: string; issues: { path: string }[] } }>(
        '/testInstances',
        body,
        user,
      )
    const countAll = async () =>
      (
        await t.database.db
          .selectFrom('test_instance')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n

    it('records the result; it shows in the group results, the team view and the person', async () => {
      const before = await ti({ search: 'ART-99999' })
      expect(before.total).toBe(0)
      const r = await submit(valid)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data).toMatchObject({
        result: 'Negative',
        testKitProvider: 'Abbott Panbio',
        testKitLot: 'LOT-NEW1',
        testID: 'ART-99999',
        fullName: 'Alice Tan',
        reporterName: 'Mei Ling Wong',
        siteRef: 'SITE-A',
        groupUuid: GROUP,
      })
      expect(Math.abs(r.body.data.submittedAt - Date.now())).toBeLessThan(60_000)
      const after = await ti({ search: 'ART-99999' })
      expect(after.data.map((d) => d.uuid)).toEqual([r.body.data.uuid])
      expect((await ti({})).total).toBe(61)
      const team = await get<{ data: TeamRow[] }>(`/testInstances?group=${GROUP}&$limit=1`)
      expect(team.body.data[0]?.uuid).toBe(r.body.data.uuid)
      const person = await get<{ data: TestPersonDetail }>('/people/fx-person-0000-results')
      expect(person.body.data.person.lastTest?.result).toBe('Negative')
      // Only the last four of the national ID are stored.
      const stored = await t.database.db
        .selectFrom('test_instance')
        .where('uuid', '=', r.body.data.uuid)
        .select('credentials')
        .executeTakeFirstOrThrow()
      expect(JSON.parse(stored.credentials)).toEqual({ nationalIdLastFour: '567D' })
      const audit = await t.database.db
        .selectFrom('audit_log')
        .where('object_id', '=', r.body.data.uuid)
        .select('action')
        .execute()
      expect(audit.map((a) => a.action)).toEqual(['test_result_submitted'])
    })

    it('takes the test time and site when given', async () => {
      const at = Date.now() - 3 * HOUR
      const r = await submit({
        ...valid,
        credentials: { ...valid.credentials, testID: 'ART-88888' },
        submittedAt: at,
        siteRef: 'SITE-B',
      })
      expect(r.status).toBe(200)
      expect(r.body.data).toMatchObject({ submittedAt: at, siteRef: 'SITE-B' })
    })

    const invalid: [string, Record<string, unknown>, string[]][] = [
      [
        'a missing credential',
        { ...valid, credentials: { testID: 'ART-1234' } },
        ['body.credentials.nationalId'],
      ],
      [
        'a national ID that is not the person’s',
        { ...valid, credentials: { ...valid.credentials, nationalId: 'S7654321A' } },
        ['body.credentials.nationalId'],
      ],
      [
        'a malformed national ID',
        { ...valid, credentials: { ...valid.credentials, nationalId: '567D' } },
        ['body.credentials.nationalId'],
      ],
      [
        'a credential the group does not ask for',
        { ...valid, credentials: { ...valid.credentials, staffId: 'E100' } },
        ['body.credentials.staffId'],
      ],
      ['no lot number', { ...valid, testKitLotNo: undefined }, ['body.testKitLotNo']],
      ['a kit ID the group does not use', { ...valid, testKitID: 'KIT-1' }, ['body.testKitID']],
      ['a test time in the future', { ...valid, submittedAt: Date.now() + 2 * HOUR }, ['body.submittedAt']],
      ['a member of another group', { ...valid, person: 'fx-person-fallback-01' }, ['body.person']],
      [
        'no photo in the fallback group',
        {
          group: FALLBACK_GROUP,
          person: 'fx-person-fallback-01',
          result: 'Negative',
          testKitProvider: 'BD Veritor',
        },
        ['body.imageUrl'],
      ],
      [
        'a lot number in the fallback group',
        {
          group: FALLBACK_GROUP,
          person: 'fx-person-fallback-01',
          result: 'Negative',
          testKitProvider: 'BD Veritor',
          testKitLotNo: 'L1',
          imageUrl: `/uploads/${'a'.repeat(32)}.png`,
        },
        ['body.testKitLotNo'],
      ],
      ['a result outside the catalogue', { ...valid, result: 'Maybe' }, ['body.result']],
      ['an image from elsewhere', { ...valid, imageUrl: 'https://example.com/x.png' }, ['body.imageUrl']],
      ['an unknown field', { ...valid, note: 'x' }, ['body.note']],
      ['no test kit provider', { ...valid, testKitProvider: ' ' }, ['body.testKitProvider']],
    ]
    it.each(invalid)('answers 400 and writes nothing for %s', async (_name, body, paths) => {
      const before = await countAll()
      const r = await submit(body)
      expect(r.status, JSON.stringify(r.body)).toBe(400)
      for (const path of paths) expect(r.body.error.message).toContain(path)
      expect(await countAll()).toBe(before)
    })

    it('the fallback group takes a photo and nothing else', async () => {
      const r = await submit({
        group: FALLBACK_GROUP,
        person: 'fx-person-fallback-01',
        result: 'Collected',
        testKitProvider: 'BD Veritor',
        imageUrl: `/uploads/${'b'.repeat(32)}.jpg`,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data).toMatchObject({
        imageUrl: `/uploads/${'b'.repeat(32)}.jpg`,
        testKitLot: null,
        testID: null,
      })
    })

    it("answers 404 for another entity's group or person, and writes nothing", async () => {
      const before = await countAll()
      expect((await submit({ ...valid, group: OTHER_GROUP })).status).toBe(404)
      expect((await submit({ ...valid, person: OTHER_PERSON })).status).toBe(404)
      expect((await submit(valid, 'health')).status).toBe(404)
      expect(await countAll()).toBe(before)
    })
  })
})
