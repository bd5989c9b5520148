import type {
  SavedView,
  SavedViewCreateRequest,
  SavedViewFilterRequest,
  SavedViewListData,
  SavedViewState,
  SavedViewUpdateRequest,
} from '@portal/contract'
import { isSavedViewList, SAVED_VIEW_LISTS, SAVED_VIEWS_PER_LIST_MAX, savedViewState } from '@portal/contract'
import type { Db } from '../../db/database'
import { fieldError, forbidden, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { checkPermission } from '../../plugins/auth'
import { auditChange } from '../iam/audit/audit.service'
import type { SavedViewView } from './saved-view.repository'
import {
  clearDefaultView,
  countOwnViews,
  countVisibleViews,
  deleteView,
  dropOthersDefaults,
  findNamedView,
  findVisibleView,
  insertView,
  listVisibleViews,
  setDefaultView,
  updateView,
} from './saved-view.repository'

/*
 * Saved views (issue 18, decision 0116). Who sees what:
 * - a view's list decides who may see its views at all (the read permission of the list's call);
 * - a private view is its owner's only (404 to anybody else); a shared one is every member's who may read the list;
 * - sharing needs edit on iam / views/*; changing or deleting is the owner's, or, on a shared view, whoever holds
 *   all on iam / views/* (entity admins hold every action);
 * - anybody who sees a view may make it their own default of its list.
 */

const EMPTY_STATE: SavedViewState = { filters: {}, columns: [], page_size: 20 }

const SHARE = { app: 'iam', resource: 'views/*', action: 'edit' } as const
const MANAGE = { app: 'iam', resource: 'views/*', action: 'all' } as const

function listOf(key: string, path: string) {
  if (!isSavedViewList(key))
    throw fieldError(path, `Unknown list; one of ${Object.keys(SAVED_VIEW_LISTS).join(', ')}`)
  return key
}

/** The caller may read the list (as its own call needs), else a 403 naming it. */
async function mayReadList(db: Db, caller: Caller, key: keyof typeof SAVED_VIEW_LISTS) {
  const permission = SAVED_VIEW_LISTS[key]
  await checkPermission(db, caller.auth, { ...permission, action: 'read' })
}

async function holds(db: Db, caller: Caller, permission: typeof SHARE | typeof MANAGE) {
  try {
    await checkPermission(db, caller.auth, permission)
    return true
  } catch {
    return false
  }
}

function stateOf(json: string): SavedViewState {
  // Stored rows were validated on the way in; a row that no longer reads is shown empty rather than failing the list.
  const parsed = savedViewState.safeParse(parseJson<unknown>(json, null))
  return parsed.success ? parsed.data : EMPTY_STATE
}

export function toSavedView(row: SavedViewView, userId: number): SavedView {
  return {
    id: row.id,
    list: row.list_key,
    name: row.name,
    state: stateOf(row.state),
    shared: row.shared === 1,
    owner: { id: row.owner_id, username: row.owner_username },
    mine: row.owner_id === userId,
    default: row.default_id !== null,
    updated_at: row.updated_at,
  }
}

const audited = (v: { name: string; list_key: string; shared: number }) => ({
  name: v.name,
  list: v.list_key,
  shared: v.shared === 1,
})

const duplicate = (name: string) =>
  new HttpError(409, 'CONFLICT', `You already have a view named "${name}" on this list; choose another name`)

export async function filterViews(
  db: Db,
  caller: Caller,
  body: SavedViewFilterRequest,
): Promise<SavedViewListData> {
  const list = listOf(body.list, 'body.list')
  await mayReadList(db, caller, list)
  const { entityCode, userId } = caller.auth
  const [rows, count] = await Promise.all([
    listVisibleViews(db, entityCode, userId, list, body),
    countVisibleViews(db, entityCode, userId, list),
  ])
  return { views: rows.map((r) => toSavedView(r, userId)), count }
}

/** A view the caller may see, on a list they may read; else 404 (or 403 for the list). */
async function visibleView(db: Db, caller: Caller, id: number): Promise<SavedViewView> {
  const row = await findVisibleView(db, caller.auth.entityCode, caller.auth.userId, id)
  if (!row || !isSavedViewList(row.list_key)) throw notFound('View')
  // Losing the list's permission hides its shared views too; the owner of a private view is told why.
  try {
    await mayReadList(db, caller, row.list_key)
  } catch (error) {
    if (row.owner_id === caller.auth.userId) throw error
    throw notFound('View')
  }
  return row
}

async function mayChange(db: Db, caller: Caller, row: SavedViewView) {
  if (row.owner_id === caller.auth.userId) return
  if (row.shared === 1 && (await holds(db, caller, MANAGE))) return
  throw forbidden('Only the owner of this view (or an entity administrator) may change it')
}

async function mayShare(db: Db, caller: Caller) {
  if (!(await holds(db, caller, SHARE)))
    throw forbidden('You do not have permission to share views with the organisation')
}

export async function createView(db: Db, caller: Caller, body: SavedViewCreateRequest): Promise<SavedView> {
  const list = listOf(body.list, 'body.list')
  await mayReadList(db, caller, list)
  if (body.shared === true) await mayShare(db, caller)
  const { entityCode, userId } = caller.auth
  const name = body.name.trim()
  if (await findNamedView(db, entityCode, userId, list, name, null)) throw duplicate(name)
  if ((await countOwnViews(db, entityCode, userId, list)) >= SAVED_VIEWS_PER_LIST_MAX)
    throw new HttpError(
      409,
      'CONFLICT',
      `You have ${String(SAVED_VIEWS_PER_LIST_MAX)} views on this list; delete one before saving another`,
    )
  const now = Date.now()
  const row = {
    entity_code: entityCode,
    owner_id: userId,
    list_key: list,
    name,
    state: JSON.stringify(body.state),
    shared: body.shared === true ? 1 : 0,
    created_at: now,
    updated_at: now,
  }
  const id = await db.transaction().execute(async (trx) => {
    const made = await insertView(trx, row)
    await auditChange(trx, caller, 'view_created', 'saved_view', made, null, audited(row))
    return made
  })
  return toSavedView((await findVisibleView(db, entityCode, userId, id)) ?? missing(), userId)
}

function missing(): never {
  throw notFound('View')
}

export async function changeView(
  db: Db,
  caller: Caller,
  id: number,
  body: SavedViewUpdateRequest,
): Promise<SavedView> {
  const row = await visibleView(db, caller, id)
  const { entityCode, userId } = caller.auth
  const edits = body.name !== undefined || body.state !== undefined || body.shared !== undefined
  if (edits) await mayChange(db, caller, row)
  if (body.shared === true && row.shared !== 1) await mayShare(db, caller)
  // Making a shared view private is sharing too (it takes it away from the others).
  if (body.shared === false && row.shared === 1 && row.owner_id !== userId) await mayShare(db, caller)
  const name = body.name?.trim()
  if (name !== undefined && (await findNamedView(db, entityCode, row.owner_id, row.list_key, name, row.id)))
    throw duplicate(name)
  await db.transaction().execute(async (trx) => {
    if (edits) {
      const change = {
        ...(name !== undefined ? { name } : {}),
        ...(body.state !== undefined ? { state: JSON.stringify(body.state) } : {}),
        ...(body.shared !== undefined ? { shared: body.shared ? 1 : 0 } : {}),
        updated_at: Date.now(),
      }
      await updateView(trx, row.id, change)
      if (body.shared === false) await dropOthersDefaults(trx, row.id, row.owner_id)
      await auditChange(trx, caller, 'view_updated', 'saved_view', row.id, audited(row), {
        ...audited(row),
        ...(name !== undefined ? { name } : {}),
        ...(body.shared !== undefined ? { shared: body.shared } : {}),
        ...(body.state !== undefined ? { state_changed: true } : {}),
      })
    }
    const key = { userId, entityCode, listKey: row.list_key }
    if (body.default === true) await setDefaultView(trx, key, row.id)
    else if (body.default === false) await clearDefaultView(trx, key, row.id)
  })
  return toSavedView((await findVisibleView(db, entityCode, userId, row.id)) ?? missing(), userId)
}

export async function removeView(db: Db, caller: Caller, id: number): Promise<void> {
  const row = await visibleView(db, caller, id)
  await mayChange(db, caller, row)
  await db.transaction().execute(async (trx) => {
    await deleteView(trx, row.id)
    await auditChange(trx, caller, 'view_deleted', 'saved_view', row.id, audited(row), null)
  })
}
