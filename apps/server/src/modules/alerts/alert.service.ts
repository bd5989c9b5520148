import type {
  Alert,
  AlertActivity,
  AlertFilterRequest,
  AlertKind,
  AlertRule,
  AlertRuleUpdate,
  AlertSeverity,
  AlertStatus,
} from '@portal/contract'
import { alertFilterRequest, LiveEventName, policyAllows, thresholdProblem } from '@portal/contract'
import type { Db } from '../../db/database'
import { fieldError, notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import type { AuthContext } from '../iam/auth/auth-context'
import { auditChange } from '../iam/audit/audit.service'
import { allowedActions, setsCovering } from '../iam/policies/policy.engine'
import { setIdsWithDescendants } from '../iam/sets/set.repository'
import type { LiveFact } from '../live/live-kinds'
import type { ActivityEntry, AlertScope } from './alert.repository'
import {
  alertActivity,
  changeAlert,
  countUnresolved,
  findAlert,
  isSubscribed,
  listAlerts,
  rulesOf,
  saveRule,
  setSubscribed,
  userEmail,
} from './alert.repository'
import type { AlertRow } from './alert.table'

/** The alerts a caller sees: their entity's, machine alerts limited to the sets their grant names. */
export async function scopeOfCaller(db: Db, caller: Caller): Promise<AlertScope> {
  const entityCode = caller.auth.entityCode
  return {
    entityCode,
    setIds: caller.sets === null ? null : await setIdsWithDescendants(db, entityCode, caller.sets),
  }
}

/** The same for someone who is not calling (an e-mail's recipient): null when they may not read alerts. */
export async function scopeOfUser(db: Db, auth: AuthContext): Promise<AlertScope | null> {
  const allowed = await allowedActions(db, auth, 'iam', 'alerts/*')
  if (!policyAllows(allowed, 'read', auth.isPlatformAdmin)) return null
  const sets = allowed.length === 0 ? null : setsCovering(allowed, 'read')
  return {
    entityCode: auth.entityCode,
    setIds: sets === null ? null : await setIdsWithDescendants(db, auth.entityCode, sets),
  }
}

export function toAlert(r: AlertRow): Alert {
  return {
    id: r.id,
    kind: r.kind as AlertKind,
    severity: r.severity as AlertSeverity,
    status: r.status as AlertStatus,
    subject: r.subject,
    subject_path: r.subject_path,
    machine_id: r.machine_id,
    charge_point: r.charge_point,
    message: r.message,
    raised_at: r.raised_at,
    last_seen_at: r.last_seen_at,
    updated_at: r.updated_at,
    acknowledged_at: r.acknowledged_at,
    acknowledged_by: r.acknowledged_by,
    resolved_at: r.resolved_at,
    resolved_by: r.resolved_by,
    comments: r.comments,
  }
}

export async function filterAlerts(db: Db, caller: Caller, body: AlertFilterRequest) {
  const { limit, offset, ...filter } = alertFilterRequest.parse(body)
  const { rows, count } = await listAlerts(db, await scopeOfCaller(db, caller), filter, { limit, offset })
  return { alerts: rows.map(toAlert), count }
}

const LATEST = 8

export async function alertSummary(db: Db, caller: Caller) {
  const scope = await scopeOfCaller(db, caller)
  const [counts, latest] = await Promise.all([
    countUnresolved(db, scope),
    listAlerts(
      db,
      scope,
      { status: ['open', 'acknowledged'], sort: 'raised_at', order: 'desc' },
      { limit: LATEST, offset: 0 },
    ),
  ])
  return { ...counts, latest: latest.rows.map(toAlert) }
}

async function detail(
  db: Db,
  scope: AlertScope,
  id: number,
): Promise<{ alert: Alert; activity: AlertActivity[] }> {
  const row = await findAlert(db, scope, id)
  if (!row) throw notFound('Alert')
  const activity = await alertActivity(db, id)
  return {
    alert: toAlert(row),
    activity: activity.map((a) => ({
      id: a.id,
      action: a.action as AlertActivity['action'],
      at: a.at,
      username: a.username,
      text: a.text,
    })),
  }
}

export async function alertDetail(db: Db, caller: Caller, id: number) {
  return detail(db, await scopeOfCaller(db, caller), id)
}

export type AlertAction = 'acknowledge' | 'resolve' | 'comment'

/**
 * A person acknowledges, resolves or comments. Acknowledging or resolving an alert already resolved changes nothing
 * and answers it as it is (two people pressing Resolve at once both see it resolved, once, by the first).
 */
export async function actOnAlert(
  db: Db,
  caller: Caller,
  id: number,
  action: AlertAction,
  text: string | undefined,
  tell: (fact: LiveFact) => void,
) {
  const scope = await scopeOfCaller(db, caller)
  const row = await findAlert(db, scope, id)
  if (!row) throw notFound('Alert')
  const now = Date.now()
  const who = { at: now, userId: caller.auth.userId, username: caller.auth.username }
  const comment: ActivityEntry[] = text ? [{ ...who, action: 'commented', text }] : []
  let changed: boolean
  if (action === 'comment') {
    changed = await changeAlert(db, id, {}, comment, false)
  } else if (action === 'acknowledge') {
    changed =
      row.status === 'open' &&
      (await changeAlert(
        db,
        id,
        { status: 'acknowledged', acknowledged_at: now, acknowledged_by: caller.auth.username },
        [{ ...who, action: 'acknowledged', text: '' }, ...comment],
        true,
      ))
  } else {
    changed = await changeAlert(
      db,
      id,
      { status: 'resolved', resolved_at: now, resolved_by: caller.auth.username },
      [{ ...who, action: 'resolved', text: '' }, ...comment],
      true,
    )
  }
  if (changed) {
    await auditChange(
      db,
      caller,
      `alert.${action}`,
      'alert',
      id,
      { status: row.status },
      { status: action, text },
    )
    tell({
      name: LiveEventName.alertUpdated,
      entities: [row.entity_code],
      ...(row.machine_id === null ? {} : { machineId: row.machine_id }),
      data: { alert_id: id },
    })
  }
  return detail(db, scope, id)
}

export async function alertRules(db: Db, caller: Caller): Promise<AlertRule[]> {
  return rulesOf(db, caller.auth.entityCode)
}

export async function updateAlertRule(
  db: Db,
  caller: Caller,
  kind: AlertKind,
  body: AlertRuleUpdate,
): Promise<AlertRule> {
  const problem = thresholdProblem(kind, body.threshold)
  if (problem) throw fieldError('body.threshold', problem)
  const before = (await rulesOf(db, caller.auth.entityCode)).find((r) => r.kind === kind)
  const rule = { kind, enabled: body.enabled, threshold: body.threshold ?? null }
  await saveRule(db, caller.auth.entityCode, rule, caller.auth.username, Date.now())
  await auditChange(db, caller, 'alert_rule.update', 'alert_rule', kind, before ?? null, rule)
  const after = (await rulesOf(db, caller.auth.entityCode)).find((r) => r.kind === kind)
  if (!after) throw notFound('Alert rule')
  return after
}

export async function alertSubscriptionOf(db: Db, caller: Caller) {
  const [email, address] = await Promise.all([
    isSubscribed(db, caller.auth.entityCode, caller.auth.userId),
    userEmail(db, caller.auth.userId),
  ])
  return { email, address }
}

export async function setAlertSubscription(db: Db, caller: Caller, email: boolean) {
  await setSubscribed(db, caller.auth.entityCode, caller.auth.userId, email, Date.now())
  return alertSubscriptionOf(db, caller)
}
