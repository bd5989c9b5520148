import type { CaseFilter, CaseSortDirection, CaseSortField } from '@portal/contract'
import { caseSeqOf, caseSortEntries, caseStatuses, caseUrgencies } from '@portal/contract'
import type { Expression, Insertable, SelectQueryBuilder } from 'kysely'
import { sql } from 'kysely'
import type { Database, Db } from '../../db/database'
import { containsInsensitive } from '../../lib/sql'
import type { HealthCaseEventTable, HealthCaseTable } from './case.table'

export type CaseFilters = Omit<CaseFilter, 'limit' | 'offset' | 'sort'>

/** A value's position in a catalogue, so statuses sort in their workflow order and urgencies by severity. */
function rankOf(
  column: 'health_case.status' | 'health_case.urgency',
  values: readonly string[],
): Expression<number> {
  const whens = values.map((v, i) => sql`when ${v} then ${i + 1}`)
  return sql<number>`case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${values.length + 1} end`
}

const SORT_COLUMNS: Record<CaseSortField, () => Expression<unknown>> = {
  lastEditedDate: () => sql.ref('health_case.last_edited_at'),
  createdAt: () => sql.ref('health_case.created_at'),
  caseNo: () => sql.ref('health_case.case_seq'),
  caseTemplate: () => sql.ref('health_case.template'),
  status: () => rankOf('health_case.status', caseStatuses.values),
  urgency: () => rankOf('health_case.urgency', caseUrgencies.values),
}

/** The entity's cases narrowed by the filters (every one with AND), without order or paging. */
export function filteredCases(db: Db, entityCode: string, f: CaseFilters) {
  let q = db.selectFrom('health_case').where('health_case.entity_code', '=', entityCode)
  if (f.caseNo !== undefined) {
    const seq = caseSeqOf(f.caseNo)
    q =
      seq === null
        ? q.where(containsInsensitive(db, 'health_case.case_no', f.caseNo))
        : q.where('health_case.case_seq', '=', seq)
  }
  if (f.caseTemplate?.length) q = q.where('health_case.template', 'in', f.caseTemplate)
  if (f.status?.length) q = q.where('health_case.status', 'in', f.status)
  if (f.urgency?.length) q = q.where('health_case.urgency', 'in', f.urgency)
  if (f.siteCode?.length) q = q.where('health_case.site_code', 'in', f.siteCode)
  if (f.createdBy?.length) {
    const uuids = f.createdBy
    q = q.where('health_case.created_by', 'in', (eb) =>
      eb.selectFrom('app_user').where('app_user.user_uuid', 'in', uuids).select('app_user.id'),
    )
  }
  if (f.patientName !== undefined)
    q = q.where(containsInsensitive(db, 'health_case.patient_name', f.patientName))
  if (f.createdFrom !== undefined) q = q.where('health_case.created_at', '>=', f.createdFrom)
  if (f.createdTo !== undefined) q = q.where('health_case.created_at', '<=', f.createdTo)
  if (f.editedFrom !== undefined) q = q.where('health_case.last_edited_at', '>=', f.editedFrom)
  if (f.editedTo !== undefined) q = q.where('health_case.last_edited_at', '<=', f.editedTo)
  return q
}

/** The case columns with its site and the names of who created and last changed it. */
function withNames<O>(q: SelectQueryBuilder<Database, 'health_case', O>) {
  return q
    .innerJoin('app_user as creator', 'creator.id', 'health_case.created_by')
    .innerJoin('app_user as updater', 'updater.id', 'health_case.updated_by')
    .leftJoin('health_site', (join) =>
      join
        .onRef('health_site.entity_code', '=', 'health_case.entity_code')
        .onRef('health_site.code', '=', 'health_case.site_code'),
    )
    .selectAll('health_case')
    .select([
      'creator.name as created_by_name',
      'creator.user_uuid as created_by_uuid',
      'updater.name as updated_by_name',
      'updater.user_uuid as updated_by_uuid',
      'health_site.name as site_name',
    ])
}

