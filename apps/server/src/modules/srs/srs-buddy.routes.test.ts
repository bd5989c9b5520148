import type { SrsBuddy, SrsBuddyDetail, SrsTest } from '@portal/contract'
import { SRS_DAY_MS, srsComplianceOf, srsNextDueAt } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'

const BASE = '/api/main/srs/buddies'
const SITE = 'Fixture Test Site'
const HOUR = 3_600_000
const NOW = Date.now()

interface FixturePlan {
  key: string
  name: string
  mobile: string
  buddy: { name: string; mobile: string } | null
  status: 'active' | 'unpaired' | 'inactive'
  /** Hours before now of each witnessed swab, newest last. */
  tests: { hoursAgo: number; result: string }[]
  enrolledDaysAgo: number
  interval: number
}

/*
 * Fixture records at a site of their own (the site filter isolates them from the seeded ones), one per compliance
 * outcome and status, with known swabs.
 */
const PLANS: FixturePlan[] = [
  {
    key: 'compliant',
    name: 'Alice Fixture',
    mobile: '81110001',
    buddy: { name: 'Bob Witness', mobile: '81110002' },
    status: 'active',
    tests: [
      { hoursAgo: 24 * 8, result: 'Negative' },
      { hoursAgo: 24 * 4, result: 'Negative' },
      { hoursAgo: 24, result: 'Negative' },
    ],
    enrolledDaysAgo: 40,
    interval: 3,
  },
  {
    key: 'late',
    name: 'Chandra Fixture',
    mobile: '81110003',
    buddy: { name: 'Dinesh Witness', mobile: '81110004' },
    status: 'active',
    tests: [{ hoursAgo: 24 * 40, result: 'Negative' }],
    enrolledDaysAgo: 60,
    interval: 7,
  },
  {
    key: 'failed',
    name: 'Eng Fixture',
    mobile: '81110005',
    buddy: { name: 'Fatimah Witness', mobile: '81110006' },
    status: 'active',
    tests: [{ hoursAgo: 12, result: 'Positive' }],
    enrolledDaysAgo: 20,
    interval: 7,
  },
  {
    key: 'error',
    name: 'Gopal Fixture',
    mobile: '81110007',
    buddy: { name: 'Hana Witness', mobile: '81110008' },
    status: 'active',
    tests: [{ hoursAgo: 30, result: 'Inconclusive' }],
    enrolledDaysAgo: 20,
    interval: 7,
  },
  {
    key: 'pending',
    name: 'Irfan Fixture',
    mobile: '81110009',
    buddy: { name: 'Jia Hui Witness', mobile: '81110010' },
    status: 'active',
    tests: [],
    enrolledDaysAgo: 1,
    interval: 7,
  },
  {
    key: 'unpaired',
    name: 'Kumar Fixture',
    mobile: '81110011',
    buddy: null,
    status: 'unpaired',
    tests: [{ hoursAgo: 48, result: 'Negative' }],
    enrolledDaysAgo: 30,
    interval: 7,
  },
  {
    key: 'inactive',
    name: 'Lina Fixture',
    mobile: '81110013',
    buddy: { name: 'Mani Witness', mobile: '81110014' },
    status: 'inactive',
    tests: [{ hoursAgo: 24 * 50, result: 'Positive' }],
    enrolledDaysAgo: 70,
    interval: 3,
  },
]

