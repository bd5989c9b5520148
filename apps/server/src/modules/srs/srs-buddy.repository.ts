import type { SrsBuddyFilter, SrsCompliance } from '@portal/contract'
import { Compliance, DIAL_CODES, SRS_OK_RESULTS, SRS_SORT_DEFAULT_ORDER, TestResult } from '@portal/contract'
import type { Expression, ExpressionBuilder, Insertable, SqlBool, Updateable } from 'kysely'
import type { Database, Db } from '../../db/database'
import { containsInsensitive } from '../../lib/sql'
import type { SrsBuddyEventTable, SrsBuddyTable } from './srs-buddy.table'

/*
 * All SQL of the SRS buddy records (docs/decisions/0030-srs-buddy-medical-terms-components.md). Every function takes
 * the caller's entity and filters on it first, so another entity's record is never read or written.
 */

export type SrsBuddyFilters = Omit<SrsBuddyFilter, 'limit' | 'offset' | 'sort_by' | 'sort_order'>

const OK_RESULTS: readonly string[] = SRS_OK_RESULTS

/**
 * The compliance rules of `srsComplianceOf` as SQL conditions at `now` (a record that is not inactive), so the
 * filter and the value shown can never disagree (the route tests compare them on every row).
 */
function complianceCondition(
  eb: ExpressionBuilder<Database & { b: SrsBuddyTable }, 'b'>,
  compliance: SrsCompliance,
  now: number,
): Expression<SqlBool> {
  const ok = eb.or([eb('b.last_result', 'is', null), eb('b.last_result', 'in', OK_RESULTS)])
  switch (compliance) {
    case Compliance.Failed:
      return eb('b.last_result', '=', TestResult.Positive)
    case Compliance.Error:
      return eb.and([
        eb('b.last_result', 'is not', null),
        eb('b.last_result', 'not in', [...OK_RESULTS, TestResult.Positive]),
      ])
    case Compliance.Late:
      return eb.and([ok, eb('b.next_due_at', '<', now)])
    case Compliance.Pending:
      return eb.and([ok, eb('b.next_due_at', '>=', now), eb('b.last_test_at', 'is', null)])
    case Compliance.Compliant:
      return eb.and([ok, eb('b.next_due_at', '>=', now), eb('b.last_test_at', 'is not', null)])
  }
}

/** The filtered records of one entity, without order or paging. */
function filtered(db: Db, entityCode: string, f: SrsBuddyFilters, now: number) {
  let q = db.selectFrom('srs_buddy as b').where('b.entity_code', '=', entityCode)
  if (f.status_list?.length) q = q.where('b.status', 'in', f.status_list)
  if (f.site_list?.length) q = q.where('b.site', 'in', f.site_list)
  if (f.last_test_lower !== undefined) q = q.where('b.last_test_at', '>=', f.last_test_lower)
  if (f.last_test_upper !== undefined) q = q.where('b.last_test_at', '<=', f.last_test_upper)
  const compliance = f.compliance_list
  if (compliance?.length) {
    q = q
      .where('b.is_inactive', '=', 0)
      .where((eb) => eb.or(compliance.map((c) => complianceCondition(eb, c, now))))
  }
  const search = f.search
  if (search !== undefined) {
    // Typed mobile numbers are compared without spaces, and without the country code when one is typed with its
    // plus ("+65 9123 4567" finds 91234567).
    const digits = search.replace(/[\s-]/g, '')
    const numbers = /^\+?\d{3,}$/.test(digits)
      ? digits.startsWith('+')
        ? DIAL_CODES.filter((d) => digits.startsWith(`+${d.code}`)).map((d) =>
            digits.slice(d.code.length + 1),
          )
        : [digits]
      : []
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'b.reference', search),
        containsInsensitive(db, 'b.person_name', search),
        containsInsensitive(db, 'b.buddy_name', search),
        containsInsensitive(db, 'b.site', search),
        ...numbers
          .filter((n) => n.length >= 3)
          .flatMap((n) => [
            containsInsensitive(db, 'b.person_mobile', n),
            containsInsensitive(db, 'b.buddy_mobile', n),
          ]),
      ]),
    )
  }
  return q
}

