import type {
  MedicalTermsDetail,
  MedicalTermsFilterData,
  medicalTermsFilterRequest,
  medicalTermsInput,
  MedicalTermsVersion,
} from '@portal/contract'
import { canUseMedicalTerms, MedicalTermsStatus, publishIssues } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { fieldError, forbidden, HttpError, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import { findEntityByCode } from '../../iam/entities/entity.repository'
import type { MedicalTermsDetailRow, MedicalTermsSummaryRow } from './medical-terms.repository'
import {
  acceptanceCounts,
  countTerms,
  deleteDraft,
  findPublished,
  findTerms,
  findTermsPage,
  insertTerms,
  lockEntityTerms,
  nextVersion,
  updateTerms,
} from './medical-terms.repository'

type Input = z.output<typeof medicalTermsInput>
const countScope = (entityCode: string) => `medical-terms:${entityCode}`
const WHAT = 'Medical terms version'
const conflict = (message: string) => new HttpError(409, 'CONFLICT', message)

/**
 * Medical T&C belong to the health and test programme entities only (the decision record says why). The screen hides
 * itself elsewhere; this is the rule, so a caller in another entity cannot create terms that nobody would sign.
 */
async function requireHealthEntity(db: Db, entityCode: string): Promise<void> {
  const entity = await findEntityByCode(db, entityCode)
  if (!entity || !canUseMedicalTerms(parseJson<string[]>(entity.industries, [])))
    throw forbidden('Medical terms and conditions are kept by health and test programme organisations only')
}

function toVersion(row: MedicalTermsSummaryRow, accepted: number): MedicalTermsVersion {
  return {
    uuid: row.uuid,
    version: row.version,
    title: row.title,
    status: row.status,
    effective_at: row.effective_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    updated_by: row.updated_by_name ?? null,
    published_at: row.published_at,
    retired_at: row.retired_at,
    acceptance_count: accepted,
  }
}

export async function filterMedicalTerms(
  db: Db,
  counts: CountCache,
  caller: Caller,
  body: z.output<typeof medicalTermsFilterRequest>,
): Promise<MedicalTermsFilterData> {
  const entity = caller.auth.entityCode
  await requireHealthEntity(db, entity)
  const [rows, count] = await Promise.all([
    findTermsPage(db, entity, body.status_list, body.limit, body.offset),
    counts.get(countScope(entity), body.status_list ?? [], () => countTerms(db, entity, body.status_list)),
  ])
  const accepted = await acceptanceCounts(
    db,
    entity,
    rows.map((r) => r.id),
  )
  return { terms: rows.map((r) => toVersion(r, accepted.get(r.id) ?? 0)), count }
}

async function requireTerms(db: Db, entityCode: string, uuid: string): Promise<MedicalTermsDetailRow> {
  const row = await findTerms(db, entityCode, uuid)
  if (!row) throw notFound(WHAT)
  return row
}

async function detailOf(db: Db, entityCode: string, uuid: string): Promise<MedicalTermsDetail> {
  const row = await requireTerms(db, entityCode, uuid)
  const accepted = await acceptanceCounts(db, entityCode, [row.id])
  return { ...toVersion(row, accepted.get(row.id) ?? 0), body: row.body }
}

export async function getMedicalTerms(db: Db, caller: Caller, uuid: string): Promise<MedicalTermsDetail> {
  const detail = await detailOf(db, caller.auth.entityCode, uuid)
  await requireHealthEntity(db, caller.auth.entityCode)
  return detail
}

function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** A new draft, numbered after the entity's newest version. */
export async function createMedicalTerms(
  db: Db,
  counts: CountCache,
  caller: Caller,
  body: Input,
): Promise<MedicalTermsDetail> {
  const entity = caller.auth.entityCode
  await requireHealthEntity(db, entity)
  const uuid = randomUUID()
  // Two drafts created at the same moment may read the same newest number; the unique index refuses the second,
  // which then takes the next number.
  for (let attempt = 0; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        const version = await nextVersion(trx, entity)
        const now = Date.now()
        await insertTerms(trx, {
          entity_code: entity,
          uuid,
          version,
          title: body.title,
          body: body.body,
          status: MedicalTermsStatus.Draft,
          effective_at: body.effective_at,
          created_by: caller.auth.userId,
          updated_by: caller.auth.userId,
          published_at: null,
          retired_at: null,
          created_at: now,
          updated_at: now,
        })
        await auditChange(trx, caller, 'medical_terms_created', 'medical_terms', uuid, null, {
          version,
          title: body.title,
          effective_at: body.effective_at,
        })
      })
      break
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err
    }
  }
  counts.invalidate(countScope(entity))
  return detailOf(db, entity, uuid)
}

