import type {
  CaseAnswers,
  CaseChange,
  CaseCreate,
  CaseDetail,
  CaseEvent,
  CaseFilter,
  CaseFilterData,
  CaseListItem,
  CaseUpdate,
} from '@portal/contract'
import {
  CaseEventAction,
  CaseStatus,
  formatCaseNo,
  formatDateTime,
  maskIdNumber,
  policyAllows,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import type { CountCache } from '../../lib/count-cache'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { allowedActions } from '../iam/policies/policy.engine'
import type { CaseRecord } from './case.repository'
import {
  countCases,
  findCaseByUuid,
  findCasePage,
  findSite,
  insertCase,
  insertCaseEvent,
  listCaseEvents,
  listSites,
  listStaff,
  nextCaseSeq,
  updateCaseAtVersion,
} from './case.repository'

/** What updating a case needs (reading needs read); the detail tells the portal whether to offer it. */
export const CASE_EDIT = { app: 'health', resource: 'cases/*', action: 'edit' } as const

/** The cache scope of case counts: invalidated after every write of the entity's cases. */
const countScope = (entityCode: string) => `cases:${entityCode}`

function toListItem(r: CaseRecord): CaseListItem {
  return {
    caseId: r.case_uuid,
    caseNo: r.case_no,
    caseTemplate: r.template,
    status: r.status,
    urgency: r.urgency,
    patientName: r.patient_name,
    siteCode: r.site_code,
    siteName: r.site_name ?? r.site_code,
    createdBy: r.created_by_name,
    createdByUuid: r.created_by_uuid,
    updatedBy: r.updated_by_name,
    updatedByUuid: r.updated_by_uuid,
    createdAt: r.created_at,
    lastEditedDate: r.last_edited_at,
  }
}

export async function filterCases(
  db: Db,
  counts: CountCache,
  caller: Caller,
  filter: CaseFilter,
): Promise<CaseFilterData> {
  const entityCode = caller.auth.entityCode
  const { limit: _limit, offset: _offset, sort: _sort, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findCasePage(db, entityCode, filter),
    counts.get(countScope(entityCode), countFilter, () => countCases(db, entityCode, countFilter)),
  ])
  return { cases: rows.map(toListItem), count }
}

async function canEdit(db: Db, caller: Caller): Promise<boolean> {
  const allowed = await allowedActions(db, caller.auth, CASE_EDIT.app, CASE_EDIT.resource)
  return policyAllows(allowed, CASE_EDIT.action, caller.auth.isPlatformAdmin)
}

async function detailOf(db: Db, caller: Caller, record: CaseRecord): Promise<CaseDetail> {
  const [events, editable] = await Promise.all([
    listCaseEvents(db, caller.auth.entityCode, record.id),
    canEdit(db, caller),
  ])
  return {
    ...toListItem(record),
    idType: record.id_type,
    idNumberMasked: record.id_masked,
    dateOfBirth: record.date_of_birth,
    sex: record.sex,
    dialCode: record.dial_code,
    mobileNumber: record.mobile_number,
    answers: parseJson<CaseAnswers>(record.answers, {}),
    notes: record.notes,
    consentAt: record.consent_at,
    version: record.version,
    canEdit: editable,
    history: events.map((e): CaseEvent => ({
      id: e.id,
      action: e.action === CaseEventAction.Created ? CaseEventAction.Created : CaseEventAction.Updated,
      at: e.at,
      by: e.user_name,
      byUuid: e.user_uuid,
      changes: parseJson<CaseChange[]>(e.changes, []),
      comment: e.comment,
    })),
  }
}

export async function getCase(db: Db, caller: Caller, caseUuid: string): Promise<CaseDetail> {
  const record = await findCaseByUuid(db, caller.auth.entityCode, caseUuid)
  if (!record) throw notFound('Case')
  return detailOf(db, caller, record)
}

async function requireSite(db: Db, entityCode: string, code: string): Promise<void> {
  if (!(await findSite(db, entityCode, code)))
    throw fieldError('body.siteCode', 'Choose one of your organisation’s clinics')
}

