import { defineCatalogue } from '../../catalogue'
import type { AlertActivityAction, AlertKind, AlertSeverity, AlertStatus } from './alerts'
import { ALERT_KIND_INFO, ALERT_KINDS } from './alerts'

/*
 * The alert enumerations as catalogues, so the portal says them through labelOf in the reader's language
 * (docs/decisions/0051); the kinds' English is the rules editor's label.
 */

export const alertKinds = defineCatalogue<AlertKind>(
  'alert kind',
  ALERT_KINDS.map((kind) => [kind, ALERT_KIND_INFO[kind].label] as const),
)

export const alertStatuses = defineCatalogue<AlertStatus>('alert status', [
  ['open', 'Open'],
  ['acknowledged', 'Acknowledged'],
  ['resolved', 'Resolved'],
])

export const alertSeverities = defineCatalogue<AlertSeverity>('alert severity', [
  ['critical', 'Critical'],
  ['warning', 'Warning'],
])

export const alertActivityActions = defineCatalogue<AlertActivityAction>('alert activity', [
  ['raised', 'Raised'],
  ['updated', 'Updated'],
  ['acknowledged', 'Acknowledged'],
  ['commented', 'Commented'],
  ['resolved', 'Resolved'],
  ['reopened', 'Reopened'],
])