const onlyDrafts = (row: { status: string; version: number }, verb: string) =>
  conflict(`Only drafts can be ${verb}; version ${String(row.version)} is ${row.status}`)

export async function updateMedicalTerms(
  db: Db,
  caller: Caller,
  uuid: string,
  body: Input,
): Promise<MedicalTermsDetail> {
  const entity = caller.auth.entityCode
  // The version is looked up first: another entity's (or none) is a 404 whatever that entity's industries.
  const row = await requireTerms(db, entity, uuid)
  await requireHealthEntity(db, entity)
  if (row.status !== MedicalTermsStatus.Draft) throw onlyDrafts(row, 'edited')
  await db.transaction().execute(async (trx) => {
    const changed = await updateTerms(trx, entity, row.id, MedicalTermsStatus.Draft, {
      title: body.title,
      body: body.body,
      effective_at: body.effective_at,
      updated_by: caller.auth.userId,
      updated_at: Date.now(),
    })
    if (!changed) throw onlyDrafts({ version: row.version, status: 'no longer a draft' }, 'edited')
    await auditChange(
      trx,
      caller,
      'medical_terms_updated',
      'medical_terms',
      uuid,
      { title: row.title, effective_at: row.effective_at, body_length: row.body.length },
      { title: body.title, effective_at: body.effective_at, body_length: body.body.length },
    )
  })
  return detailOf(db, entity, uuid)
}

/**
 * Publishes a draft: in one transaction the published version (if any) is retired and this one published, so there
 * is never a moment with two (the partial unique index would refuse it) or, to a reader, none.
 */
export async function publishMedicalTerms(
  db: Db,
  counts: CountCache,
  caller: Caller,
  uuid: string,
): Promise<MedicalTermsDetail> {
  const entity = caller.auth.entityCode
  // The version is looked up first: another entity's (or none) is a 404 whatever that entity's industries.
  const row = await requireTerms(db, entity, uuid)
  await requireHealthEntity(db, entity)
  if (row.status !== MedicalTermsStatus.Draft) throw onlyDrafts(row, 'published')
  await db.transaction().execute(async (trx) => {
    await lockEntityTerms(trx, entity)
    const published = await findPublished(trx, entity)
    const [issue] = publishIssues(row, published ?? null)
    if (issue) throw fieldError(issue.path, issue.message)
    const now = Date.now()
    if (published) {
      await updateTerms(trx, entity, published.id, MedicalTermsStatus.Published, {
        status: MedicalTermsStatus.Retired,
        retired_at: now,
        updated_at: now,
      })
    }
    const changed = await updateTerms(trx, entity, row.id, MedicalTermsStatus.Draft, {
      status: MedicalTermsStatus.Published,
      published_at: now,
      updated_by: caller.auth.userId,
      updated_at: now,
    })
    if (!changed) throw onlyDrafts({ version: row.version, status: 'no longer a draft' }, 'published')
    await auditChange(
      trx,
      caller,
      'medical_terms_published',
      'medical_terms',
      uuid,
      { status: row.status, replaces_version: published?.version ?? null },
      { status: MedicalTermsStatus.Published, version: row.version, effective_at: row.effective_at },
    )
  })
  counts.invalidate(countScope(entity))
  return detailOf(db, entity, uuid)
}

export async function deleteMedicalTerms(
  db: Db,
  counts: CountCache,
  caller: Caller,
  uuid: string,
): Promise<{ uuid: string }> {
  const entity = caller.auth.entityCode
  // The version is looked up first: another entity's (or none) is a 404 whatever that entity's industries.
  const row = await requireTerms(db, entity, uuid)
  await requireHealthEntity(db, entity)
  if (row.status !== MedicalTermsStatus.Draft) throw onlyDrafts(row, 'deleted')
  await db.transaction().execute(async (trx) => {
    if (!(await deleteDraft(trx, entity, row.id)))
      throw onlyDrafts({ version: row.version, status: 'no longer a draft' }, 'deleted')
    await auditChange(
      trx,
      caller,
      'medical_terms_deleted',
      'medical_terms',
      uuid,
      { version: row.version, title: row.title },
      null,
    )
  })
  counts.invalidate(countScope(entity))
  return { uuid }
}