const ROW = [
  'b.id',
  'b.uuid',
  'b.reference',
  'b.person_name',
  'b.person_dial_code',
  'b.person_mobile',
  'b.person_id_last_four',
  'b.buddy_name',
  'b.buddy_dial_code',
  'b.buddy_mobile',
  'b.buddy_id_last_four',
  'b.site',
  'b.interval_days',
  'b.status',
  'b.last_test_at',
  'b.last_result',
  'b.next_due_at',
  'b.enrolled_at',
  'b.updated_at',
] as const

export function findBuddyPage(db: Db, entityCode: string, f: SrsBuddyFilter, now: number) {
  let q = filtered(db, entityCode, f, now).select(ROW)
  const dir = f.sort_order ?? SRS_SORT_DEFAULT_ORDER[f.sort_by]
  switch (f.sort_by) {
    case 'next_due':
      // Inactive records last: their due dates mean nothing (the index leads with the same columns).
      q = q.orderBy('b.is_inactive', 'asc').orderBy('b.next_due_at', dir).orderBy('b.id', dir)
      break
    case 'last_test':
      // Never-tested records last in both directions and on both engines (the index matches the default).
      q = q
        .orderBy('b.last_test_at', (o) => (dir === 'desc' ? o.desc() : o.asc()).nullsLast())
        .orderBy('b.id', dir)
      break
    case 'name':
      q = q.orderBy('b.person_name', dir).orderBy('b.id', dir)
      break
    case 'enrolled':
      q = q.orderBy('b.enrolled_at', dir).orderBy('b.id', dir)
      break
  }
  return q.limit(f.limit).offset(f.offset).execute()
}

export type SrsBuddyRecord = Awaited<ReturnType<typeof findBuddyPage>>[number]

export async function countBuddies(db: Db, entityCode: string, f: SrsBuddyFilters, now: number) {
  const row = await filtered(db, entityCode, f, now)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Witnessed swabs since `since` for the records of one page: one grouped read, never a query per row. */
export async function countTestsSince(
  db: Db,
  entityCode: string,
  buddyIds: readonly number[],
  since: number,
): Promise<Map<number, number>> {
  if (buddyIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('srs_buddy_test')
    .where('entity_code', '=', entityCode)
    .where('buddy_id', 'in', buddyIds)
    .where('tested_at', '>=', since)
    .groupBy('buddy_id')
    .select((eb) => ['buddy_id', eb.fn.countAll<number | string>().as('count')])
    .execute()
  return new Map(rows.map((r) => [r.buddy_id, Number(r.count)]))
}

export function findBuddy(db: Db, entityCode: string, uuid: string): Promise<SrsBuddyRecord | undefined> {
  return db
    .selectFrom('srs_buddy as b')
    .where('b.entity_code', '=', entityCode)
    .where('b.uuid', '=', uuid)
    .select(ROW)
    .executeTakeFirst()
}

export async function countTests(db: Db, entityCode: string, buddyId: number): Promise<number> {
  const row = await db
    .selectFrom('srs_buddy_test')
    .where('entity_code', '=', entityCode)
    .where('buddy_id', '=', buddyId)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findTestPage(db: Db, entityCode: string, buddyId: number, limit: number, offset: number) {
  return db
    .selectFrom('srs_buddy_test')
    .where('entity_code', '=', entityCode)
    .where('buddy_id', '=', buddyId)
    .select(['uuid', 'tested_at', 'result', 'witness_name', 'test_kit_lot_no'])
    .orderBy('tested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

export function findEvents(db: Db, entityCode: string, buddyId: number, limit: number) {
  return db
    .selectFrom('srs_buddy_event as e')
    .leftJoin('app_user as u', 'u.id', 'e.actor_user_id')
    .where('e.entity_code', '=', entityCode)
    .where('e.buddy_id', '=', buddyId)
    .select(['e.id', 'e.at', 'e.action', 'e.reason', 'e.from_buddy', 'e.to_buddy', 'u.name as actor_name'])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute()
}

/**
 * Changes one record, only while it is still as the caller read it (its `updated_at`), so two operators acting at
 * once cannot both succeed from the same state. Answers whether it changed.
 */
export async function updateBuddy(
  db: Db,
  entityCode: string,
  id: number,
  readUpdatedAt: number,
  values: Updateable<SrsBuddyTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('srs_buddy')
    .set(values)
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .where('updated_at', '=', readUpdatedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertEvent(db: Db, event: Insertable<SrsBuddyEventTable>): Promise<void> {
  await db.insertInto('srs_buddy_event').values(event).execute()
}
