import { ClosedLoopStatus, closedLoopStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'

const TONES: Record<number, BadgeTone> = {
  [ClosedLoopStatus.Active]: 'positive',
  [ClosedLoopStatus.Suspended]: 'warning',
  [ClosedLoopStatus.Inactive]: 'neutral',
}

/** A person's or employee's status; unknown values read "Unknown (value)". */
export function ClosedLoopStatusBadge({ status }: { status: number }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'} dot>
      {labelOf(closedLoopStatuses, status)}
    </Badge>
  )
}
