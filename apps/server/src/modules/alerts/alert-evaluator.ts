import type { AlertKind } from '@portal/contract'
import { ALERT_KIND_INFO, ALERT_KINDS, LiveEventName } from '@portal/contract'
import type { Db } from '../../db/database'
import type { LiveFact } from '../live/live-kinds'
import type { Finding } from './alert-conditions'
import { CONDITIONS } from './alert-conditions'
import {
  autoResolve,
  entityZones,
  insertAlert,
  rulesOf,
  touchAlerts,
  unresolvedAlerts,
  updateAlertMessage,
} from './alert.repository'

/*
 * The alert evaluator (docs/decisions/0111-alerts.md): level-triggered. Every run it asks each entity's enabled rules
 * what is in trouble now and brings the alerts in line: a new subject raises an alert, one still in trouble is
 * touched (and updated, with an activity and an event, when its message changes), one no longer in trouble resolves
 * by itself. Nothing depends on having seen an event: a lost notification, a crashed instance or a rule edited in
 * between only delay an alert to the next run. The partial unique index keeps one unresolved alert per subject even
 * if two runs overlap.
 */

export interface EvaluatorDeps {
  db: Db
  tell: (...facts: LiveFact[]) => void
  /** A new alert, for the e-mail to its subscribers. */
  raised: (alertId: number, entityCode: string) => Promise<void>
  minuteMs: number
  now?: () => number
  log: { error(message: string): void }
}

export interface EvaluationResult {
  raised: number
  updated: number
  resolved: number
}

const alertFact = (
  name: typeof LiveEventName.alertRaised | typeof LiveEventName.alertUpdated,
  entityCode: string,
  alertId: number,
  machineId: number | null,
): LiveFact => ({
  name,
  entities: [entityCode],
  ...(machineId === null ? {} : { machineId }),
  data: { alert_id: alertId },
})

async function reconcile(
  deps: EvaluatorDeps,
  entityCode: string,
  kind: AlertKind,
  found: readonly Finding[],
  undecided: ReadonlySet<string>,
  now: number,
  result: EvaluationResult,
): Promise<void> {
  const info = ALERT_KIND_INFO[kind]
  const open = await unresolvedAlerts(deps.db, entityCode, kind)
  const bySubject = new Map(open.map((a) => [a.subject_key, a]))
  const touched: number[] = []
  for (const f of found) {
    const existing = bySubject.get(f.subjectKey)
    if (existing) {
      bySubject.delete(f.subjectKey)
      if (existing.message === f.message) {
        touched.push(existing.id)
        continue
      }
      await updateAlertMessage(deps.db, existing.id, f.message, now)
      deps.tell(alertFact(LiveEventName.alertUpdated, entityCode, existing.id, existing.machine_id))
      result.updated++
      continue
    }
    const id = await insertAlert(deps.db, {
      entity_code: entityCode,
      kind,
      severity: info.severity,
      status: 'open',
      subject_key: f.subjectKey,
      subject: f.subject.slice(0, 300),
      subject_path: f.subjectPath,
      machine_id: f.machineId,
      charge_point: f.chargePoint,
      message: f.message.slice(0, 1000),
      raised_at: now,
      last_seen_at: now,
      updated_at: now,
      acknowledged_at: null,
      acknowledged_by: null,
      resolved_at: null,
      resolved_by: null,
    })
    if (id === null) continue
    result.raised++
    deps.tell(alertFact(LiveEventName.alertRaised, entityCode, id, f.machineId))
    await deps.raised(id, entityCode).catch((err: unknown) => {
      deps.log.error(`alerts: queueing the e-mail for alert ${String(id)} failed: ${(err as Error).message}`)
    })
  }
  await touchAlerts(deps.db, touched, now)
  if (!info.clearsByItself) return
  for (const gone of bySubject.values()) {
    if (undecided.has(gone.subject_key)) continue
    if (await autoResolve(deps.db, gone.id, 'The condition cleared', now)) {
      result.resolved++
      deps.tell(alertFact(LiveEventName.alertUpdated, entityCode, gone.id, gone.machine_id))
    }
  }
}

/** Resolves what a rule that was turned off had raised. */
async function resolveAll(
  deps: EvaluatorDeps,
  entityCode: string,
  kind: AlertKind,
  now: number,
  result: EvaluationResult,
) {
  for (const a of await unresolvedAlerts(deps.db, entityCode, kind)) {
    if (await autoResolve(deps.db, a.id, 'The rule was turned off', now)) {
      result.resolved++
      deps.tell(alertFact(LiveEventName.alertUpdated, entityCode, a.id, a.machine_id))
    }
  }
}

/** One entity, every kind. A kind that fails is logged and the others still run. */
export async function evaluateEntity(
  deps: EvaluatorDeps,
  entity: { code: string; time_zone: string },
): Promise<EvaluationResult> {
  const now = (deps.now ?? Date.now)()
  const result: EvaluationResult = { raised: 0, updated: 0, resolved: 0 }
  const rules = await rulesOf(deps.db, entity.code)
  for (const kind of ALERT_KINDS) {
    const rule = rules.find((r) => r.kind === kind)
    try {
      if (!rule?.enabled) {
        await resolveAll(deps, entity.code, kind, now, result)
        continue
      }
      const findings = await CONDITIONS[kind]({
        db: deps.db,
        entityCode: entity.code,
        timeZone: entity.time_zone,
        threshold: rule.threshold,
        now,
        minuteMs: deps.minuteMs,
      })
      await reconcile(deps, entity.code, kind, findings.found, findings.undecided ?? new Set(), now, result)
    } catch (err) {
      deps.log.error(`alerts: evaluating ${kind} for ${entity.code} failed: ${(err as Error).message}`)
    }
  }
  return result
}

export async function evaluateAll(deps: EvaluatorDeps): Promise<EvaluationResult> {
  const total: EvaluationResult = { raised: 0, updated: 0, resolved: 0 }
  for (const entity of await entityZones(deps.db)) {
    const r = await evaluateEntity(deps, entity)
    total.raised += r.raised
    total.updated += r.updated
    total.resolved += r.resolved
  }
  return total
}