/** One page in the requested order (the sort map's order); the id breaks ties so paging is stable. */
export async function findCasePage(db: Db, entityCode: string, f: CaseFilter) {
  const sort = caseSortEntries(f.sort)
  // The page's ids come from health_case alone (its indexes serve filter and order); the names join 20 rows after.
  let ids = filteredCases(db, entityCode, f).select('health_case.id')
  for (const [field, direction] of sort) ids = ids.orderBy(SORT_COLUMNS[field](), dir(direction))
  const first = sort[0]?.[1] ?? -1
  const page = await ids.orderBy('health_case.id', dir(first)).limit(f.limit).offset(f.offset).execute()
  if (page.length === 0) return []
  const rows = await withNames(db.selectFrom('health_case'))
    .where('health_case.entity_code', '=', entityCode)
    .where(
      'health_case.id',
      'in',
      page.map((r) => r.id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return page.map((r) => byId.get(r.id)).filter((r) => r !== undefined)
}

const dir = (d: CaseSortDirection) => (d === 1 ? 'asc' : 'desc')

export type CaseRecord = NonNullable<Awaited<ReturnType<typeof findCaseByUuid>>>

export async function countCases(db: Db, entityCode: string, f: CaseFilters): Promise<number> {
  const row = await filteredCases(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** One case of the entity by its uuid; another entity's case is not found. */
export function findCaseByUuid(db: Db, entityCode: string, caseUuid: string) {
  return withNames(db.selectFrom('health_case'))
    .where('health_case.entity_code', '=', entityCode)
    .where('health_case.case_uuid', '=', caseUuid)
    .executeTakeFirst()
}

/** A case's history, newest first, with who made each change. */
export function listCaseEvents(db: Db, entityCode: string, caseId: number) {
  return db
    .selectFrom('health_case_event')
    .innerJoin('app_user', 'app_user.id', 'health_case_event.user_id')
    .where('health_case_event.case_id', '=', caseId)
    .where('health_case_event.entity_code', '=', entityCode)
    .select([
      'health_case_event.id',
      'health_case_event.action',
      'health_case_event.at',
      'health_case_event.changes',
      'health_case_event.comment',
      'app_user.name as user_name',
      'app_user.user_uuid',
    ])
    .orderBy('health_case_event.at', 'desc')
    .orderBy('health_case_event.id', 'desc')
    .execute()
}

/** The entity's next case number, taken in the caller's transaction (see the migration). */
export async function nextCaseSeq(trx: Db, entityCode: string): Promise<number> {
  const row = await trx
    .insertInto('health_case_counter')
    .values({ entity_code: entityCode, last_no: 1 })
    .onConflict((oc) =>
      oc.column('entity_code').doUpdateSet({ last_no: (eb) => eb('health_case_counter.last_no', '+', 1) }),
    )
    .returning('last_no')
    .executeTakeFirstOrThrow()
  return row.last_no
}

export async function insertCase(trx: Db, row: Insertable<HealthCaseTable>): Promise<number> {
  const inserted = await trx.insertInto('health_case').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

export async function insertCaseEvent(trx: Db, row: Insertable<HealthCaseEventTable>): Promise<void> {
  await trx.insertInto('health_case_event').values(row).execute()
}

/** Writes a change only when the case is still at `version`; false when someone saved in between. */
export async function updateCaseAtVersion(
  trx: Db,
  entityCode: string,
  id: number,
  version: number,
  patch: Partial<Omit<HealthCaseTable, 'id' | 'entity_code' | 'case_uuid' | 'case_seq' | 'case_no'>>,
): Promise<boolean> {
  const result = await trx
    .updateTable('health_case')
    .set({ ...patch, version: version + 1 })
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function listSites(db: Db, entityCode: string) {
  return db
    .selectFrom('health_site')
    .where('entity_code', '=', entityCode)
    .select(['code', 'name', 'address'])
    .orderBy('name')
    .execute()
}

export function findSite(db: Db, entityCode: string, code: string) {
  return db
    .selectFrom('health_site')
    .where('entity_code', '=', entityCode)
    .where('code', '=', code)
    .select(['code', 'name'])
    .executeTakeFirst()
}

/** The entity's members (its staff), by name: the "Created by" filter's options. */
export function listStaff(db: Db, entityCode: string) {
  return db
    .selectFrom('membership')
    .innerJoin('app_user', 'app_user.id', 'membership.user_id')
    .where('membership.entity_code', '=', entityCode)
    .where('app_user.kind', '=', 'person')
    .select(['app_user.user_uuid as uuid', 'app_user.name', 'app_user.username'])
    .orderBy('app_user.name')
    .orderBy('app_user.id')
    .execute()
}
