import type { BulkAction, BulkList, BulkStatus } from '@portal/contract'
import { BULK_ACTIONS, BULK_FILTER_MAX, BULK_INLINE_MAX, EntityRelation } from '@portal/contract'
import type { bulkActionRequest } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { checkPermission } from '../../plugins/auth'
import { recordAudit } from '../iam/audit/audit.repository'
import { findUserById, membershipOf } from '../iam/users/user.repository'
import type { BulkActionDef, BulkRun } from './bulk-action-defs'
import { BULK_ACTION_DEFS } from './bulk-action-defs'
import { BULK_LIST_DEFS } from './bulk-lists'
import {
  bulkReportPage,
  findBulkById,
  findBulkByUuid,
  insertBulkAction,
  markBulkFinished,
  markBulkRunning,
  recordBulkBatch,
} from './bulk.repository'
import type { BulkActionRow } from './bulk.table'

export const BULK_RUN = 'bulk.run'
export interface BulkRunPayload {
  bulk_id: number
}

export interface BulkSettings {
  commandTtlMs: number
  publicUrl: string | null
}

/** Rows named in the one audit record; past this only their count (the report keeps every row). */
const AUDIT_ROWS = 1000

type BulkRequest = z.output<typeof bulkActionRequest>

function actionOf(list: BulkList, action: string): BulkActionDef {
  const def = (BULK_ACTION_DEFS[list] as Record<string, BulkActionDef | undefined>)[action]
  if (!def)
    throw fieldError(
      'body.action',
      `'${action}' is not an action of ${list}: ${BULK_ACTIONS[list].join(', ')}`,
    )
  return def
}

/** The caller as the list and the action see them: each permission checked as its single-row call checks it. */
async function scopedCaller(db: Db, caller: Caller, list: BulkList, def: BulkActionDef) {
  const read = await checkPermission(db, caller.auth, BULK_LIST_DEFS[list].read)
  const act =
    def.permission === null ? { sets: null } : await checkPermission(db, caller.auth, def.permission)
  return { readSets: read.sets, caller: { ...caller, sets: act.sets } }
}

function idsOf(list: BulkList, ids: (string | number)[]): (string | number)[] {
  const kind = BULK_LIST_DEFS[list].idKind
  for (const [i, id] of ids.entries())
    if (typeof id !== kind)
      throw fieldError(
        `body.ids.${String(i)}`,
        `${list} are named by ${kind === 'number' ? 'number' : 'text'}`,
      )
  return [...new Set(ids)]
}

function toView(row: BulkActionRow, rows: BulkAction['rows']): BulkAction {
  return {
    id: row.uuid,
    list: row.list,
    action: row.action,
    status: row.status as BulkStatus,
    total: row.total,
    done: row.done,
    succeeded: row.succeeded,
    failed: row.failed,
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
    rows,
    rows_total: row.done,
  }
}

async function reportOf(db: Db, row: BulkActionRow, page: { limit: number; offset: number }) {
  const rows = await bulkReportPage(db, row.id, page)
  return toView(
    row,
    rows.map((r) => ({ id: r.row_id, ok: r.ok === 1, message: r.message })),
  )
}

/**
 * POST /bulk-actions: the rows are fixed now (the ids given, or what the filter matches for this caller), then up to
 * BULK_INLINE_MAX run at once and the answer is the report; more are a job, answered queued.
 */
export async function requestBulk(
  app: FastifyInstance,
  settings: BulkSettings,
  requestCaller: Caller,
  body: BulkRequest,
): Promise<BulkAction> {
  const db = app.db
  const def = actionOf(body.list, body.action)
  const parsed = def.params.safeParse(body.params)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = ['body', 'params', ...(issue?.path ?? []).map(String)].join('.')
    throw fieldError(path, issue?.message ?? 'invalid')
  }
  const params: unknown = parsed.data
  if ((body.ids === undefined) === (body.filter === undefined))
    throw fieldError('body.ids', 'give either the ids of the rows or the filter they match, not both')
  const { caller, readSets } = await scopedCaller(db, requestCaller, body.list, def)
  const run: BulkRun = { app, caller, readSets, ...settings }
  await def.check?.(run, params as never)
  let ids: (string | number)[]
  if (body.ids !== undefined) {
    ids = idsOf(body.list, body.ids)
  } else {
    ids = await BULK_LIST_DEFS[body.list].resolve(
      db,
      { ...caller, sets: readSets },
      body.filter,
      BULK_FILTER_MAX,
    )
    if (ids.length > BULK_FILTER_MAX)
      throw fieldError(
        'body.filter',
        `the filter matches more than ${BULK_FILTER_MAX.toLocaleString('en')} rows: narrow it, or act on them in parts`,
      )
  }
  const now = Date.now()
  const inline = ids.length <= BULK_INLINE_MAX
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await insertBulkAction(trx, {
      uuid: randomUUID(),
      entity_code: caller.auth.entityCode,
      requested_by: caller.auth.userId,
      ip: caller.ip,
      list: body.list,
      action: body.action,
      params: JSON.stringify(params),
      ids: JSON.stringify(ids),
      status: 'queued',
      total: ids.length,
      done: 0,
      succeeded: 0,
      failed: 0,
      error: null,
      created_at: now,
      started_at: null,
      finished_at: null,
    })
    if (!inline)
      await app.jobs.enqueue<BulkRunPayload>(
        BULK_RUN,
        { bulk_id: inserted },
        { db: trx, uniqueKey: `${BULK_RUN}:${String(inserted)}` },
      )
    return inserted
  })
  if (!inline) {
    app.jobs.notify()
    const row = await findBulkById(db, id)
    if (!row) throw notFound('Bulk action')
    return toView(row, [])
  }
  await runBulk(app, settings, id, { run })
  const row = await findBulkById(db, id)
  if (!row) throw notFound('Bulk action')
  return reportOf(db, row, { limit: BULK_INLINE_MAX, offset: 0 })
}

