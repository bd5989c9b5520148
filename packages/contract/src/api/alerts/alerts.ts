import { z } from 'zod'
import { envelope, epochMs } from '../envelope'
import type { OpeningHours } from '../iot/machines'

/*
 * Alerts (issue 16, docs/decisions/0111-alerts.md). Each entity has one rule per kind, with a threshold where the kind
 * takes one; the server looks at the machines, chargers and exports against the rules every minute, raises an alert
 * once per thing in trouble, updates it while the trouble lasts and resolves it when the trouble is over. People
 * acknowledge, comment and resolve by hand; every step is kept on the alert.
 *
 * Permission: app `iam`, resource `alerts/*`: read sees the entity's alerts (a grant limited to sets sees the machine
 * alerts of those sets' machines, and every other alert), edit acknowledges, comments, resolves and edits the rules.
 */

export const ALERT_KINDS = [
  'charger_offline',
  'connector_faulted',
  'session_start_failed',
  'machine_error',
  'machine_no_sale',
  'slot_stock_low',
  'export_failed',
] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]

export const ALERT_SEVERITIES = ['critical', 'warning'] as const
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number]

/** What a rule's threshold counts, and its bounds; null: the kind takes no threshold. */
export interface AlertThreshold {
  unit: 'minutes' | 'hours' | 'items'
  min: number
  max: number
}

export interface AlertKindInfo {
  kind: AlertKind
  /** What the rule watches, for the rules editor. */
  label: string
  severity: AlertSeverity
  threshold: AlertThreshold | null
  /** The default a new entity gets: on or off, with this threshold. */
  defaultEnabled: boolean
  defaultThreshold: number | null
  /** Raised by something that happened once (a failed export): it clears only by hand. */
  clearsByItself: boolean
  /** Who the alert is about: a machine, a charger, a connector or an export. */
  subject: 'machine' | 'charger' | 'connector' | 'export'
}

export const ALERT_KIND_INFO: Record<AlertKind, AlertKindInfo> = {
  charger_offline: {
    kind: 'charger_offline',
    label: 'Charger offline',
    severity: 'critical',
    threshold: { unit: 'minutes', min: 1, max: 7 * 24 * 60 },
    defaultEnabled: true,
    defaultThreshold: 15,
    clearsByItself: true,
    subject: 'charger',
  },
  connector_faulted: {
    kind: 'connector_faulted',
    label: 'Connector faulted',
    severity: 'critical',
    threshold: null,
    defaultEnabled: true,
    defaultThreshold: null,
    clearsByItself: true,
    subject: 'connector',
  },
  session_start_failed: {
    kind: 'session_start_failed',
    label: 'Session failed to start',
    severity: 'warning',
    threshold: null,
    defaultEnabled: true,
    defaultThreshold: null,
    clearsByItself: true,
    subject: 'charger',
  },
  machine_error: {
    kind: 'machine_error',
    label: 'Machine in error',
    severity: 'critical',
    threshold: { unit: 'minutes', min: 1, max: 7 * 24 * 60 },
    defaultEnabled: true,
    defaultThreshold: 10,
    clearsByItself: true,
    subject: 'machine',
  },
  machine_no_sale: {
    kind: 'machine_no_sale',
    label: 'No sale within opening hours',
    severity: 'warning',
    threshold: { unit: 'hours', min: 1, max: 168 },
    // Off until the operator turns it on: it means something only once the machines' opening hours are right.
    defaultEnabled: false,
    defaultThreshold: 4,
    clearsByItself: true,
    subject: 'machine',
  },
  slot_stock_low: {
    kind: 'slot_stock_low',
    label: 'Slot stock low',
    severity: 'warning',
    threshold: { unit: 'items', min: 1, max: 1000 },
    // Off until turned on: what counts as low depends on the machine and the route; a default would flag every
    // machine with one empty slot.
    defaultEnabled: false,
    defaultThreshold: 2,
    clearsByItself: true,
    subject: 'machine',
  },
  export_failed: {
    kind: 'export_failed',
    label: 'Export failed',
    severity: 'warning',
    threshold: null,
    defaultEnabled: true,
    defaultThreshold: null,
    clearsByItself: false,
    subject: 'export',
  },
}

/** A rule as the portal shows and edits it. */
export const alertRule = z.object({
  kind: z.enum(ALERT_KINDS),
  enabled: z.boolean(),
  threshold: z.number().int().nullable(),
  updated_at: epochMs.nullable(),
  updated_by: z.string().nullable(),
})
export type AlertRule = z.infer<typeof alertRule>

/** The rule every entity starts with. */
export function defaultAlertRule(kind: AlertKind): AlertRule {
  return {
    kind,
    enabled: ALERT_KIND_INFO[kind].defaultEnabled,
    threshold: ALERT_KIND_INFO[kind].defaultThreshold,
    updated_at: null,
    updated_by: null,
  }
}

export const alertKindParams = z.strictObject({ kind: z.enum(ALERT_KINDS) })

/** PUT /api/main/alerts/rules/{kind}: the threshold is required by the kinds that take one, refused by the others. */
export const alertRuleUpdate = z.strictObject({
  enabled: z.boolean(),
  threshold: z.number().int().nullable().optional(),
})
export type AlertRuleUpdate = z.infer<typeof alertRuleUpdate>

