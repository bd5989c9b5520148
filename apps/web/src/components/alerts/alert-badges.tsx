import type { AlertSeverity, AlertStatus } from '@portal/contract'
import { alertSeverities, alertStatuses } from '@portal/contract'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { cn } from '@/components/ui/cn'
import { labelOf } from '@/lib/labels'

// Severity in red and amber, status in blue, grey and green: a critical alert that is acknowledged reads as both.
const SEVERITY_TONE: Record<AlertSeverity, BadgeTone> = { critical: 'error', warning: 'warning' }
const STATUS_TONE: Record<AlertStatus, BadgeTone> = {
  open: 'info',
  acknowledged: 'neutral',
  resolved: 'positive',
}
const DOT: Record<AlertSeverity, string> = { critical: 'bg-rose-500', warning: 'bg-amber-500' }

export function AlertSeverityBadge({ severity }: { severity: AlertSeverity }) {
  return (
    <Badge tone={SEVERITY_TONE[severity]} dot>
      {labelOf(alertSeverities, severity)}
    </Badge>
  )
}

export function AlertStatusBadge({ status }: { status: AlertStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{labelOf(alertStatuses, status)}</Badge>
}

/** The severity as a dot alone (the bell's list), named for screen readers. */
export function AlertSeverityDot({ severity, className }: { severity: AlertSeverity; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0', className)}>
      <span aria-hidden="true" className={cn('size-2.5 rounded-full', DOT[severity])} />
      <span className="sr-only">{labelOf(alertSeverities, severity)}</span>
    </span>
  )
}
