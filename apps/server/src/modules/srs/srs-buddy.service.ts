import type {
  SrsBuddy,
  SrsBuddyDetail,
  SrsBuddyFilter,
  SrsBuddyFilterData,
  SrsEventAction,
  SrsPerson,
  SrsTestFilterData,
  srsReassignRequest,
  srsStatusRequest,
  srsTestFilterRequest,
} from '@portal/contract'
import {
  reactivatedStatus,
  reassignIssues,
  SRS_DAY_MS,
  SRS_EVENT_LIMIT,
  SrsBuddyStatus,
  srsComplianceOf,
} from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import type { CountCache } from '../../lib/count-cache'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import type { SrsBuddyRecord } from './srs-buddy.repository'
import {
  countBuddies,
  countTests,
  countTestsSince,
  findBuddy,
  findBuddyPage,
  findEvents,
  findTestPage,
  insertEvent,
  updateBuddy,
} from './srs-buddy.repository'

/** The cache scope of SRS counts: invalidated by every change of an entity's records. */
const countScope = (entityCode: string) => `srs-buddies:${entityCode}`
const RECORD = 'SRS buddy record'

function buddyOf(row: SrsBuddyRecord): SrsPerson | null {
  if (row.buddy_name === null) return null
  return {
    name: row.buddy_name,
    dial_code: row.buddy_dial_code ?? '',
    mobile_number: row.buddy_mobile ?? '',
    national_id_last_four: row.buddy_id_last_four ?? '',
  }
}

export function toSrsBuddy(row: SrsBuddyRecord, tests30d: number, now: number): SrsBuddy {
  return {
    uuid: row.uuid,
    reference: row.reference,
    person: {
      name: row.person_name,
      dial_code: row.person_dial_code,
      mobile_number: row.person_mobile,
      national_id_last_four: row.person_id_last_four,
    },
    buddy: buddyOf(row),
    site: row.site,
    interval_days: row.interval_days,
    status: row.status,
    compliance: srsComplianceOf(row, now),
    last_test_at: row.last_test_at,
    last_result: row.last_result,
    next_due_at: row.next_due_at,
    tests_30d: tests30d,
    enrolled_at: row.enrolled_at,
    updated_at: row.updated_at,
  }
}

export async function filterSrsBuddies(
  db: Db,
  counts: CountCache,
  caller: Caller,
  filter: SrsBuddyFilter,
  now = Date.now(),
): Promise<SrsBuddyFilterData> {
  const entity = caller.auth.entityCode
  // Order and paging do not change the count: leave them out of the cache key.
  const { limit: _limit, offset: _offset, sort_by: _sort, sort_order: _order, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findBuddyPage(db, entity, filter, now),
    counts.get(countScope(entity), countFilter, () => countBuddies(db, entity, countFilter, now)),
  ])
  const recent = await countTestsSince(
    db,
    entity,
    rows.map((r) => r.id),
    now - 30 * SRS_DAY_MS,
  )
  return { buddies: rows.map((r) => toSrsBuddy(r, recent.get(r.id) ?? 0, now)), count }
}

async function requireBuddy(db: Db, entityCode: string, uuid: string): Promise<SrsBuddyRecord> {
  const row = await findBuddy(db, entityCode, uuid)
  if (!row) throw notFound(RECORD)
  return row
}

export async function getSrsBuddy(
  db: Db,
  caller: Caller,
  uuid: string,
  now = Date.now(),
): Promise<SrsBuddyDetail> {
  const entity = caller.auth.entityCode
  const row = await requireBuddy(db, entity, uuid)
  const [recent, total, events] = await Promise.all([
    countTestsSince(db, entity, [row.id], now - 30 * SRS_DAY_MS),
    countTests(db, entity, row.id),
    findEvents(db, entity, row.id, SRS_EVENT_LIMIT),
  ])
  return {
    ...toSrsBuddy(row, recent.get(row.id) ?? 0, now),
    tests_total: total,
    events: events.map((e) => ({
      id: e.id,
      at: e.at,
      action: e.action,
      actor_name: e.actor_name ?? null,
      reason: e.reason,
      from_buddy: e.from_buddy,
      to_buddy: e.to_buddy,
    })),
  }
}

export async function filterSrsTests(
  db: Db,
  caller: Caller,
  uuid: string,
  body: z.output<typeof srsTestFilterRequest>,
): Promise<SrsTestFilterData> {
  const entity = caller.auth.entityCode
  const row = await requireBuddy(db, entity, uuid)
  const [tests, count] = await Promise.all([
    findTestPage(db, entity, row.id, body.limit, body.offset),
    countTests(db, entity, row.id),
  ])
  return { tests, count }
}

