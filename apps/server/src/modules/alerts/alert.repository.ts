import type { AlertFilterRequest, AlertKind, AlertRule } from '@portal/contract'
import { ALERT_KINDS, defaultAlertRule } from '@portal/contract'
import type { Transaction } from 'kysely'
import type { Database, Db } from '../../db/database'
import { containsInsensitive } from '../../lib/sql'
import type { AlertRow, NewAlertRow } from './alert.table'

/** Who sees which alerts: the entity's, and of its machine alerts only those of the sets' machines when limited. */
export interface AlertScope {
  entityCode: string
  /** null: every machine; otherwise the set ids (with their descendants) whose machines' alerts are visible. */
  setIds: readonly number[] | null
}

export type AlertFilter = Required<Pick<AlertFilterRequest, 'sort' | 'order'>> &
  Omit<AlertFilterRequest, 'sort' | 'order' | 'limit' | 'offset'>

function filtered(db: Db, scope: AlertScope, f: AlertFilter) {
  let q = db.selectFrom('alert').where('alert.entity_code', '=', scope.entityCode)
  if (scope.setIds !== null) {
    const setIds = scope.setIds.length > 0 ? [...scope.setIds] : [-1]
    q = q.where((eb) =>
      eb.or([
        eb('alert.machine_id', 'is', null),
        eb(
          'alert.machine_id',
          'in',
          eb.selectFrom('machine_set').where('set_id', 'in', setIds).select('machine_id'),
        ),
      ]),
    )
  }
  if (f.status?.length) q = q.where('alert.status', 'in', f.status)
  if (f.kind?.length) q = q.where('alert.kind', 'in', f.kind)
  if (f.severity?.length) q = q.where('alert.severity', 'in', f.severity)
  if (f.machine_id !== undefined) q = q.where('alert.machine_id', '=', f.machine_id)
  if (f.charge_point !== undefined) q = q.where('alert.charge_point', '=', f.charge_point)
  if (f.search) q = q.where(containsInsensitive(db, 'alert.subject', f.search))
  if (f.raised_from !== undefined) q = q.where('alert.raised_at', '>=', f.raised_from)
  if (f.raised_to !== undefined) q = q.where('alert.raised_at', '<=', f.raised_to)
  return q
}

export async function listAlerts(
  db: Db,
  scope: AlertScope,
  f: AlertFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AlertRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, scope, f)
      .selectAll('alert')
      .orderBy(`alert.${f.sort}`, f.order)
      .orderBy('alert.id', f.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, scope, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(count.n) }
}

/** Every match in the list's order, `batch` at a time after `after` (the export reads them this way). */
export async function alertsAfter(
  db: Db,
  scope: AlertScope,
  f: AlertFilter,
  after: { value: number; id: number } | null,
  batch: number,
): Promise<AlertRow[]> {
  const column = `alert.${f.sort}` as const
  let q = filtered(db, scope, f)
  if (after !== null) {
    const cmp = f.order === 'desc' ? '<' : '>'
    q = q.where((eb) =>
      eb.or([
        eb(column, cmp, after.value),
        eb.and([eb(column, '=', after.value), eb('alert.id', cmp, after.id)]),
      ]),
    )
  }
  return q.selectAll('alert').orderBy(column, f.order).orderBy('alert.id', f.order).limit(batch).execute()
}

export async function countUnresolved(db: Db, scope: AlertScope) {
  const rows = await filtered(db, scope, {
    sort: 'raised_at',
    order: 'desc',
    status: ['open', 'acknowledged'],
  })
    .select(['alert.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('alert.status')
    .execute()
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0)
  return { open: of('open'), acknowledged: of('acknowledged') }
}

export async function findAlert(db: Db, scope: AlertScope, id: number): Promise<AlertRow | undefined> {
  return filtered(db, scope, { sort: 'raised_at', order: 'desc' })
    .where('alert.id', '=', id)
    .selectAll('alert')
    .executeTakeFirst()
}

export async function alertActivity(db: Db, alertId: number) {
  return db
    .selectFrom('alert_activity')
    .where('alert_id', '=', alertId)
    .select(['id', 'action', 'at', 'username', 'text'])
    .orderBy('id', 'asc')
    .execute()
}

export interface ActivityEntry {
  action: string
  at: number
  userId: number | null
  username: string | null
  text: string
}

async function addActivity(db: Db | Transaction<Database>, alertId: number, a: ActivityEntry) {
  await db
    .insertInto('alert_activity')
    .values({
      alert_id: alertId,
      action: a.action,
      at: a.at,
      user_id: a.userId,
      username: a.username,
      text: a.text,
    })
    .execute()
}

/**
 * A person's step on an alert with its activity (and the comment given with it), in one transaction. Acknowledging
 * or resolving applies only to an alert not yet resolved (`unresolvedOnly`): false when it was resolved meanwhile.
 */
export async function changeAlert(
  db: Db,
  id: number,
  change: Partial<
    Pick<AlertRow, 'status' | 'acknowledged_at' | 'acknowledged_by' | 'resolved_at' | 'resolved_by'>
  >,
  activities: readonly ActivityEntry[],
  unresolvedOnly: boolean,
): Promise<boolean> {
  const at = activities[0]?.at ?? Date.now()
  const comments = activities.filter((a) => a.action === 'commented').length
  return db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('alert')
      .set((eb) => ({ ...change, updated_at: at, comments: eb('comments', '+', comments) }))
      .where('id', '=', id)
    if (unresolvedOnly) q = q.where('resolved_at', 'is', null)
    const r = await q.executeTakeFirst()
    if (Number(r.numUpdatedRows) === 0) return false
    for (const a of activities) await addActivity(trx, id, a)
    return true
  })
}

