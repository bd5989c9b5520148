import type {
  AuthGroupConfig,
  Compliance,
  ComplianceTest,
  SubmitTest,
  TeamRow,
  TestGroup,
  TestInstanceRow,
  TestInstancesQuery,
  TestPerson,
  TestPersonDetail,
  TestSchedule,
  TiFilter,
} from '@portal/contract'
import {
  authGroupConfig,
  complianceOf,
  effectiveAuthConfig,
  emptyComplianceCounts,
  lastFourOf,
  PERSON_PERIODS,
  periodOf,
  recentPeriods,
  submissionIssues,
  TEST_RESULT_CSV_HEADERS,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import type { CountCache } from '../../lib/count-cache'
import { HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { findUserById } from '../iam/users/user.repository'
import { csvLine } from '../exports/csv'
import type { GroupRecord, InstanceFilter, InstanceRecord, PersonRecord } from './reporting.repository'
import {
  allInstances,
  countGroups,
  countInstances,
  countPeople,
  countTeam,
  findGroup,
  findInstance,
  findPerson,
  groupFilterOptions,
  groupTestsSince,
  insertInstance,
  lastTestOfGroups,
  listGroups,
  listPeople,
  membersOf,
  pageInstances,
  pageTeam,
  personIdsOf,
  personTestsSince,
} from './reporting.repository'

/** Counts of the reporting lists share the count cache under this scope per entity (docs/decisions/0009). */
export const reportingCountScope = (entityCode: string) => `reporting:${entityCode}`

const scheduleOf = (g: Pick<GroupRecord, 'period_days' | 'tests_per_period' | 'due_days'>): TestSchedule => ({
  periodDays: g.period_days,
  testsPerPeriod: g.tests_per_period,
  dueDays: g.due_days,
})

/** The stored configuration with A §5's fallback applied; a broken stored value reads as no credentials. */
export function configOf(g: Pick<GroupRecord, 'auth_config'>): AuthGroupConfig {
  const parsed = authGroupConfig.safeParse(parseJson<unknown>(g.auth_config, null))
  return effectiveAuthConfig(parsed.success ? parsed.data : null)
}

/** "+65 9123 4567": eight-digit numbers in two groups of four, others as they are. */
export function formatMobile(dialCode: string, number: string): string {
  const digits = number.replace(/\s+/g, '')
  const local = digits.length === 8 ? `${digits.slice(0, 4)} ${digits.slice(4)}` : digits
  return `+${dialCode} ${local}`
}

async function groupOrNotFound(db: Db, entityCode: string, uuid: string): Promise<GroupRecord> {
  const group = await findGroup(db, entityCode, uuid)
  if (!group) throw notFound('Test group')
  return group
}

// ---- groups ----------------------------------------------------------------------------------------------------

/** Groups with the compliance of their people in each group's current period (three statements for a page). */
async function withCompliance(db: Db, entityCode: string, groups: GroupRecord[], now: number) {
  const ids = groups.map((g) => g.id)
  const periods = new Map(groups.map((g) => [g.id, periodOf(scheduleOf(g), now)]))
  const from = Math.min(...[...periods.values()].map((p) => p.start))
  const [members, tests, lastTests] = await Promise.all([
    membersOf(db, entityCode, ids),
    groupTestsSince(db, entityCode, ids, Number.isFinite(from) ? from : now),
    lastTestOfGroups(db, entityCode, ids),
  ])
  const testsByPerson = new Map<number, ComplianceTest[]>()
  for (const t of tests) {
    const list = testsByPerson.get(t.person_id) ?? []
    list.push({ result: t.result, submittedAt: t.submitted_at })
    testsByPerson.set(t.person_id, list)
  }
  return groups.map((g): TestGroup => {
    const schedule = scheduleOf(g)
    const period = periodOf(schedule, now)
    const counts = emptyComplianceCounts()
    let memberCount = 0
    for (const m of members) {
      if (m.group_id !== g.id) continue
      memberCount++
      const c = complianceOf({
        schedule,
        period,
        tests: testsByPerson.get(m.id) ?? [],
        exempted: m.exempted === 1,
        now,
      })
      counts[c]++
    }
    return {
      uuid: g.uuid,
      programme: g.programme,
      name: g.name,
      siteRef: g.site_ref,
      schedule,
      authConfig: configOf(g),
      memberCount,
      period,
      compliance: counts,
      testsInPeriod: tests.filter(
        (t) => t.group_id === g.id && t.submitted_at >= period.start && t.submitted_at < period.end,
      ).length,
      lastTestAt: lastTests.get(g.id) ?? null,
    }
  })
}

export async function filterGroups(
  db: Db,
  caller: Caller,
  body: { limit: number; offset: number; programme?: string | undefined; search?: string | undefined },
  now = Date.now(),
): Promise<{ groups: TestGroup[]; count: number }> {
  const entityCode = caller.auth.entityCode
  const filter = { programme: body.programme, search: body.search }
  const [rows, count] = await Promise.all([
    listGroups(db, entityCode, filter, body),
    countGroups(db, entityCode, filter),
  ])
  return { groups: await withCompliance(db, entityCode, rows, now), count }
}

export async function getGroup(db: Db, caller: Caller, uuid: string, now = Date.now()) {
  const entityCode = caller.auth.entityCode
  const record = await groupOrNotFound(db, entityCode, uuid)
  const [[group], options] = await Promise.all([
    withCompliance(db, entityCode, [record], now),
    groupFilterOptions(db, entityCode, record.id),
  ])
  if (!group) throw notFound('Test group')
  const sites = [...new Set([record.site_ref, ...options.sites])].sort()
  return { group, sites, testKitProviders: options.providers }
}

// ---- people ----------------------------------------------------------------------------------------------------

function toPerson(r: PersonRecord, compliance: Compliance): TestPerson {
  return {
    uuid: r.uuid,
    fullName: r.full_name,
    dialCode: r.dial_code,
    mobileNumber: formatMobile(r.dial_code, r.mobile_number),
    nationalIdLastFour: r.national_id_last_four,
    nationality: r.nationality,
    exempted: r.exempted === 1,
    groupUuid: r.group_uuid,
    groupName: r.group_name,
    programme: r.programme,
    compliance,
    lastTest:
      r.last_result === null || r.last_at === null ? null : { result: r.last_result, submittedAt: r.last_at },
  }
}

/** The current-period compliance of each person of a page (one statement for the page's tests). */
async function peopleWithCompliance(db: Db, entityCode: string, rows: PersonRecord[], now: number) {
  const periods = new Map(rows.map((r) => [r.id, periodOf(scheduleOf(r), now)]))
  const from = Math.min(...[...periods.values()].map((p) => p.start))
  const tests = await personTestsSince(
    db,
    entityCode,
    rows.map((r) => r.id),
    Number.isFinite(from) ? from : now,
  )
  return rows.map((r) => {
    const mine = tests
      .filter((t) => t.person_id === r.id)
      .map((t) => ({ result: t.result, submittedAt: t.submitted_at }))
    const period = periods.get(r.id) ?? periodOf(scheduleOf(r), now)
    return toPerson(
      r,
      complianceOf({ schedule: scheduleOf(r), period, tests: mine, exempted: r.exempted === 1, now }),
    )
  })
}

export async function filterPeople(
  db: Db,
  caller: Caller,
  body: {
    limit: number
    offset: number
    group_id?: string | undefined
    programme?: string | undefined
    search?: string | undefined
  },
  now = Date.now(),
): Promise<{ people: TestPerson[]; count: number }> {
  const entityCode = caller.auth.entityCode
  const group = body.group_id === undefined ? undefined : await groupOrNotFound(db, entityCode, body.group_id)
  const filter = { groupId: group?.id, programme: body.programme, search: body.search }
  const [rows, count] = await Promise.all([
    listPeople(db, entityCode, filter, body),
    countPeople(db, entityCode, filter),
  ])
  return { people: await peopleWithCompliance(db, entityCode, rows, now), count }
}

export async function getPerson(
  db: Db,
  caller: Caller,
  uuid: string,
  now = Date.now(),
): Promise<TestPersonDetail> {
  const entityCode = caller.auth.entityCode
  const record = await findPerson(db, entityCode, uuid)
  if (!record) throw notFound('Person')
  const group = await groupOrNotFound(db, entityCode, record.group_uuid)
  const schedule = scheduleOf(record)
  const periods = recentPeriods(schedule, now, PERSON_PERIODS)
  const oldest = periods.at(-1)?.start ?? now
  const tests = (await personTestsSince(db, entityCode, [record.id], oldest)).map((t) => ({
    result: t.result,
    submittedAt: t.submitted_at,
  }))
  const exempted = record.exempted === 1
  const history = periods.map((p) => ({
    ...p,
    compliance: complianceOf({ schedule, period: p, tests, exempted, now }),
    tests: tests.filter((t) => t.submittedAt >= p.start && t.submittedAt < p.end).length,
  }))
  return {
    person: toPerson(record, history[0]?.compliance ?? 'Pending'),
    group: {
      uuid: group.uuid,
      name: group.name,
      programme: group.programme,
      siteRef: group.site_ref,
      schedule,
      authConfig: configOf(group),
    },
    periods: history,
  }
}

// ---- test results (ti-filter) ----------------------------------------------------------------------------------

function toRow(r: InstanceRecord, groupUuid: string): TestInstanceRow {
  return {
    uuid: r.uuid,
    testKitProvider: r.test_kit_provider,
    submittedAt: r.submitted_at,
    result: r.result,
    reporterName: r.reporter_name,
    siteRef: r.site_ref,
    testKitLot: r.test_kit_lot_no,
    testID: r.test_id,
    testKitID: r.test_kit_id,
    fullName: r.full_name,
    personUuid: r.person_uuid,
    groupUuid,
    createdAt: r.created_at,
    timeResultRecorded: r.time_result_recorded,
    imageUrl: r.image_url,
  }
}

/** The request's filters in the repository's terms: users_list resolved to the group's people. */
async function instanceFilterOf(db: Db, entityCode: string, group: GroupRecord, f: TiFilter) {
  const filter: InstanceFilter = {
    createdLower: f.created_at_lower,
    createdUpper: f.created_at_upper,
    result: f.result,
    testSite: f.test_site,
    providers: f.tests_list,
    personIds:
      f.users_list === undefined ? undefined : await personIdsOf(db, entityCode, f.users_list, group.id),
    search: f.search,
    searchBy: f.search_by,
  }
  return filter
}

export async function tiFilter(
  db: Db,
  counts: CountCache,
  caller: Caller,
  f: TiFilter,
): Promise<{ data: TestInstanceRow[]; total: number }> {
  const entityCode = caller.auth.entityCode
  const group = await groupOrNotFound(db, entityCode, f.group_id)
  const filter = await instanceFilterOf(db, entityCode, group, f)
  const { limit, offset, ...countKey } = f
  const [rows, total] = await Promise.all([
    pageInstances(db, entityCode, group.id, filter, { limit, offset }),
    counts.get(reportingCountScope(entityCode), { list: 'ti', ...countKey }, () =>
      countInstances(db, entityCode, group.id, filter),
    ),
  ])
  return { data: rows.map((r) => toRow(r, group.uuid)), total }
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Every matching row as CSV lines (header first), streamed; formula-like text is neutralised by csvLine. */
export async function tiFilterCsv(
  db: Db,
  caller: Caller,
  f: TiFilter,
): Promise<{ groupName: string; lines: AsyncGenerator<string> }> {
  const entityCode = caller.auth.entityCode
  const group = await groupOrNotFound(db, entityCode, f.group_id)
  const filter = await instanceFilterOf(db, entityCode, group, f)
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(TEST_RESULT_CSV_HEADERS)
    for await (const r of allInstances(db, entityCode, group.id, filter)) {
      const row = toRow(r, group.uuid)
      yield csvLine([
        row.uuid,
        row.fullName,
        row.testKitProvider,
        row.testKitLot,
        row.testKitID,
        row.testID,
        row.result,
        row.siteRef,
        row.reporterName,
        iso(row.submittedAt),
        iso(row.timeResultRecorded),
        iso(row.createdAt),
      ])
    }
  }
  return { groupName: group.name, lines: lines() }
}

// ---- team view (testInstances) ---------------------------------------------------------------------------------

export async function teamInstances(
  db: Db,
  counts: CountCache,
  caller: Caller,
  q: TestInstancesQuery,
): Promise<{ total: number; limit: number; skip: number; data: TeamRow[] }> {
  const entityCode = caller.auth.entityCode
  const group = await groupOrNotFound(db, entityCode, q.group)
  const filter = {
    after: q['timeResultRecorded[$gt]'],
    upTo: q['timeResultRecorded[$lte]'],
    reporterUserId: q.as === 'superuser' ? undefined : caller.auth.userId,
    ascending: q['$sort[timeResultRecorded]'] === '1',
  }
  const { $limit: limit, $skip: skip } = q
  const [rows, total] = await Promise.all([
    pageTeam(db, entityCode, group.id, filter, { limit, offset: skip }),
    counts.get(
      reportingCountScope(entityCode),
      { list: 'team', group: group.id, after: filter.after, upTo: filter.upTo, by: filter.reporterUserId },
      () => countTeam(db, entityCode, group.id, filter),
    ),
  ])
  return {
    total,
    limit,
    skip,
    data: rows.map((r) => ({
      uuid: r.uuid,
      personUuid: r.person_uuid,
      fullName: r.full_name,
      mobileNumber: formatMobile(r.dial_code, r.mobile_number),
      nationalIdLastFour: r.national_id_last_four,
      result: r.result,
      submittedAt: r.submitted_at,
      timeResultRecorded: r.time_result_recorded,
      reporterName: r.reporter_name,
    })),
  }
}

// ---- submission ------------------------------------------------------------------------------------------------

const badRequest = (issues: { path: string; message: string }[]) =>
  new HttpError(
    400,
    'BAD_REQUEST',
    issues.map((i) => `body.${i.path}: ${i.message}`).join('; '),
    {},
    issues.map((i) => ({ path: `body.${i.path}`, message: i.message })),
  )

/**
 * A supervisor submits a test result for a member of a group. The form follows the group's configuration (A §3,
 * with A §5's fallback) and the server checks it again: a failing check is a 400 naming the field, and nothing is
 * written. A national ID is checked against the person's last four and only those are stored.
 */
export async function submitTest(
  db: Db,
  counts: CountCache,
  caller: Caller,
  body: SubmitTest,
  now = Date.now(),
): Promise<TestInstanceRow> {
  const entityCode = caller.auth.entityCode
  const group = await groupOrNotFound(db, entityCode, body.group)
  const person = await findPerson(db, entityCode, body.person)
  if (!person) throw notFound('Person')
  if (person.group_id !== group.id)
    throw badRequest([{ path: 'person', message: `${person.full_name} is not a member of ${group.name}` }])
  const config = configOf(group)
  const issues = submissionIssues(config, body, now)
  const nationalId = body.credentials.nationalId
  if (
    nationalId !== undefined &&
    !issues.some((i) => i.path === 'credentials.nationalId') &&
    lastFourOf(nationalId) !== person.national_id_last_four.toUpperCase()
  )
    issues.push({ path: 'credentials.nationalId', message: "This does not match the person's national ID" })
  if (issues.length > 0) throw badRequest(issues)

  const user = await findUserById(db, caller.auth.userId)
  const uuid = randomUUID()
  const stored: Record<string, string> = {}
  if (nationalId !== undefined) stored.nationalIdLastFour = lastFourOf(nationalId)
  if (body.credentials.passportNo !== undefined) stored.passportNo = body.credentials.passportNo
  if (body.credentials.staffId !== undefined) stored.staffId = body.credentials.staffId
  const row = {
    entity_code: entityCode,
    uuid,
    group_id: group.id,
    person_id: person.id,
    test_kit_provider: body.testKitProvider,
    test_kit_lot_no: body.testKitLotNo ?? null,
    test_kit_id: body.testKitID ?? null,
    test_id: body.credentials.testID ?? null,
    credentials: JSON.stringify(stored),
    result: body.result,
    site_ref: body.siteRef ?? group.site_ref,
    reporter_name: user?.name ?? caller.auth.username,
    reporter_user_id: caller.auth.userId,
    image_url: body.imageUrl ?? null,
    submitted_at: body.submittedAt ?? now,
    time_result_recorded: now,
    created_at: now,
  }
  await db.transaction().execute(async (trx) => {
    await insertInstance(trx, row)
    await auditChange(trx, caller, 'test_result_submitted', 'test_instance', uuid, null, {
      group: group.uuid,
      person: person.uuid,
      result: row.result,
      test_kit_provider: row.test_kit_provider,
      test_kit_lot_no: row.test_kit_lot_no,
      test_id: row.test_id,
      submitted_at: row.submitted_at,
    })
  })
  counts.invalidate(reportingCountScope(entityCode))
  const saved = await findInstance(db, entityCode, uuid)
  if (!saved) throw new Error('The test result just written was not found')
  return toRow(saved, group.uuid)
}