async function insertFixtures(db: Db): Promise<Record<string, { uuid: string; id: number }>> {
  const out: Record<string, { uuid: string; id: number }> = {}
  for (const [index, plan] of PLANS.entries()) {
    const enrolledAt = NOW - plan.enrolledDaysAgo * SRS_DAY_MS
    const last = plan.tests.at(-1)
    const lastAt = last ? NOW - last.hoursAgo * HOUR : null
    const uuid = `fixture-srs-${plan.key}-0000`
    const row = await db
      .insertInto('srs_buddy')
      .values({
        entity_code: 'SRS',
        uuid,
        reference: `SRS-FX${String(index + 1).padStart(4, '0')}`,
        person_name: plan.name,
        person_dial_code: '65',
        person_mobile: plan.mobile,
        person_id_last_four: `00${String(index)}A`,
        buddy_name: plan.buddy?.name ?? null,
        buddy_dial_code: plan.buddy ? '65' : null,
        buddy_mobile: plan.buddy?.mobile ?? null,
        buddy_id_last_four: plan.buddy ? `10${String(index)}B` : null,
        site: SITE,
        interval_days: plan.interval,
        status: plan.status,
        is_inactive: plan.status === 'inactive' ? 1 : 0,
        last_test_at: lastAt,
        last_result: last?.result ?? null,
        next_due_at: srsNextDueAt(enrolledAt, lastAt, plan.interval),
        enrolled_at: enrolledAt,
        created_at: enrolledAt,
        updated_at: enrolledAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [n, test] of plan.tests.entries()) {
      await db
        .insertInto('srs_buddy_test')
        .values({
          entity_code: 'SRS',
          uuid: `fixture-test-${plan.key}-${String(n)}`,
          buddy_id: row.id,
          tested_at: NOW - test.hoursAgo * HOUR,
          result: test.result,
          witness_name: plan.buddy?.name ?? 'Former Buddy',
          test_kit_lot_no: `LOT-${String(n)}`,
          created_at: NOW - test.hoursAgo * HOUR,
        })
        .execute()
    }
    await db
      .insertInto('srs_buddy_event')
      .values({
        entity_code: 'SRS',
        buddy_id: row.id,
        at: enrolledAt,
        action: 'enrolled',
        actor_user_id: null,
        reason: 'Fixture enrolment',
        from_buddy: null,
        to_buddy: plan.buddy?.name ?? null,
      })
      .execute()
    out[plan.key] = { uuid, id: row.id }
  }
  return out
}

describe.each(DIALECTS)('SRS buddy records (%s)', (dialect) => {
  let t: TestApp
  let srs: string
  let vending: string
  let fx: Record<string, { uuid: string; id: number }>

  const filter = (body: unknown, token = srs) =>
    call<{ data: { buddies: SrsBuddy[]; count: number } }>(t.app, 'POST', `${BASE}/filter`, { token, body })
  const detail = (uuid: string, token = srs) =>
    call<{ data: { buddy: SrsBuddyDetail } }>(t.app, 'GET', `${BASE}/${uuid}`, { token })
  const fixtureKeys = (rows: SrsBuddy[]) => rows.map((r) => PLANS.find((p) => p.name === r.person.name)?.key)
  const key = (name: string) => fx[name] ?? { uuid: 'missing-uuid', id: 0 }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    fx = await insertFixtures(t.database.db)
    srs = await loginAs(t.app, 'srs')
    vending = await loginAs(t.app, 'vending')
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  describe('POST /srs/buddies/filter', () => {
    it('pages the entity’s records, most urgent first, with the exact count and compliance of each', async () => {
      const total = await t.database.db
        .selectFrom('srs_buddy')
        .where('entity_code', '=', 'SRS')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      const first = await filter({ limit: 25, offset: 0 })
      expect(first.status).toBe(200)
      expect(first.body.data.count).toBe(Number(total.n))
      expect(first.body.data.count).toBeGreaterThan(300)
      expect(first.body.data.buddies).toHaveLength(25)
      // Most urgent first, inactive records (whose due dates mean nothing) last.
      const dues = first.body.data.buddies.map((b) => b.next_due_at)
      expect(dues).toEqual([...dues].sort((a, b) => a - b))
      expect(first.body.data.buddies.every((b) => b.status !== 'inactive')).toBe(true)
      const now = Date.now()
      for (const b of first.body.data.buddies) expect(b.compliance).toBe(srsComplianceOf(b, now))

      const second = await filter({ limit: 25, offset: 25 })
      expect(second.body.data.buddies[0]?.next_due_at).toBeGreaterThanOrEqual(dues.at(-1) ?? 0)
      const seen = new Set(first.body.data.buddies.map((b) => b.uuid))
      for (const b of second.body.data.buddies) expect(seen.has(b.uuid)).toBe(false)

      const count = first.body.data.count
      const last = await filter({ limit: 25, offset: count - 3 })
      expect(last.body.data.buddies).toHaveLength(3)
      expect(last.body.data.count).toBe(count)
    })

    it('gives the default page size when limit is left out', async () => {
      const r = await filter({})
      expect(r.body.data.buddies).toHaveLength(25)
    })

    it.each([
      [['active'], ['compliant', 'late', 'failed', 'error', 'pending']],
      [['unpaired'], ['unpaired']],
      [['inactive'], ['inactive']],
      [
        ['unpaired', 'inactive'],
        ['unpaired', 'inactive'],
      ],
    ])('status_list %j', async (statuses, keys) => {
      const r = await filter({ site_list: [SITE], status_list: statuses, sort_by: 'name' })
      expect(fixtureKeys(r.body.data.buddies).sort()).toEqual([...keys].sort())
      expect(r.body.data.count).toBe(keys.length)
    })

    it.each([
      ['Compliant', ['compliant', 'unpaired']],
      ['Late', ['late']],
      ['Failed', ['failed']],
      ['Error', ['error']],
      ['Pending', ['pending']],
    ])(
      'compliance_list [%s] matches the value each row shows (never an inactive record)',
      async (value, keys) => {
        const r = await filter({ site_list: [SITE], compliance_list: [value] })
        expect(fixtureKeys(r.body.data.buddies).sort()).toEqual([...keys].sort())
        for (const b of r.body.data.buddies) expect(b.compliance).toBe(value)
      },
    )

    it('compliance filter agrees with the shown compliance across the seeded records', async () => {
      const all = await filter({ limit: 500, offset: 0 })
      const now = Date.now()
      for (const value of ['Compliant', 'Late', 'Failed', 'Error', 'Pending']) {
        const r = await filter({ limit: 500, offset: 0, compliance_list: [value] })
        const expected = all.body.data.buddies.filter((b) => srsComplianceOf(b, now) === value).length
        expect(r.body.data.count, value).toBe(expected)
      }
    })

    it.each([
      ['a name, any case', 'alice FIXTURE', ['compliant']],
      ['a buddy’s name', 'dinesh', ['late']],
      ['a reference', 'SRS-FX0003', ['failed']],
      ['a mobile typed with country code and spaces', '+65 8111 0007', ['error']],
      ['a buddy’s mobile', '81110010', ['pending']],
      ['wildcards literally', '%', []],
    ])('search by %s', async (_, search, keys) => {
      const r = await filter({ site_list: [SITE], search })
      expect(fixtureKeys(r.body.data.buddies).sort()).toEqual([...keys].sort())
    })

    it('bounds the last swab, both ends inclusive', async () => {
      const failedAt = NOW - 12 * HOUR
      const r = await filter({ site_list: [SITE], last_test_lower: failedAt, last_test_upper: failedAt })
      expect(fixtureKeys(r.body.data.buddies)).toEqual(['failed'])
      const recent = await filter({ site_list: [SITE], last_test_lower: NOW - 72 * HOUR })
      expect(fixtureKeys(recent.body.data.buddies).sort()).toEqual([
        'compliant',
        'error',
        'failed',
        'unpaired',
      ])
    })

    it.each([
      ['name', (rows: SrsBuddy[]) => rows.map((r) => r.person.name), 'asc'],
      ['enrolled', (rows: SrsBuddy[]) => rows.map((r) => r.enrolled_at), 'desc'],
    ] as const)('sorts by %s', async (sort, pick, direction) => {
      const r = await filter({ site_list: [SITE], sort_by: sort })
      const values = pick(r.body.data.buddies) as (string | number)[]
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse())
    })

    it.each([
      ['name', (rows: SrsBuddy[]) => rows.map((r) => r.person.name), 'desc'],
      ['enrolled', (rows: SrsBuddy[]) => rows.map((r) => r.enrolled_at), 'asc'],
    ] as const)('sorts by %s the other way when sort_order says so', async (sort, pick, direction) => {
      const r = await filter({ site_list: [SITE], sort_by: sort, sort_order: direction })
      const values = pick(r.body.data.buddies) as (string | number)[]
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse())
    })

    it('sorts by last swab oldest first on request, never-swabbed still last', async () => {
      const r = await filter({ site_list: [SITE], sort_by: 'last_test', sort_order: 'asc' })
      const rows = r.body.data.buddies
      const tested = rows.filter((b) => b.last_test_at !== null).map((b) => b.last_test_at ?? 0)
      expect(tested).toEqual([...tested].sort((a, b) => a - b))
      expect(rows.slice(tested.length).every((b) => b.last_test_at === null)).toBe(true)
    })

    it('sorts by last swab, newest first and never-swabbed last', async () => {
      const r = await filter({ site_list: [SITE], sort_by: 'last_test' })
      expect(fixtureKeys(r.body.data.buddies)).toEqual([
        'failed',
        'compliant',
        'error',
        'unpaired',
        'late',
        'inactive',
        'pending',
      ])
    })

    it('counts the swabs of the last 30 days of each row', async () => {
      const r = await filter({ site_list: [SITE], search: 'Alice' })
      expect(r.body.data.buddies[0]?.tests_30d).toBe(3)
      const late = await filter({ site_list: [SITE], search: 'Chandra' })
      expect(late.body.data.buddies[0]?.tests_30d).toBe(0)
    })

    it('shows another entity nothing', async () => {
      const r = await filter({ site_list: [SITE] }, vending)
      expect(r.status).toBe(200)
      expect(r.body.data).toEqual({ buddies: [], count: 0 })
    })

    it.each([
      ['limit 0', { limit: 0 }, 'body.limit'],
      ['an unknown status', { status_list: ['paused'] }, 'body.status_list.0'],
      ['an unknown compliance', { compliance_list: ['Exempted'] }, 'body.compliance_list.0'],
      ['a reversed range', { last_test_lower: 10, last_test_upper: 5 }, 'body.last_test_upper'],
      ['a text date', { last_test_lower: '2026-01-01' }, 'body.last_test_lower'],
      ['an unknown sort', { sort_by: 'colour' }, 'body.sort_by'],
    ])('400 for %s, naming the field', async (_, body, path) => {
      const r = await call(t.app, 'POST', `${BASE}/filter`, { token: srs, body })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(path)
    })
  })

  describe('GET /srs/buddies/{uuid} and its tests', () => {
    it('answers the record with its totals and history, newest first', async () => {
      const r = await detail(key('compliant').uuid)
      expect(r.status).toBe(200)
      expect(r.body.data.buddy).toMatchObject({
        reference: 'SRS-FX0001',
        person: { name: 'Alice Fixture', mobile_number: '81110001' },
        buddy: { name: 'Bob Witness' },
        status: 'active',
        compliance: 'Compliant',
        tests_total: 3,
        tests_30d: 3,
      })
      expect(r.body.data.buddy.events.map((e) => e.action)).toEqual(['enrolled'])
    })

    it('pages the witnessed swabs newest first with their count', async () => {
      const page1 = await call<{ data: { tests: SrsTest[]; count: number } }>(
        t.app,
        'POST',
        `${BASE}/${key('compliant').uuid}/tests/filter`,
        { token: srs, body: { limit: 2, offset: 0 } },
      )
      expect(page1.status).toBe(200)
      expect(page1.body.data.count).toBe(3)
      expect(page1.body.data.tests.map((x) => x.test_kit_lot_no)).toEqual(['LOT-2', 'LOT-1'])
      const page2 = await call<{ data: { tests: SrsTest[] } }>(
        t.app,
        'POST',
        `${BASE}/${key('compliant').uuid}/tests/filter`,
        { token: srs, body: { limit: 2, offset: 2 } },
      )
      expect(page2.body.data.tests.map((x) => x.test_kit_lot_no)).toEqual(['LOT-0'])
    })

    it('404 with no data for another entity’s record or an unknown one', async () => {
      for (const [token, uuid] of [
        [vending, key('compliant').uuid],
        [srs, 'no-such-record-uuid'],
      ] as const) {
        const r = await call(t.app, 'GET', `${BASE}/${uuid}`, { token })
        expect(r.status).toBe(404)
        expect(r.body.data).toBeUndefined()
        const tests = await call(t.app, 'POST', `${BASE}/${uuid}/tests/filter`, { token, body: {} })
        expect(tests.status).toBe(404)
      }
    })

    it('400 for a bad page', async () => {
      const r = await call(t.app, 'POST', `${BASE}/${key('compliant').uuid}/tests/filter`, {
        token: srs,
        body: { limit: 1000 },
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('body.limit')
    })
  })

  describe('PUT /srs/buddies/{uuid}/buddy', () => {
    const newBuddy = {
      name: 'Nadia Rahman',
      dial_code: '65',
      mobile_number: '81119999',
      national_id_last_four: '321z',
      reason: 'Buddy moved to the night shift',
    }

    it('replaces the buddy in one audited change with an event', async () => {
      const { uuid, id } = key('late')
      const r = await call<{ data: { buddy: SrsBuddyDetail } }>(t.app, 'PUT', `${BASE}/${uuid}/buddy`, {
        token: srs,
        body: newBuddy,
      })
      expect(r.status).toBe(200)
      expect(r.body.data.buddy.buddy).toEqual({
        name: 'Nadia Rahman',
        dial_code: '65',
        mobile_number: '81119999',
        national_id_last_four: '321Z',
      })
      expect(r.body.data.buddy.events[0]).toMatchObject({
        action: 'buddy_reassigned',
        actor_name: 'Samuel Teo',
        reason: 'Buddy moved to the night shift',
        from_buddy: 'Dinesh Witness',
        to_buddy: 'Nadia Rahman',
      })
      const audit = await t.database.db
        .selectFrom('audit_log')
        .where('object_type', '=', 'srs_buddy')
        .where('object_id', '=', uuid)
        .select(['action', 'entity_code', 'before', 'after'])
        .execute()
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({ action: 'srs_buddy_reassigned', entity_code: 'SRS' })
      expect(JSON.parse(audit[0]?.before ?? '{}')).toMatchObject({ buddy: { name: 'Dinesh Witness' } })
      const events = await t.database.db
        .selectFrom('srs_buddy_event')
        .where('buddy_id', '=', id)
        .select('action')
        .execute()
      expect(events.map((e) => e.action).sort()).toEqual(['buddy_reassigned', 'enrolled'])
    })

    it('assigns a buddy to a record that needs one, making it active (the status filter sees it at once)', async () => {
      const before = await filter({ site_list: [SITE], status_list: ['unpaired'] })
      expect(before.body.data.count).toBe(1)
      const r = await call<{ data: { buddy: SrsBuddyDetail } }>(
        t.app,
        'PUT',
        `${BASE}/${key('unpaired').uuid}/buddy`,
        { token: srs, body: { ...newBuddy, mobile_number: '81118888', reason: 'New buddy from the roster' } },
      )
      expect(r.status).toBe(200)
      expect(r.body.data.buddy.status).toBe('active')
      expect(r.body.data.buddy.events[0]).toMatchObject({ action: 'buddy_assigned', from_buddy: null })
      const after = await filter({ site_list: [SITE], status_list: ['unpaired'] })
      expect(after.body.data.count).toBe(0)
    })

    it.each([
      [
        'the person’s own number',
        { mobile_number: '81110005' },
        'body.mobile_number',
        'cannot be the person',
      ],
      ['the current buddy again', { mobile_number: '81110006' }, 'body.mobile_number', 'already the buddy'],
      ['a mobile with letters', { mobile_number: '8111abcd' }, 'body.mobile_number', ''],
      ['a full national ID', { national_id_last_four: 'S1234567D' }, 'body.national_id_last_four', ''],
      ['no reason', { reason: '' }, 'body.reason', ''],
      ['a dial code not offered', { dial_code: '1' }, 'body.dial_code', ''],
      ['an unknown field', { status: 'active' }, 'body', ''],
    ])('400 for %s, nothing written', async (_, change, path, words) => {
      const { uuid, id } = key('failed')
      const r = await call(t.app, 'PUT', `${BASE}/${uuid}/buddy`, {
        token: srs,
        body: { ...newBuddy, ...change },
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(path)
      expect(r.body.error.message).toContain(words)
      const row = await t.database.db
        .selectFrom('srs_buddy')
        .where('id', '=', id)
        .select('buddy_name')
        .executeTakeFirstOrThrow()
      expect(row.buddy_name).toBe('Fatimah Witness')
      const events = await t.database.db
        .selectFrom('srs_buddy_event')
        .where('buddy_id', '=', id)
        .selectAll()
        .execute()
      expect(events).toHaveLength(1)
    })

    it('409 for an inactive record', async () => {
      const r = await call(t.app, 'PUT', `${BASE}/${key('inactive').uuid}/buddy`, {
        token: srs,
        body: newBuddy,
      })
      expect(r.status).toBe(409)
      expect(r.body.error.message).toMatch(/reactivate/i)
    })

    it('404 for another entity’s record, which stays unchanged', async () => {
      const r = await call(t.app, 'PUT', `${BASE}/${key('error').uuid}/buddy`, {
        token: vending,
        body: newBuddy,
      })
      expect(r.status).toBe(404)
      const after = await detail(key('error').uuid)
      expect(after.body.data.buddy.buddy?.name).toBe('Hana Witness')
    })
  })

  describe('PUT /srs/buddies/{uuid}/status', () => {
    it('deactivates, refuses to deactivate twice, and reactivates to active with its buddy', async () => {
      const { uuid } = key('error')
      const off = await call<{ data: { buddy: SrsBuddyDetail } }>(t.app, 'PUT', `${BASE}/${uuid}/status`, {
        token: srs,
        body: { status: 'inactive', reason: 'Left the company' },
      })
      expect(off.status).toBe(200)
      expect(off.body.data.buddy).toMatchObject({ status: 'inactive', compliance: null })
      expect(off.body.data.buddy.events[0]).toMatchObject({
        action: 'deactivated',
        reason: 'Left the company',
      })

      const again = await call(t.app, 'PUT', `${BASE}/${uuid}/status`, {
        token: srs,
        body: { status: 'inactive', reason: 'Twice' },
      })
      expect(again.status).toBe(409)

      const on = await call<{ data: { buddy: SrsBuddyDetail } }>(t.app, 'PUT', `${BASE}/${uuid}/status`, {
        token: srs,
        body: { status: 'active', reason: 'Rejoined' },
      })
      expect(on.status).toBe(200)
      expect(on.body.data.buddy).toMatchObject({ status: 'active', compliance: 'Error' })
      expect(on.body.data.buddy.events.slice(0, 2).map((e) => e.action)).toEqual([
        'reactivated',
        'deactivated',
      ])
      const audit = await t.database.db
        .selectFrom('audit_log')
        .where('object_type', '=', 'srs_buddy')
        .where('object_id', '=', uuid)
        .select('action')
        .orderBy('id')
        .execute()
      expect(audit.map((a) => a.action)).toEqual(['srs_buddy_deactivated', 'srs_buddy_reactivated'])
    })

    it('409 when reactivating a record that is active', async () => {
      const r = await call(t.app, 'PUT', `${BASE}/${key('compliant').uuid}/status`, {
        token: srs,
        body: { status: 'active', reason: 'Already' },
      })
      expect(r.status).toBe(409)
    })

    it.each([
      ['a status set only by the roster', { status: 'unpaired', reason: 'Buddy left' }, 'body.status'],
      ['a short reason', { status: 'inactive', reason: 'x' }, 'body.reason'],
      ['no status', { reason: 'Left' }, 'body.status'],
    ])('400 for %s', async (_, body, path) => {
      const r = await call(t.app, 'PUT', `${BASE}/${key('pending').uuid}/status`, { token: srs, body })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(path)
      const after = await detail(key('pending').uuid)
      expect(after.body.data.buddy.status).toBe('active')
    })

    it('404 for another entity', async () => {
      const r = await call(t.app, 'PUT', `${BASE}/${key('pending').uuid}/status`, {
        token: vending,
        body: { status: 'inactive', reason: 'Not mine' },
      })
      expect(r.status).toBe(404)
    })
  })
})