/**
 * Runs a bulk action from the first row not yet written (a job taken over resumes there), then records it done with
 * one audit record naming its rows. A job runs as its requester now: their permissions are checked again.
 */
export async function runBulk(
  app: FastifyInstance,
  settings: BulkSettings,
  bulkId: number,
  options: { run?: BulkRun; signal?: AbortSignal } = {},
): Promise<void> {
  const db = app.db
  const row = await findBulkById(db, bulkId)
  if (!row || row.status === 'done' || row.status === 'failed') return
  const list = row.list as BulkList
  const def = actionOf(list, row.action)
  let run = options.run
  if (!run) {
    const user = row.requested_by === null ? undefined : await findUserById(db, row.requested_by)
    if (!user) throw new BulkRefused('The user who asked for this bulk action no longer exists')
    const auth = {
      sessionId: '',
      userId: user.id,
      userUuid: user.user_uuid,
      username: user.username,
      entityCode: row.entity_code,
      isPlatformAdmin: user.is_platform_admin === 1,
    }
    try {
      const scoped = await scopedCaller(db, { auth, ip: row.ip, sets: null }, list, def)
      run = { app, ...scoped, ...settings }
    } catch (err) {
      if (err instanceof HttpError) throw new BulkRefused(err.message)
      throw err
    }
  }
  await markBulkRunning(db, row.id, Date.now())
  const ids = parseJson<(string | number)[]>(row.ids, [])
  const params = parseJson<unknown>(row.params, {}) as never
  for (let start = row.done; start < ids.length; start += def.batch) {
    options.signal?.throwIfAborted()
    const slice = ids.slice(start, start + def.batch)
    const outcomes = await def.run(run, slice, params)
    await recordBulkBatch(db, row.id, start, slice, outcomes)
  }
  await finishBulk(db, row.id, 'done', null)
}

/** The job cannot run as its requester any more (gone, or no longer allowed): it fails as a whole, at once. */
export class BulkRefused extends Error {}

/** Done or failed, with the one audit record of the whole action and its rows (failed first). */
export async function finishBulk(
  db: Db,
  bulkId: number,
  status: 'done' | 'failed',
  error: string | null,
): Promise<void> {
  const now = Date.now()
  const row = await findBulkById(db, bulkId)
  if (!row) return
  const rows = await bulkReportPage(db, bulkId, { limit: AUDIT_ROWS, offset: 0 })
  await db.transaction().execute(async (trx) => {
    await markBulkFinished(trx, bulkId, status, error, now)
    await recordAudit(
      trx,
      {
        actorUserId: row.requested_by,
        entityCode: row.entity_code,
        action: `bulk.${row.list}.${row.action}`,
        objectType: 'bulk_action',
        objectId: row.uuid,
        ip: row.ip,
        before: null,
        after: {
          list: row.list,
          action: row.action,
          params: parseJson<unknown>(row.params, {}),
          status,
          error,
          total: row.total,
          succeeded: row.succeeded,
          failed: row.failed,
          rows: rows.map((r) => ({ id: r.row_id, ok: r.ok === 1, message: r.message })),
          rows_not_listed: Math.max(0, row.done - rows.length),
        },
      },
      now,
    )
  })
}

/**
 * Whether someone other than the requester may read a bulk action: the entity's owners and admins, and members (or
 * service accounts) who could run the same action on the whole list themselves (no set limits), who see its rows
 * anyway.
 */
async function mayReadOthers(db: Db, caller: Caller, row: BulkActionRow): Promise<boolean> {
  if (caller.auth.isPlatformAdmin) return true
  const relation = await membershipOf(db, caller.auth.userId, caller.auth.entityCode)
  if (relation === EntityRelation.Owned || relation === EntityRelation.Admin) return true
  const list = row.list as BulkList
  const def = (BULK_ACTION_DEFS[list] as Record<string, BulkActionDef | undefined>)[row.action]
  if (!def?.permission) return false
  try {
    const read = await checkPermission(db, caller.auth, BULK_LIST_DEFS[list].read)
    const act = await checkPermission(db, caller.auth, def.permission)
    return read.sets === null && act.sets === null
  } catch (err) {
    if (err instanceof HttpError) return false
    throw err
  }
}

/** GET /bulk-actions/{id}: its requester's, or another's for those mayReadOthers allows; else 404. */
export async function getBulk(
  db: Db,
  caller: Caller,
  uuid: string,
  page: { limit: number; offset: number },
): Promise<BulkAction> {
  const row = await findBulkByUuid(db, caller.auth.entityCode, uuid)
  if (!row) throw notFound('Bulk action')
  if (row.requested_by !== caller.auth.userId && !(await mayReadOthers(db, caller, row)))
    throw notFound('Bulk action')
  return reportOf(db, row, page)
}
