import { connectorStatuses, EVSE_STATUS_ORDER, evseStatuses, labelOf } from '@portal/contract'
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

const DOT: Record<string, string> = {
  positive: 'bg-emerald-500',
  info: 'bg-sky-500',
  warning: 'bg-amber-500',
  error: 'bg-rose-500',
  neutral: 'bg-slate-400',
}

/** A location's EVSEs per status, compactly: "● 3 AVAILABLE ● 1 CHARGING", in catalogue order. */
export function EvseStatusCounts({
  counts,
  className,
}: {
  counts: Readonly<Record<string, number>>
  className?: string
}) {
  const statuses = [
    ...EVSE_STATUS_ORDER.filter((s) => (counts[s] ?? 0) > 0),
    ...Object.keys(counts).filter((s) => !(EVSE_STATUS_ORDER as readonly string[]).includes(s)),
  ]
  if (statuses.length === 0) return <span className="text-slate-400">—</span>
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
