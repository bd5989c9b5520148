import { evSessionStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { Badge } from '@/components/ui/badge/badge'
import { sessionStatusTone } from './session-format'

/** An EV session status (evSessionStatuses) as a badge; unknown values read "Unknown (value)". */
export function SessionStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={sessionStatusTone(status)} dot>
      {labelOf(evSessionStatuses, status)}
    </Badge>
  )
}
