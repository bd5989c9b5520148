import type { CaseChange, CaseQuestion } from '@portal/contract'
import {
  CASE_QUESTIONS,
  CaseStatus,
  caseStatuses,
  caseTemplates,
  CaseUrgency,
  caseUrgencies,
  dialCodes,
  genders,
  patientIdTypes,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'

// Every value of a case as the screens show it: translated, and "Unknown (value)" for one the catalogue lacks.

export const templateLabel = (t: TFunction, v: string) =>
  t(`digitalHealth.template.${v}`, { defaultValue: labelOf(caseTemplates, v) })
export const statusLabel = (t: TFunction, v: string) =>
  t(`digitalHealth.status.${v}`, { defaultValue: labelOf(caseStatuses, v) })
export const urgencyLabel = (t: TFunction, v: string) =>
  t(`digitalHealth.urgency.${v}`, { defaultValue: labelOf(caseUrgencies, v) })
export const sexLabel = (t: TFunction, v: string) =>
  t(`digitalHealth.sex.${v}`, { defaultValue: labelOf(genders, v) })
export const idTypeLabel = (t: TFunction, v: string) =>
  t(`digitalHealth.idType.${v}`, { defaultValue: labelOf(patientIdTypes, v) })
export const dialCodeLabel = (t: TFunction, v: string) =>
  t(`digitalHealth.dialCode.${v}`, { defaultValue: labelOf(dialCodes, v) })

export function questionLabel(t: TFunction, q: CaseQuestion): string {
  return t(`digitalHealth.question.${q.key}`, { defaultValue: q.label })
}

/** An answer as a reader sees it: Yes/No, the choice's label, the number with its unit. */
export function answerLabel(
  t: TFunction,
  q: CaseQuestion | undefined,
  value: string | number | boolean | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? t('digitalHealth.yes') : t('digitalHealth.no')
  if (q?.kind === 'choice') {
    const option = q.options.find((o) => o.value === value)
    return t(`digitalHealth.option.${q.key}.${String(value)}`, {
      defaultValue: option?.label ?? `Unknown (${String(value)})`,
    })
  }
  if (q?.kind === 'number' && typeof value === 'number') {
    // "7/10" for a score out of a maximum, "7.4 %" or "120 mmHg" for a measurement.
    if (!q.unit) return value.toLocaleString()
    return q.unit.startsWith('/')
      ? `${value.toLocaleString()}${q.unit}`
      : `${value.toLocaleString()} ${q.unit}`
  }
  return String(value)
}

const STATUS_TONES: Record<string, BadgeTone> = {
  [CaseStatus.Open]: 'info',
  [CaseStatus.InReview]: 'warning',
  [CaseStatus.Referred]: 'neutral',
  [CaseStatus.Closed]: 'positive',
}
const URGENCY_TONES: Record<string, BadgeTone> = {
  [CaseUrgency.Routine]: 'neutral',
  [CaseUrgency.Soon]: 'info',
  [CaseUrgency.Urgent]: 'warning',
  [CaseUrgency.Emergency]: 'error',
}

export function CaseStatusBadge({ t, status }: { t: TFunction; status: string }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'} dot>
      {statusLabel(t, status)}
    </Badge>
  )
}

export function UrgencyBadge({ t, urgency }: { t: TFunction; urgency: string }) {
  return <Badge tone={URGENCY_TONES[urgency] ?? 'neutral'}>{urgencyLabel(t, urgency)}</Badge>
}

/** The question of an answer key, in any template (keys are unique across templates). */
export function questionByKey(key: string): CaseQuestion | undefined {
  for (const questions of Object.values(CASE_QUESTIONS)) {
    const q = questions.find((x) => x.key === key)
    if (q) return q
  }
  return undefined
}

/** The name of a changed field in the history ("Status", or the question of `answers.<key>`). */
export function changeFieldLabel(t: TFunction, field: string): string {
  if (field.startsWith('answers.')) {
    const key = field.slice('answers.'.length)
    const q = questionByKey(key)
    return q ? questionLabel(t, q) : key
  }
  return t(`digitalHealth.field.${field}`, { defaultValue: field })
}

/** One value of a change in the history, shown as the form shows that field. */
export function changeValueLabel(t: TFunction, change: CaseChange, value: CaseChange['from']) {
  if (value === null || value === '') return '—'
  const text = String(value)
  switch (change.field) {
    case 'caseTemplate':
      return templateLabel(t, text)
    case 'status':
      return statusLabel(t, text)
    case 'urgency':
      return urgencyLabel(t, text)
    case 'sex':
      return sexLabel(t, text)
    case 'idType':
      return idTypeLabel(t, text)
    case 'dialCode':
      return `+${text}`
    default:
      if (change.field.startsWith('answers.'))
        return answerLabel(t, questionByKey(change.field.slice('answers.'.length)), value)
      return text
  }
}