const conflict = (message: string) => new HttpError(409, 'CONFLICT', message)
const changedMeanwhile = () =>
  conflict('The record was changed by someone else meanwhile; reload it and try again')

/** The time of a change: now, but always after the record's last change (the update's guard compares it). */
const changeTime = (row: SrsBuddyRecord) => Math.max(Date.now(), row.updated_at + 1)

/** Assigns a buddy to a record that needs one, or replaces its buddy: one transaction with its event and audit. */
export async function reassignSrsBuddy(
  db: Db,
  counts: CountCache,
  caller: Caller,
  uuid: string,
  body: z.output<typeof srsReassignRequest>,
): Promise<SrsBuddyDetail> {
  const entity = caller.auth.entityCode
  const row = await requireBuddy(db, entity, uuid)
  if (row.status === SrsBuddyStatus.Inactive)
    throw conflict('This record is inactive: reactivate it before assigning a buddy')
  const before = buddyOf(row)
  const [issue] = reassignIssues(body, { person: toSrsBuddy(row, 0, 0).person, buddy: before })
  if (issue) throw fieldError(`body.${issue.path}`, issue.message)
  const at = changeTime(row)
  const action: SrsEventAction = before === null ? 'buddy_assigned' : 'buddy_reassigned'
  await db.transaction().execute(async (trx) => {
    const changed = await updateBuddy(trx, entity, row.id, row.updated_at, {
      buddy_name: body.name,
      buddy_dial_code: body.dial_code,
      buddy_mobile: body.mobile_number,
      buddy_id_last_four: body.national_id_last_four,
      status: SrsBuddyStatus.Active,
      is_inactive: 0,
      updated_at: at,
    })
    if (!changed) throw changedMeanwhile()
    await insertEvent(trx, {
      entity_code: entity,
      buddy_id: row.id,
      at,
      action,
      actor_user_id: caller.auth.userId,
      reason: body.reason,
      from_buddy: before?.name ?? null,
      to_buddy: body.name,
    })
    await auditChange(
      trx,
      caller,
      `srs_${action}`,
      'srs_buddy',
      uuid,
      { status: row.status, buddy: before },
      {
        status: SrsBuddyStatus.Active,
        buddy: {
          name: body.name,
          dial_code: body.dial_code,
          mobile_number: body.mobile_number,
          national_id_last_four: body.national_id_last_four,
        },
        reason: body.reason,
      },
    )
  })
  counts.invalidate(countScope(entity))
  return getSrsBuddy(db, caller, uuid)
}

/** Deactivates a record (active or needing a buddy → inactive) or reactivates it (inactive → back). */
export async function setSrsBuddyStatus(
  db: Db,
  counts: CountCache,
  caller: Caller,
  uuid: string,
  body: z.output<typeof srsStatusRequest>,
): Promise<SrsBuddyDetail> {
  const entity = caller.auth.entityCode
  const row = await requireBuddy(db, entity, uuid)
  const deactivate = body.status === SrsBuddyStatus.Inactive
  if (deactivate && row.status === SrsBuddyStatus.Inactive) throw conflict('This record is already inactive')
  if (!deactivate && row.status !== SrsBuddyStatus.Inactive) throw conflict('This record is already active')
  const next = deactivate ? SrsBuddyStatus.Inactive : reactivatedStatus(row.buddy_name !== null)
  const at = changeTime(row)
  const action: SrsEventAction = deactivate ? 'deactivated' : 'reactivated'
  await db.transaction().execute(async (trx) => {
    if (
      !(await updateBuddy(trx, entity, row.id, row.updated_at, {
        status: next,
        is_inactive: deactivate ? 1 : 0,
        updated_at: at,
      }))
    )
      throw changedMeanwhile()
    await insertEvent(trx, {
      entity_code: entity,
      buddy_id: row.id,
      at,
      action,
      actor_user_id: caller.auth.userId,
      reason: body.reason,
      from_buddy: null,
      to_buddy: null,
    })
    await auditChange(
      trx,
      caller,
      `srs_buddy_${action}`,
      'srs_buddy',
      uuid,
      { status: row.status },
      { status: next, reason: body.reason },
    )
  })
  counts.invalidate(countScope(entity))
  return getSrsBuddy(db, caller, uuid)
}
