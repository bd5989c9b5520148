import type { EmployeeListItem, PersonDetail, PersonListItem } from '@portal/contract'
import { ClosedLoopStatus, EmployeeBalanceType } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../../test-support'
import {
  closedLoopPersonRedemptionExportSource,
  closedLoopRedemptionExportSource,
} from './closed-loop.export'

const PERSONS = '/api/main/promo/closed-loops/filter'
const EMPLOYEES = '/api/main/promo/employees/filter'
const DAY = 86_400_000

type Persons = { persons: PersonListItem[]; count: number; can_export: boolean }
type Employees = { employees: EmployeeListItem[]; count: number; can_export: boolean }

describe.each(DIALECTS)('closed loop on %s', (dialect) => {
  let t: TestApp
  let token: string
  let persons: PersonListItem[]
  let employees: EmployeeListItem[]

  const filterPersons = async (body: Record<string, unknown>, as = token) => {
    const r = await call(t.app, 'POST', PERSONS, { token: as, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as Persons
  }
  const filterEmployees = async (filter: Record<string, unknown>, as = token) => {
    const r = await call(t.app, 'POST', EMPLOYEES, {
      token: as,
      body: { filter: { limit: 1000, offset: 0, ...filter } },
    })
    expect(r.status).toBe(200)
    return r.body.data as Employees
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.1 })
    token = await loginAs(t.app, 'vending')
    persons = (await filterPersons({})).persons
    employees = (await filterEmployees({})).employees
  })
  afterAll(() => t.close())

  it('lists persons newest first with the count', async () => {
    expect(persons.length).toBe(40)
    const times = persons.map((p) => p.created_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect((await filterPersons({ limit: 20, offset: 0 })).count).toBe(40)
  })

  it('pages persons and employees while the count stays the total', async () => {
    const p2 = await filterPersons({ limit: 20, offset: 20 })
    expect(p2.persons.map((p) => p.person_uuid)).toEqual(persons.slice(20, 40).map((p) => p.person_uuid))
    expect(p2.count).toBe(40)
    const e2 = await filterEmployees({ limit: 20, offset: 20 })
    expect(e2.employees.map((e) => e.employee_uuid)).toEqual(
      employees.slice(20, 40).map((e) => e.employee_uuid),
    )
    expect(e2.count).toBe(employees.length)
  })

  it('has employees of both variants, with and without a person, and consistent balances', () => {
    expect(employees.some((e) => e.balance_type === EmployeeBalanceType.Quota)).toBe(true)
    expect(employees.some((e) => e.balance_type === EmployeeBalanceType.ItemBalance)).toBe(true)
    expect(employees.some((e) => e.person_uuid === null)).toBe(true)
    for (const e of employees) {
      expect(e.item_balance).toBeGreaterThanOrEqual(0)
      expect(e.item_balance).toBeLessThanOrEqual(e.quota)
      if (e.balance_type === EmployeeBalanceType.Quota) {
        expect(e.refresh_frequency_type).toBeGreaterThan(0)
        expect(e.next_refresh_time).toBeGreaterThan(TEST_NOW)
      } else {
        expect(e.refresh_frequency_type).toBe(0)
        expect(e.next_refresh_time).toBeNull()
      }
    }
  })

  const personCases: [string, Record<string, unknown>, (p: PersonListItem) => boolean][] = [
    ['status Active', { status: ClosedLoopStatus.Active }, (p) => p.status === ClosedLoopStatus.Active],
    [
      'search hospital code',
      { search_key: 'hospital_code', search_value: 'sgh' },
      (p) => p.hospital_code.toLowerCase().includes('sgh'),
    ],
    ['search name, any case', { search_key: 'name', search_value: 'TAN' }, (p) => /tan/i.test(p.name)],
    ['search email', { search_key: 'email', search_value: '@nuh' }, (p) => p.email.includes('@nuh')],
    [
      'search every field',
      { search_value: 'lim' },
      (p) =>
        [p.name, p.username, p.email, p.phone_number, p.person_uuid, p.hospital_code].some((v) =>
          v.toLowerCase().includes('lim'),
        ),
    ],
  ]

  it.each(personCases)('person filters: %s', async (_name, body, rule) => {
    const expected = persons.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    const result = await filterPersons(body)
    expect(result.persons.map((p) => p.person_uuid)).toEqual(expected.map((p) => p.person_uuid))
    expect(result.count).toBe(expected.length)
  })

  it('filters persons by uuid list and by uuid, NRIC tail and redemption code search', async () => {
    const uuids = [persons[2]?.person_uuid ?? '', persons[5]?.person_uuid ?? '']
    const byList = await filterPersons({ person_uuid_list: uuids })
    expect(byList.persons.map((p) => p.person_uuid)).toEqual(uuids)
    const one = persons[3] as PersonListItem
    expect((await filterPersons({ search_key: 'uuid', search_value: one.person_uuid })).persons).toHaveLength(
      1,
    )
    const nric = await filterPersons({
      search_key: 'nric_last_four_characters',
      search_value: one.nric_last_four_characters,
    })
    expect(nric.persons.map((p) => p.person_uuid)).toContain(one.person_uuid)
    const owned = employees.find((e) => e.person_uuid !== null) as EmployeeListItem
    const byCode = await filterPersons({ search_key: 'redemption_code', search_value: owned.redemption_code })
    expect(byCode.persons.map((p) => p.person_uuid)).toEqual([owned.person_uuid])
  })

  const employeeCases: [string, Record<string, unknown>, (e: EmployeeListItem) => boolean][] = [
    ['status Suspended', { status: 2 }, (e) => e.status === 2],
    ['quota variant', { balance_type: 2 }, (e) => e.balance_type === 2],
    ['item balance variant', { balance_type: 1 }, (e) => e.balance_type === 1],
    ['set hospitals', { set_list: ['hospitals-sgh'] }, (e) => e.set?.code === 'hospitals-sgh'],
    [
      'last collection in the last week',
      { last_collection_from: TEST_NOW - 7 * DAY, last_collection_to: TEST_NOW },
      (e) => e.last_collected !== null && e.last_collected >= TEST_NOW - 7 * DAY,
    ],
    [
      'created 30 to 60 days ago',
      { created_at_lower: TEST_NOW - 60 * DAY, created_at_upper: TEST_NOW - 30 * DAY },
      (e) => e.created_at >= TEST_NOW - 60 * DAY && e.created_at <= TEST_NOW - 30 * DAY,
    ],
    [
      'last refresh in the last 3 days',
      { last_result_from: TEST_NOW - 3 * DAY },
      (e) => e.refresh_time !== null && e.refresh_time >= TEST_NOW - 3 * DAY,
    ],
    [
      'active quota employees at the hospitals',
      { status: 1, balance_type: 2, set_list: ['hospitals-sgh'] },
      (e) => e.status === 1 && e.balance_type === 2 && e.set?.code === 'hospitals-sgh',
    ],
    [
      'search redemption code',
      { search_key: 'redemption_code', search_value: 'cl00' },
      (e) => e.redemption_code.toLowerCase().includes('cl00'),
    ],
  ]

  it.each(employeeCases)('employee filters (nested body): %s', async (_name, filter, rule) => {
    const expected = employees.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(employees.length)
    const result = await filterEmployees(filter)
    expect(result.employees.map((e) => e.employee_uuid)).toEqual(expected.map((e) => e.employee_uuid))
    expect(result.count).toBe(expected.length)
  })

  it('filters employees by uuid list and person', async () => {
    const uuids = [employees[1]?.employee_uuid ?? '', employees[4]?.employee_uuid ?? '']
    expect(
      (await filterEmployees({ employee_uuid_list: uuids })).employees.map((e) => e.employee_uuid),
    ).toEqual(uuids)
    const owned = employees.find((e) => e.person_uuid !== null) as EmployeeListItem
    const mine = await filterEmployees({ person_uuid: owned.person_uuid })
    expect(mine.employees.every((e) => e.person_uuid === owned.person_uuid)).toBe(true)
    expect(mine.employees.map((e) => e.employee_uuid)).toContain(owned.employee_uuid)
  })

  it('returns a person with their employees and latest redemptions', async () => {
    const owned = employees.find(
      (e) => e.person_uuid !== null && e.last_collected !== null,
    ) as EmployeeListItem
    const r = await call(t.app, 'GET', `/api/main/promo/closed-loops/${owned.person_uuid ?? ''}`, { token })
    expect(r.status).toBe(200)
    const p = r.body.data as PersonDetail
    expect(p.person_uuid).toBe(owned.person_uuid)
    expect(p.employees.map((e) => e.employee_uuid)).toContain(owned.employee_uuid)
    expect(p.redemptions.length).toBeGreaterThan(0)
    expect(p.redemption_count).toBeGreaterThanOrEqual(p.redemptions.length)
    const times = p.redemptions.map((x) => x.created_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const codes = new Set(p.employees.map((e) => e.redemption_code))
    expect(p.redemptions.every((x) => codes.has(x.redemption_code))).toBe(true)
  })

  it('keeps balances consistent with redemptions (item balance: quota minus redemptions)', async () => {
    const itemEmployees = employees.filter(
      (e) => e.balance_type === EmployeeBalanceType.ItemBalance && e.person_uuid !== null,
    )
    for (const e of itemEmployees.slice(0, 5)) {
      const r = await call(t.app, 'GET', `/api/main/promo/closed-loops/${e.person_uuid ?? ''}`, { token })
      const p = r.body.data as PersonDetail
      const used = p.redemptions.filter((x) => x.employee_uuid === e.employee_uuid).length
      if (p.redemption_count <= p.redemptions.length) expect(e.quota - e.item_balance).toBe(used)
    }
  })

  it('sends the export permission flag: true for the owner, false for read-only members', async () => {
    expect((await filterEmployees({ limit: 1 })).can_export).toBe(true)
    expect((await filterPersons({ limit: 1 })).can_export).toBe(true)
    const viewer = await loginAs(t.app, 'viewer')
    expect((await filterEmployees({ limit: 1 }, viewer)).can_export).toBe(false)
    expect((await filterPersons({ limit: 1 }, viewer)).can_export).toBe(false)
  })

  it('refuses the redemption exports to a member without the export permission', async () => {
    const viewer = await loginAs(t.app, 'viewer')
    for (const source of ['closed-loop-redemptions', 'closed-loop-person-redemptions']) {
      const body = { source, format: 'csv', filters: {} }
      expect((await call(t.app, 'POST', '/api/main/exports', { token: viewer, body })).status).toBe(403)
      const job = await call(t.app, 'POST', '/api/main/exports', { token, body })
      expect(job.status).toBe(200)
      // The runner starts at once: the job ends Ready with rows.
      const uuid = job.body.data.export_job.uuid as string
      let status = 1
      let rows = 0
      for (let i = 0; i < 200 && status === 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25))
        const r = await call(t.app, 'GET', `/api/main/exports/${uuid}`, { token })
        status = r.body.data.export_job.status as number
        rows = (r.body.data.export_job.row_count as number | null) ?? 0
      }
      expect(status).toBe(2)
      expect(rows).toBeGreaterThan(0)
    }
  })

  it('exports redemptions with the columns of B §3, in both variants', async () => {
    expect(closedLoopRedemptionExportSource.columns.map((c) => c.header)).toEqual([
      'employee_uuid',
      'employee_name',
      'redemption_code',
      'redemption_uuid',
      'redemption_refer_no',
      'created_at',
      'date',
      'time',
      'method_code',
      'item_name',
      'machine_username',
      'machine_postal_code',
      'machine_location',
    ])
    expect(closedLoopPersonRedemptionExportSource.columns.slice(0, 2).map((c) => c.header)).toEqual([
      'Person UUID',
      'Person Name',
    ])
    const scope = { entityCode: 'VEND', setIds: null }
    const quota = closedLoopRedemptionExportSource.filters.parse({ balance_type: 2 })
    const rows = []
    for await (const r of closedLoopRedemptionExportSource.rows(t.database.db, scope, quota)) rows.push(r)
    expect(rows.length).toBeGreaterThan(0)
    const quotaUuids = new Set(employees.filter((e) => e.balance_type === 2).map((e) => e.employee_uuid))
    expect(rows.every((r) => quotaUuids.has(r.row.employee_uuid))).toBe(true)
    const first = rows[0]
    if (!first) throw new Error('no rows')
    const line = closedLoopRedemptionExportSource.columns.map((c) => c.value(first))
    expect(line[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(line[7]).toMatch(/^\d{2}:\d{2}:\d{2}$/)
    const times = rows.map((r) => r.row.created_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const person = persons[0] as PersonListItem
    const personRows = []
    const pf = closedLoopPersonRedemptionExportSource.filters.parse({
      person_uuid_list: [person.person_uuid],
    })
    for await (const r of closedLoopPersonRedemptionExportSource.rows(t.database.db, scope, pf))
      personRows.push(r)
    expect(personRows.every((r) => r.row.person_uuid === person.person_uuid)).toBe(true)
  })

  it('answers 403 to a member without a promo policy (newstaff restocks machines only)', async () => {
    const restocker = await loginAs(t.app, 'newstaff')
    const body = { limit: 20, offset: 0 }
    expect((await call(t.app, 'POST', PERSONS, { token: restocker, body })).status).toBe(403)
    expect((await call(t.app, 'POST', EMPLOYEES, { token: restocker, body: { filter: body } })).status).toBe(
      403,
    )
    const uuid = persons[0]?.person_uuid ?? ''
    expect(
      (await call(t.app, 'GET', `/api/main/promo/closed-loops/${uuid}`, { token: restocker })).status,
    ).toBe(403)
  })

  it("answers 404 for another entity's person and sees none of its rows", async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const r = await call(t.app, 'POST', PERSONS, { token: cpo, body: { limit: 20, offset: 0 } })
    expect(r.body.data).toMatchObject({ persons: [], count: 0 })
    const e = await call(t.app, 'POST', EMPLOYEES, { token: cpo, body: { filter: { limit: 20, offset: 0 } } })
    expect(e.body.data).toMatchObject({ employees: [], count: 0 })
    const uuid = persons[0]?.person_uuid ?? ''
    const detail = await call(t.app, 'GET', `/api/main/promo/closed-loops/${uuid}`, { token: cpo })
    expect(detail.status).toBe(404)
    expect(JSON.stringify(detail.body)).not.toContain(persons[0]?.name ?? 'x')
    expect((await call(t.app, 'GET', '/api/main/promo/closed-loops/nobody', { token })).status).toBe(404)
  })

  it.each([
    [PERSONS, { limit: 0, offset: 0 }, 'body.limit'],
    [PERSONS, { limit: 20 }, 'body.offset'],
    [PERSONS, { limit: 20, offset: 0, status: 7 }, 'body.status'],
    [PERSONS, { limit: 20, offset: 0, search_key: 'colour', search_value: 'x' }, 'body.search_key'],
    [PERSONS, { limit: 20, offset: 0, person_uuid_list: [1] }, 'body.person_uuid_list.0'],
    [EMPLOYEES, { limit: 20, offset: 0 }, 'body.filter'],
    [EMPLOYEES, { filter: { limit: 20 } }, 'body.filter.offset'],
    [EMPLOYEES, { filter: { limit: 20, offset: 0, balance_type: 9 } }, 'body.filter.balance_type'],
    [
      EMPLOYEES,
      { filter: { limit: 20, offset: 0, last_collection_from: -5 } },
      'body.filter.last_collection_from',
    ],
    [EMPLOYEES, { filter: { limit: 20, offset: 0, sort: 'name' } }, 'body.filter'],
  ])('%s answers %j with a 400 naming %s', async (url, body, field) => {
    const r = await call(t.app, 'POST', url, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })
})