/** Records a new case (the intake form) with its number and the first entry of its history, in one transaction. */
export async function createCase(
  db: Db,
  counts: CountCache,
  caller: Caller,
  body: CaseCreate,
  now = Date.now(),
): Promise<CaseDetail> {
  const entityCode = caller.auth.entityCode
  await requireSite(db, entityCode, body.siteCode)
  const caseUuid = randomUUID()
  await db.transaction().execute(async (trx) => {
    const seq = await nextCaseSeq(trx, entityCode)
    const id = await insertCase(trx, {
      entity_code: entityCode,
      case_uuid: caseUuid,
      case_seq: seq,
      case_no: formatCaseNo(entityCode, seq),
      template: body.caseTemplate,
      status: CaseStatus.Open,
      urgency: body.urgency,
      patient_name: body.patientName,
      id_type: body.idType,
      id_masked: maskIdNumber(body.idNumber),
      date_of_birth: body.dateOfBirth,
      sex: body.sex,
      dial_code: body.dialCode,
      mobile_number: body.mobileNumber,
      site_code: body.siteCode,
      answers: JSON.stringify(body.answers),
      notes: body.notes,
      consent_at: now,
      created_by: caller.auth.userId,
      updated_by: caller.auth.userId,
      created_at: now,
      last_edited_at: now,
      version: 1,
    })
    await insertCaseEvent(trx, {
      entity_code: entityCode,
      case_id: id,
      action: CaseEventAction.Created,
      at: now,
      user_id: caller.auth.userId,
      changes: '[]',
      comment: '',
    })
  })
  counts.invalidate(countScope(entityCode))
  return getCase(db, caller, caseUuid)
}

type Scalar = string | number | boolean | null

/** What changed between the stored case and an update, field by field (answers one by one). */
export function caseChanges(record: CaseRecord, body: CaseUpdate, idMasked: string): CaseChange[] {
  const changes: CaseChange[] = []
  const compare = (field: string, from: Scalar, to: Scalar) => {
    if (from !== to) changes.push({ field, from, to })
  }
  compare('caseTemplate', record.template, body.caseTemplate)
  compare('status', record.status, body.status)
  compare('urgency', record.urgency, body.urgency)
  compare('patientName', record.patient_name, body.patientName)
  compare('idType', record.id_type, body.idType)
  compare('idNumber', record.id_masked, idMasked)
  compare('dateOfBirth', record.date_of_birth, body.dateOfBirth)
  compare('sex', record.sex, body.sex)
  compare('dialCode', record.dial_code, body.dialCode)
  compare('mobileNumber', record.mobile_number, body.mobileNumber)
  compare('siteCode', record.site_code, body.siteCode)
  compare('notes', record.notes, body.notes)
  const before = parseJson<CaseAnswers>(record.answers, {})
  for (const key of new Set([...Object.keys(before), ...Object.keys(body.answers)]))
    compare(`answers.${key}`, before[key] ?? null, body.answers[key] ?? null)
  return changes
}

/**
 * Changes a case: every changed field goes into one history entry with the editor's comment, and the case's
 * version moves on. The update names the version it was made from; if someone saved in between, nothing is
 * written and the caller gets a 409 naming who changed it and when.
 */
export async function updateCase(
  db: Db,
  counts: CountCache,
  caller: Caller,
  caseUuid: string,
  body: CaseUpdate,
  now = Date.now(),
): Promise<CaseDetail> {
  const entityCode = caller.auth.entityCode
  const record = await findCaseByUuid(db, entityCode, caseUuid)
  if (!record) throw notFound('Case')
  if (body.siteCode !== record.site_code) await requireSite(db, entityCode, body.siteCode)
  if (body.idNumber === '' && body.idType !== record.id_type)
    throw fieldError('body.idNumber', 'Enter the ID number of the new ID type')
  const stale = () =>
    new HttpError(
      409,
      'CONFLICT',
      `${record.updated_by_name} changed this case at ${formatDateTime(record.last_edited_at, 'Asia/Singapore')} after you opened it; reload it to see their changes`,
    )
  if (body.version !== record.version) throw stale()
  const idMasked = body.idNumber === '' ? record.id_masked : maskIdNumber(body.idNumber)
  const changes = caseChanges(record, body, idMasked)
  if (changes.length === 0 && body.comment === '') return detailOf(db, caller, record)

  await db.transaction().execute(async (trx) => {
    const written = await updateCaseAtVersion(trx, entityCode, record.id, body.version, {
      template: body.caseTemplate,
      status: body.status,
      urgency: body.urgency,
      patient_name: body.patientName,
      id_type: body.idType,
      id_masked: idMasked,
      date_of_birth: body.dateOfBirth,
      sex: body.sex,
      dial_code: body.dialCode,
      mobile_number: body.mobileNumber,
      site_code: body.siteCode,
      answers: JSON.stringify(body.answers),
      notes: body.notes,
      updated_by: caller.auth.userId,
      last_edited_at: now,
    })
    if (!written)
      throw new HttpError(
        409,
        'CONFLICT',
        'Someone changed this case while you were saving; reload it to see their changes',
      )
    await insertCaseEvent(trx, {
      entity_code: entityCode,
      case_id: record.id,
      action: CaseEventAction.Updated,
      at: now,
      user_id: caller.auth.userId,
      changes: JSON.stringify(changes),
      comment: body.comment,
    })
  })
  counts.invalidate(countScope(entityCode))
  return getCase(db, caller, caseUuid)
}

export const sitesOf = (db: Db, caller: Caller) => listSites(db, caller.auth.entityCode)
export const staffOf = (db: Db, caller: Caller) => listStaff(db, caller.auth.entityCode)
