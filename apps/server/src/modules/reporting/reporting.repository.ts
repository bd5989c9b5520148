import type { TestSearchField } from '@portal/contract'
import type { Expression, Insertable, SqlBool } from 'kysely'
import type { Db } from '../../db/database'
import { containsInsensitive } from '../../lib/sql'
import type { TestInstanceTable } from './reporting.table'

/*
 * All SQL of the test programmes (docs/decisions/0029-test-programmes.md). Every function takes the caller's entity
 * and filters on it first, so another entity's group, person or result is never read.
 */

// ---- groups ----------------------------------------------------------------------------------------------------

const groupColumns = [
  'g.id',
  'g.uuid',
  'g.programme',
  'g.name',
  'g.site_ref',
  'g.period_days',
  'g.tests_per_period',
  'g.due_days',
  'g.auth_config',
] as const

export interface GroupRecord {
  id: number
  uuid: string
  programme: string
  name: string
  site_ref: string
  period_days: number
  tests_per_period: number
  due_days: number
  auth_config: string
}

export function findGroup(db: Db, entityCode: string, uuid: string): Promise<GroupRecord | undefined> {
  return db
    .selectFrom('test_group as g')
    .where('g.entity_code', '=', entityCode)
    .where('g.uuid', '=', uuid)
    .select(groupColumns)
    .executeTakeFirst()
}

export interface GroupFilter {
  programme?: string | undefined
  search?: string | undefined
}

function groupQuery(db: Db, entityCode: string, f: GroupFilter) {
  let q = db.selectFrom('test_group as g').where('g.entity_code', '=', entityCode)
  if (f.programme !== undefined) q = q.where('g.programme', '=', f.programme)
  if (f.search !== undefined) q = q.where(containsInsensitive(db, 'g.name', f.search))
  return q
}

