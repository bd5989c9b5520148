import { connectorStatuses, EVSE_STATUS_ORDER, evseStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { Badge } from '@/components/ui/badge/badge'
import { cn } from '@/components/ui/cn'
import { connectorStatusTone, evseStatusTone } from './location-format'

/** An EVSE status (evseStatuses) as a badge; unknown values read "Unknown (value)". */
export function EvseStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={evseStatusTone(status)} dot>
      {labelOf(evseStatuses, status)}
    </Badge>
  )
}

/** A charger's OCPP status (connectorStatuses) as a badge. */
export function OcppStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={connectorStatusTone(status)} dot>
      {labelOf(connectorStatuses, status)}
    </Badge>
  )
}

const PILL: Record<string, string> = {
  positive: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  error: 'bg-rose-50 text-rose-800 ring-rose-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
}

const DOT: Record<string, string> = {
  positive: 'bg-emerald-500',
  info: 'bg-sky-500',
  warning: 'bg-amber-500',
  error: 'bg-rose-500',
  neutral: 'bg-slate-400',
}

/**
 * A location's EVSEs per status in catalogue order: "● 3 AVAILABLE ● 1 CHARGING", or in `compact` form (the list's
 * cells) a coloured count per status on one line, the status named for screen readers and on hover.
 */
export function EvseStatusCounts({
  counts,
  compact = false,
  className,
}: {
  counts: Readonly<Record<string, number>>
  compact?: boolean
  className?: string
}) {
  const statuses = [
    ...EVSE_STATUS_ORDER.filter((s) => (counts[s] ?? 0) > 0),
    ...Object.keys(counts).filter((s) => !(EVSE_STATUS_ORDER as readonly string[]).includes(s)),
  ]
  if (statuses.length === 0) return <span className="text-slate-400">—</span>
  if (compact)
    return (
      <span className={cn('inline-flex items-center gap-1', className)}>
        {statuses.map((s) => (
          <span
            key={s}
            title={`${String(counts[s])} ${labelOf(evseStatuses, s)}`}
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-1.5 py-px text-xs font-semibold tabular-nums ring-1 ring-inset',
              PILL[evseStatusTone(s)],
            )}
          >
            <span aria-hidden="true" className={cn('size-1.5 rounded-full', DOT[evseStatusTone(s)])} />
            {counts[s]}
            <span className="sr-only">{labelOf(evseStatuses, s)}</span>
          </span>
        ))}
      </span>
    )
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2.5 gap-y-1', className)}>
      {statuses.map((s) => (
        <span key={s} className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-slate-700">
          <span aria-hidden="true" className={cn('size-2 rounded-full', DOT[evseStatusTone(s)])} />
          <span className="font-semibold tabular-nums">{counts[s]}</span>
          <span className="text-slate-500">{labelOf(evseStatuses, s)}</span>
        </span>
      ))}
    </span>
  )
}
