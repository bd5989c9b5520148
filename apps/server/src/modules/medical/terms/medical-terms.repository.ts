import type { MedicalTermsStatus } from '@portal/contract'
import { MedicalTermsStatus as Status } from '@portal/contract'
import type { Insertable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../../db/database'
import { isPostgres } from '../../../lib/sql'
import type { MedicalTermsTable } from './medical-terms.table'

/*
 * All SQL of the medical terms and conditions (docs/decisions/0030-srs-buddy-medical-terms-components.md). Every
 * function takes the caller's entity and filters on it first.
 */

const SUMMARY = [
  't.id',
  't.uuid',
  't.version',
  't.title',
  't.status',
  't.effective_at',
  't.created_at',
  't.updated_at',
  't.published_at',
  't.retired_at',
  'u.name as updated_by_name',
] as const

function versions(db: Db, entityCode: string, statuses: readonly string[] | undefined) {
  let q = db
    .selectFrom('medical_terms as t')
    .leftJoin('app_user as u', 'u.id', 't.updated_by')
    .where('t.entity_code', '=', entityCode)
  if (statuses?.length) q = q.where('t.status', 'in', statuses)
  return q
}

/**
 * One page: the published version first, then drafts, then retired, newest version first within each. An entity
 * keeps tens of versions, not millions, so ordering by the status rank reads its few rows by the entity index.
 */
export function findTermsPage(
  db: Db,
  entityCode: string,
  statuses: readonly string[] | undefined,
  limit: number,
  offset: number,
) {
  return versions(db, entityCode, statuses)
    .select(SUMMARY)
    .orderBy(sql`case t.status when ${Status.Published} then 0 when ${Status.Draft} then 1 else 2 end`)
    .orderBy('t.version', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

export type MedicalTermsSummaryRow = Awaited<ReturnType<typeof findTermsPage>>[number]

export async function countTerms(db: Db, entityCode: string, statuses: readonly string[] | undefined) {
  const row = await db
    .selectFrom('medical_terms as t')
    .where('t.entity_code', '=', entityCode)
    .$if(statuses !== undefined && statuses.length > 0, (q) => q.where('t.status', 'in', statuses ?? []))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** People who accepted each of these versions: one grouped read by the (entity, terms) index. */
export async function acceptanceCounts(
  db: Db,
  entityCode: string,
  termsIds: readonly number[],
): Promise<Map<number, number>> {
  if (termsIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('medical_terms_acceptance')
    .where('entity_code', '=', entityCode)
    .where('terms_id', 'in', termsIds)
    .groupBy('terms_id')
    .select((eb) => ['terms_id', eb.fn.countAll<number | string>().as('count')])
    .execute()
  return new Map(rows.map((r) => [r.terms_id, Number(r.count)]))
}

export function findTerms(db: Db, entityCode: string, uuid: string) {
  return versions(db, entityCode, undefined)
    .where('t.uuid', '=', uuid)
    .select([...SUMMARY, 't.body'])
    .executeTakeFirst()
}

export type MedicalTermsDetailRow = NonNullable<Awaited<ReturnType<typeof findTerms>>>

export function findPublished(db: Db, entityCode: string) {
  return db
    .selectFrom('medical_terms')
    .where('entity_code', '=', entityCode)
    .where('status', '=', Status.Published)
    .select(['id', 'version', 'effective_at'])
    .executeTakeFirst()
}

export async function nextVersion(db: Db, entityCode: string): Promise<number> {
  const row = await db
    .selectFrom('medical_terms')
    .where('entity_code', '=', entityCode)
    .select((eb) => eb.fn.max<number | string | null>('version').as('max'))
    .executeTakeFirst()
  return Number(row?.max ?? 0) + 1
}

export async function insertTerms(db: Db, row: Insertable<MedicalTermsTable>): Promise<void> {
  await db.insertInto('medical_terms').values(row).execute()
}

/** Changes a version only while it has the status the caller read; answers whether it changed. */
export async function updateTerms(
  db: Db,
  entityCode: string,
  id: number,
  expected: MedicalTermsStatus,
  values: Updateable<MedicalTermsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('medical_terms')
    .set(values)
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteDraft(db: Db, entityCode: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('medical_terms')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .where('status', '=', Status.Draft)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/**
 * Serialises the publishing of one entity's versions until the transaction ends. PostgreSQL runs transactions side
 * by side, so two publishes could both read the same published version; locking the entity's row makes the second
 * wait and then see the first. SQLite runs one write transaction at a time already.
 */
export async function lockEntityTerms(db: Db, entityCode: string): Promise<void> {
  if (!isPostgres(db)) return
  await db.selectFrom('entity').where('code', '=', entityCode).select('id').forUpdate().execute()
}
