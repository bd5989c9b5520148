import type { AlertKind, AlertRule, AlertRuleUpdate } from '@portal/contract'
import { ALERT_KIND_INFO, thresholdProblem } from '@portal/contract'
import type { TFunction } from 'i18next'

/** A rule as its row edits it: the threshold as typed. */
export interface RuleDraft {
  enabled: boolean
  threshold: string
}

export function draftOf(rule: AlertRule): RuleDraft {
  return { enabled: rule.enabled, threshold: rule.threshold === null ? '' : String(rule.threshold) }
}

export function isDirty(rule: AlertRule, draft: RuleDraft): boolean {
  const saved = draftOf(rule)
  return saved.enabled !== draft.enabled || saved.threshold !== draft.threshold.trim()
}

/**
 * The PUT body of a row, or why it cannot be sent. The contract's thresholdProblem decides, as the server will; the
 * message says it in the reader's language with the kind's unit and bounds (its own names the kind by its code).
 */
export function ruleUpdateOf(
  kind: AlertKind,
  draft: RuleDraft,
  t: TFunction,
  language: string,
): { ok: true; body: AlertRuleUpdate } | { ok: false; error: string } {
  const bounds = ALERT_KIND_INFO[kind].threshold
  if (bounds === null) return { ok: true, body: { enabled: draft.enabled } }
  const unit = t(`alerts.rules.unit.${bounds.unit}`)
  const text = draft.threshold.trim()
  if (text !== '' && !/^\d{1,9}$/.test(text)) return { ok: false, error: t('alerts.rules.wholeNumber') }
  const threshold = text === '' ? null : Number(text)
  if (thresholdProblem(kind, threshold) === null)
    return { ok: true, body: { enabled: draft.enabled, threshold } }
  return {
    ok: false,
    error:
      threshold === null
        ? t('alerts.rules.thresholdRequired', { unit })
        : t('alerts.rules.thresholdRange', {
            min: bounds.min.toLocaleString(language),
            max: bounds.max.toLocaleString(language),
            unit,
          }),
  }
}