export function listGroups(
  db: Db,
  entityCode: string,
  f: GroupFilter,
  page: { limit: number; offset: number },
): Promise<GroupRecord[]> {
  return groupQuery(db, entityCode, f)
    .select(groupColumns)
    .orderBy('g.programme')
    .orderBy('g.name')
    .orderBy('g.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countGroups(db: Db, entityCode: string, f: GroupFilter): Promise<number> {
  const row = await groupQuery(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}

/** The members of some groups, with what compliance needs (a group holds hundreds of people, not millions). */
export function membersOf(db: Db, entityCode: string, groupIds: readonly number[]) {
  if (groupIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('test_person')
    .where('entity_code', '=', entityCode)
    .where('group_id', 'in', groupIds)
    .select(['id', 'group_id', 'exempted'])
    .execute()
}

/** Tests of some groups submitted at or after `from` (a period's start): the current period's compliance. */
export function groupTestsSince(db: Db, entityCode: string, groupIds: readonly number[], from: number) {
  if (groupIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('test_instance')
    .where('entity_code', '=', entityCode)
    .where('group_id', 'in', groupIds)
    .where('submitted_at', '>=', from)
    .select(['group_id', 'person_id', 'result', 'submitted_at'])
    .execute()
}

/** The newest test of each group (one indexed lookup each, in one statement). */
export async function lastTestOfGroups(
  db: Db,
  entityCode: string,
  groupIds: readonly number[],
): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('test_group as g')
    .where('g.entity_code', '=', entityCode)
    .where('g.id', 'in', groupIds)
    .select((eb) => [
      'g.id',
      eb
        .selectFrom('test_instance as t')
        .whereRef('t.group_id', '=', 'g.id')
        .where('t.entity_code', '=', entityCode)
        .select('t.submitted_at')
        .orderBy('t.submitted_at', 'desc')
        .limit(1)
        .as('last_at'),
    ])
    .execute()
  return new Map(rows.flatMap((r) => (r.last_at === null ? [] : [[r.id, r.last_at] as const])))
}

/** How many of a group's latest results the filter options are read from (a bounded read, not a scan). */
const OPTION_SAMPLE = 5000

/** The test sites and test kit providers of a group's recent results: the options of its result filters. */
export async function groupFilterOptions(db: Db, entityCode: string, groupId: number) {
  const recent = db
    .selectFrom('test_instance')
    .where('entity_code', '=', entityCode)
    .where('group_id', '=', groupId)
    .orderBy('created_at', 'desc')
    .limit(OPTION_SAMPLE)
    .select(['site_ref', 'test_kit_provider'])
    .as('recent')
  const [sites, providers] = await Promise.all([
    db.selectFrom(recent).select('recent.site_ref').distinct().orderBy('recent.site_ref').execute(),
    db
      .selectFrom(recent)
      .select('recent.test_kit_provider')
      .distinct()
      .orderBy('recent.test_kit_provider')
      .execute(),
  ])
  return { sites: sites.map((r) => r.site_ref), providers: providers.map((r) => r.test_kit_provider) }
}

// ---- people ----------------------------------------------------------------------------------------------------

export interface PersonFilter {
  groupId?: number | undefined
  programme?: string | undefined
  search?: string | undefined
}

export interface PersonRecord {
  id: number
  uuid: string
  full_name: string
  dial_code: string
  mobile_number: string
  national_id_last_four: string
  nationality: string
  exempted: number
  group_id: number
  group_uuid: string
  group_name: string
  programme: string
  period_days: number
  tests_per_period: number
  due_days: number
  last_result: string | null
  last_at: number | null
}

function personQuery(db: Db, entityCode: string, f: PersonFilter) {
  let q = db
    .selectFrom('test_person as p')
    .innerJoin('test_group as g', 'g.id', 'p.group_id')
    .where('p.entity_code', '=', entityCode)
  if (f.groupId !== undefined) q = q.where('p.group_id', '=', f.groupId)
  if (f.programme !== undefined) q = q.where('g.programme', '=', f.programme)
  const search = f.search
  if (search !== undefined) {
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'p.full_name', search),
        containsInsensitive(db, 'p.mobile_number', search.replace(/\s+/g, '')),
        containsInsensitive(db, 'p.national_id_last_four', search),
      ]),
    )
  }
  return q
}