/** The unresolved alerts of a kind in an entity (what the evaluator compares its findings with). */
export async function unresolvedAlerts(db: Db, entityCode: string, kind: AlertKind) {
  return db
    .selectFrom('alert')
    .where('entity_code', '=', entityCode)
    .where('kind', '=', kind)
    .where('resolved_at', 'is', null)
    .select(['id', 'subject_key', 'message', 'machine_id'])
    .execute()
}

/**
 * Raises an alert with its first activity; null when an unresolved one for the subject is already there (another
 * evaluation got there first: the partial unique index decides).
 */
export async function insertAlert(db: Db, row: NewAlertRow): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('alert')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['entity_code', 'kind', 'subject_key']).where('resolved_at', 'is', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return null
    await addActivity(trx, inserted.id, {
      action: 'raised',
      at: row.raised_at,
      userId: null,
      username: null,
      text: row.message,
    })
    return inserted.id
  })
}

export async function touchAlerts(db: Db, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return
  await db
    .updateTable('alert')
    .set({ last_seen_at: now })
    .where('id', 'in', [...ids])
    .execute()
}

export async function updateAlertMessage(db: Db, id: number, message: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('alert')
      .set({ message, last_seen_at: now, updated_at: now })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) > 0)
      await addActivity(trx, id, { action: 'updated', at: now, userId: null, username: null, text: message })
  })
}

/** Resolved by the server: the condition cleared. Only if nobody resolved it meanwhile. */
export async function autoResolve(db: Db, id: number, text: string, now: number): Promise<boolean> {
  return changeAlert(
    db,
    id,
    { status: 'resolved', resolved_at: now, resolved_by: null },
    [{ action: 'resolved', at: now, userId: null, username: null, text }],
    true,
  )
}

// ─── Rules ──────────────────────────────────────────────────────────────────────────────────────────────────────

export async function rulesOf(db: Db, entityCode: string): Promise<AlertRule[]> {
  const rows = await db.selectFrom('alert_rule').where('entity_code', '=', entityCode).selectAll().execute()
  return ALERT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind)
    if (!row) return defaultAlertRule(kind)
    return {
      kind,
      enabled: row.enabled === 1,
      threshold: row.threshold,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
    }
  })
}

export async function saveRule(
  db: Db,
  entityCode: string,
  rule: { kind: AlertKind; enabled: boolean; threshold: number | null },
  by: string,
  now: number,
): Promise<void> {
  const values = { enabled: rule.enabled ? 1 : 0, threshold: rule.threshold, updated_at: now, updated_by: by }
  await db
    .insertInto('alert_rule')
    .values({ entity_code: entityCode, kind: rule.kind, ...values })
    .onConflict((oc) => oc.columns(['entity_code', 'kind']).doUpdateSet(values))
    .execute()
}

/** The entities the evaluator looks at, with the zone their opening hours are in. */
export async function entityZones(db: Db): Promise<{ code: string; time_zone: string }[]> {
  return db.selectFrom('entity').select(['code', 'time_zone']).orderBy('code').execute()
}

// ─── E-mail subscribers ─────────────────────────────────────────────────────────────────────────────────────────

export async function isSubscribed(db: Db, entityCode: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('alert_subscriber')
    .where('entity_code', '=', entityCode)
    .where('user_id', '=', userId)
    .select('user_id')
    .executeTakeFirst()
  return row !== undefined
}

export async function setSubscribed(db: Db, entityCode: string, userId: number, on: boolean, now: number) {
  if (on)
    await db
      .insertInto('alert_subscriber')
      .values({ entity_code: entityCode, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['entity_code', 'user_id']).doNothing())
      .execute()
  else
    await db
      .deleteFrom('alert_subscriber')
      .where('entity_code', '=', entityCode)
      .where('user_id', '=', userId)
      .execute()
}

/** The subscribers who are still active members of the entity and have an address. */
export async function subscriberAddresses(db: Db, entityCode: string) {
  const rows = await db
    .selectFrom('alert_subscriber as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .innerJoin('membership as m', (j) =>
      j.onRef('m.user_id', '=', 's.user_id').onRef('m.entity_code', '=', 's.entity_code'),
    )
    .where('s.entity_code', '=', entityCode)
    .where('u.status', '=', 1)
    .where('u.kind', '=', 'person')
    .select(['u.id', 'u.username', 'u.email'])
    .execute()
  return rows.flatMap((r) => (r.email ? [{ id: r.id, username: r.username, email: r.email }] : []))
}

export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('app_user').where('id', '=', userId).select('email').executeTakeFirst()
  return row?.email ?? null
}