/** Why a threshold is refused for a kind, or null when it is fine. */
export function thresholdProblem(kind: AlertKind, threshold: number | null | undefined): string | null {
  const t = ALERT_KIND_INFO[kind].threshold
  if (t === null) return threshold == null ? null : `${kind} takes no threshold`
  if (threshold == null) return `${kind} needs a threshold in ${t.unit}`
  if (threshold < t.min || threshold > t.max)
    return `threshold must be between ${String(t.min)} and ${String(t.max)} ${t.unit}`
  return null
}

export const alertRulesResponse = envelope(z.object({ rules: z.array(alertRule) }))
export const alertRuleResponse = envelope(z.object({ rule: alertRule }))

export const alert = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  status: z.enum(ALERT_STATUSES),
  /** What it is about, as the lists name it: a machine's alias, a charger's identity, an export's title. */
  subject: z.string(),
  /** Where the portal shows the subject (`/machines/12`, `/ev-devices/…`), or null. */
  subject_path: z.string().nullable(),
  machine_id: z.number().int().nullable(),
  charge_point: z.string().nullable(),
  /** One line on what is wrong now ("Offline since 02:10", "Slots 3, 7 below 2"). */
  message: z.string(),
  raised_at: epochMs,
  /** When the condition was last seen true (the alert is updated while it lasts). */
  last_seen_at: epochMs,
  updated_at: epochMs,
  acknowledged_at: epochMs.nullable(),
  acknowledged_by: z.string().nullable(),
  resolved_at: epochMs.nullable(),
  /** null when it resolved by itself. */
  resolved_by: z.string().nullable(),
  comments: z.number().int(),
})
export type Alert = z.infer<typeof alert>

export const ALERT_ACTIVITY_ACTIONS = [
  'raised',
  'updated',
  'acknowledged',
  'commented',
  'resolved',
  'reopened',
] as const
export type AlertActivityAction = (typeof ALERT_ACTIVITY_ACTIONS)[number]

/** One step in an alert's life: who (null: the server), when, what. */
export const alertActivity = z.object({
  id: z.number().int(),
  action: z.enum(ALERT_ACTIVITY_ACTIONS),
  at: epochMs,
  username: z.string().nullable(),
  text: z.string(),
})
export type AlertActivity = z.infer<typeof alertActivity>

const trimmed = (max: number) => z.string().trim().max(max)

/** POST /api/main/alerts/filter: newest first by default. */
export const alertFilterRequest = z.strictObject({
  status: z.array(z.enum(ALERT_STATUSES)).max(3).optional(),
  kind: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length).optional(),
  severity: z.array(z.enum(ALERT_SEVERITIES)).max(2).optional(),
  machine_id: z.number().int().min(1).optional(),
  charge_point: trimmed(100).min(1).optional(),
  /** The subject's name, contains, case-insensitive. */
  search: trimmed(100).optional(),
  raised_from: epochMs.optional(),
  raised_to: epochMs.optional(),
  sort: z.enum(['raised_at', 'updated_at']).default('raised_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).max(100_000).default(0),
})
export type AlertFilterRequest = z.input<typeof alertFilterRequest>
/** The export's filters: the list's, without paging. */
export const alertExportFilters = alertFilterRequest.omit({ limit: true, offset: true })
export type AlertExportFilters = z.infer<typeof alertExportFilters>

export const alertFilterResponse = envelope(z.object({ alerts: z.array(alert), count: z.number().int() }))

export const alertIdParams = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
})

export const alertResponse = envelope(z.object({ alert, activity: z.array(alertActivity) }))

/** Acknowledge and resolve take an optional comment; a comment needs its text. */
export const alertActionBody = z.strictObject({ comment: trimmed(2000).optional() })
export const alertCommentBody = z.strictObject({ text: trimmed(2000).min(1, 'text is required') })

/** GET /api/main/alerts/summary: what the notification centre shows. */
export const alertSummaryResponse = envelope(
  z.object({
    open: z.number().int(),
    acknowledged: z.number().int(),
    /** The newest unresolved alerts, for the notification centre's list. */
    latest: z.array(alert),
  }),
)

/** GET/PUT /api/main/alerts/subscription: whether the caller receives the entity's new alerts by e-mail. */
export const alertSubscription = z.strictObject({ email: z.boolean() })
export const alertSubscriptionResponse = envelope(
  z.object({ email: z.boolean(), address: z.string().nullable() }),
)

/*
 * "No sale for N hours within its opening hours": the machine must have been open for the whole of the last N hours
 * today (so a machine that just opened, or is closed, raises nothing). Times are the machine's local wall-clock.
 */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const DAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const

/**
 * Whether the machine has been open for all of the `hours` before `local` (weekday 0 = Sunday, minutes since
 * midnight). `publicHoliday` uses that day's hours instead.
 */
export function openThroughout(
  hours: OpeningHours,
  local: { weekday: number; minutes: number; publicHoliday?: boolean },
  windowHours: number,
): boolean {
  const key = local.publicHoliday ? 'public_holiday' : DAY_KEYS[local.weekday]
  if (key === undefined) return false
  const day = hours[key]
  if (day.closed) return false
  const open = minutesOf(day.open)
  // 23:59 is the day's end ("24:00" as the editor stores it).
  const close = day.close === '23:59' ? 24 * 60 : minutesOf(day.close)
  return local.minutes < close && local.minutes - windowHours * 60 >= open
}