function personRecordQuery(db: Db, entityCode: string, f: PersonFilter) {
  return personQuery(db, entityCode, f).select((eb) => [
    'p.id',
    'p.uuid',
    'p.full_name',
    'p.dial_code',
    'p.mobile_number',
    'p.national_id_last_four',
    'p.nationality',
    'p.exempted',
    'p.group_id',
    'g.uuid as group_uuid',
    'g.name as group_name',
    'g.programme',
    'g.period_days',
    'g.tests_per_period',
    'g.due_days',
    // The newest test: an indexed lookup per row of the page, in the same statement.
    eb
      .selectFrom('test_instance as t')
      .where('t.entity_code', '=', entityCode)
      .whereRef('t.person_id', '=', 'p.id')
      .select('t.result')
      .orderBy('t.submitted_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(1)
      .as('last_result'),
    eb
      .selectFrom('test_instance as t')
      .where('t.entity_code', '=', entityCode)
      .whereRef('t.person_id', '=', 'p.id')
      .select('t.submitted_at')
      .orderBy('t.submitted_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(1)
      .as('last_at'),
  ])
}

function toPersonRecord<T extends { last_at: unknown }>(row: T): T & { last_at: number | null } {
  return { ...row, last_at: row.last_at === null ? null : Number(row.last_at) }
}

export async function listPeople(
  db: Db,
  entityCode: string,
  f: PersonFilter,
  page: { limit: number; offset: number },
): Promise<PersonRecord[]> {
  const rows = await personRecordQuery(db, entityCode, f)
    .orderBy('p.full_name')
    .orderBy('p.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  return rows.map(toPersonRecord)
}

export async function countPeople(db: Db, entityCode: string, f: PersonFilter): Promise<number> {
  const row = await personQuery(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}

export async function findPerson(
  db: Db,
  entityCode: string,
  uuid: string,
): Promise<PersonRecord | undefined> {
  const row = await personRecordQuery(db, entityCode, {}).where('p.uuid', '=', uuid).executeTakeFirst()
  return row ? toPersonRecord(row) : undefined
}

/** Person ids of uuids, within the entity (and the group when given); unknown uuids are left out. */
export async function personIdsOf(
  db: Db,
  entityCode: string,
  uuids: readonly string[],
  groupId?: number,
): Promise<number[]> {
  if (uuids.length === 0) return []
  let q = db.selectFrom('test_person').where('entity_code', '=', entityCode).where('uuid', 'in', uuids)
  if (groupId !== undefined) q = q.where('group_id', '=', groupId)
  return (await q.select('id').execute()).map((r) => r.id)
}

/** Tests of some people submitted at or after `from`. */
export function personTestsSince(db: Db, entityCode: string, personIds: readonly number[], from: number) {
  if (personIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('test_instance')
    .where('entity_code', '=', entityCode)
    .where('person_id', 'in', personIds)
    .where('submitted_at', '>=', from)
    .select(['person_id', 'result', 'submitted_at'])
    .execute()
}

// ---- test instances (ti-filter) --------------------------------------------------------------------------------

export interface InstanceFilter {
  createdLower?: number | undefined
  createdUpper?: number | undefined
  result?: string | undefined
  testSite?: string | undefined
  providers?: readonly string[] | undefined
  /** Resolved from users_list; an empty list matches nothing. */
  personIds?: readonly number[] | undefined
  search?: string | undefined
  searchBy?: TestSearchField | undefined
}

const SEARCH_COLUMNS: Record<TestSearchField, string> = {
  testKitLotNo: 'i.test_kit_lot_no',
  'credentials.testID': 'i.test_id',
  fullName: 'p.full_name',
}

function instanceQuery(db: Db, entityCode: string, groupId: number, f: InstanceFilter) {
  let q = db
    .selectFrom('test_instance as i')
    .innerJoin('test_person as p', 'p.id', 'i.person_id')
    .where('i.entity_code', '=', entityCode)
    .where('i.group_id', '=', groupId)
  if (f.createdLower !== undefined) q = q.where('i.created_at', '>=', f.createdLower)
  if (f.createdUpper !== undefined) q = q.where('i.created_at', '<=', f.createdUpper)
  if (f.result !== undefined) q = q.where('i.result', '=', f.result)
  if (f.testSite !== undefined) q = q.where('i.site_ref', '=', f.testSite)
  if (f.providers?.length) q = q.where('i.test_kit_provider', 'in', [...f.providers])
  if (f.personIds !== undefined)
    q = q.where('i.person_id', 'in', f.personIds.length ? [...f.personIds] : [-1])
  const search = f.search
  if (search !== undefined) {
    const columns = f.searchBy ? [SEARCH_COLUMNS[f.searchBy]] : Object.values(SEARCH_COLUMNS)
    q = q.where((eb) => {
      const terms: Expression<SqlBool>[] = columns.map((c) => containsInsensitive(db, c, search))
      return eb.or(terms)
    })
  }
  return q
}

export interface InstanceRecord {
  id: number
  uuid: string
  test_kit_provider: string
  test_kit_lot_no: string | null
  test_kit_id: string | null
  test_id: string | null
  result: string
  site_ref: string
  reporter_name: string
  image_url: string | null
  submitted_at: number
  time_result_recorded: number
  created_at: number
  full_name: string
  person_uuid: string
}

const instanceColumns = [
  'i.id',
  'i.uuid',
  'i.test_kit_provider',
  'i.test_kit_lot_no',
  'i.test_kit_id',
  'i.test_id',
  'i.result',
  'i.site_ref',
  'i.reporter_name',
  'i.image_url',
  'i.submitted_at',
  'i.time_result_recorded',
  'i.created_at',
  'p.full_name',
  'p.uuid as person_uuid',
] as const

export function pageInstances(
  db: Db,
  entityCode: string,
  groupId: number,
  f: InstanceFilter,
  page: { limit: number; offset: number },
): Promise<InstanceRecord[]> {
  return instanceQuery(db, entityCode, groupId, f)
    .select(instanceColumns)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countInstances(
  db: Db,
  entityCode: string,
  groupId: number,
  f: InstanceFilter,
): Promise<number> {
  const row = await instanceQuery(db, entityCode, groupId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}

/** Every matching row, newest first, read in keyset batches so memory stays flat however many match (the CSV). */
export async function* allInstances(
  db: Db,
  entityCode: string,
  groupId: number,
  f: InstanceFilter,
  batch = 2000,
): AsyncGenerator<InstanceRecord> {
  let after: { created_at: number; id: number } | null = null
  for (;;) {
    let q = instanceQuery(db, entityCode, groupId, f)
    const last = after
    if (last !== null) {
      q = q.where((eb) =>
        eb.or([
          eb('i.created_at', '<', last.created_at),
          eb.and([eb('i.created_at', '=', last.created_at), eb('i.id', '<', last.id)]),
        ]),
      )
    }
    const rows = await q
      .select(instanceColumns)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(batch)
      .execute()
    for (const row of rows) yield row
    const tail = rows.at(-1)
    if (rows.length < batch || tail === undefined) return
    after = { created_at: tail.created_at, id: tail.id }
  }
}

export async function findInstance(db: Db, entityCode: string, uuid: string) {
  return db
    .selectFrom('test_instance as i')
    .innerJoin('test_person as p', 'p.id', 'i.person_id')
    .where('i.entity_code', '=', entityCode)
    .where('i.uuid', '=', uuid)
    .select(instanceColumns)
    .executeTakeFirst()
}

export async function insertInstance(db: Db, row: Insertable<TestInstanceTable>): Promise<void> {
  await db.insertInto('test_instance').values(row).execute()
}

// ---- team view (testInstances) ---------------------------------------------------------------------------------

export interface TeamFilter {
  after?: number | undefined
  upTo?: number | undefined
  /** Only the results this user reported (the query without `as=superuser`). */
  reporterUserId?: number | undefined
  ascending: boolean
}

function teamQuery(db: Db, entityCode: string, groupId: number, f: TeamFilter) {
  let q = db
    .selectFrom('test_instance as i')
    .innerJoin('test_person as p', 'p.id', 'i.person_id')
    .where('i.entity_code', '=', entityCode)
    .where('i.group_id', '=', groupId)
  if (f.after !== undefined) q = q.where('i.time_result_recorded', '>', f.after)
  if (f.upTo !== undefined) q = q.where('i.time_result_recorded', '<=', f.upTo)
  if (f.reporterUserId !== undefined) q = q.where('i.reporter_user_id', '=', f.reporterUserId)
  return q
}

export function pageTeam(
  db: Db,
  entityCode: string,
  groupId: number,
  f: TeamFilter,
  page: { limit: number; offset: number },
) {
  const order = f.ascending ? 'asc' : 'desc'
  return teamQuery(db, entityCode, groupId, f)
    .select([
      'i.uuid',
      'p.uuid as person_uuid',
      'p.full_name',
      'p.dial_code',
      'p.mobile_number',
      'p.national_id_last_four',
      'i.result',
      'i.submitted_at',
      'i.time_result_recorded',
      'i.reporter_name',
    ])
    .orderBy('i.time_result_recorded', order)
    .orderBy('i.id', order)
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countTeam(db: Db, entityCode: string, groupId: number, f: TeamFilter): Promise<number> {
  const row = await teamQuery(db, entityCode, groupId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}
