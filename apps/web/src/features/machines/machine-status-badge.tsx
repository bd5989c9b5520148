import { MachineStatus, machineStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'

const TONES: Record<number, BadgeTone> = {
  [MachineStatus.Ready]: 'positive',
  [MachineStatus.Warning]: 'warning',
  [MachineStatus.Busy]: 'info',
  [MachineStatus.Error]: 'error',
  [MachineStatus.Updating]: 'info',
  [MachineStatus.Offline]: 'neutral',
  [MachineStatus.Uninitialized]: 'neutral',
  [MachineStatus.Inactive]: 'neutral',
}

/** A machine or service status as a coloured badge; unknown values read "Unknown (value)". */
export function MachineStatusBadge({ status }: { status: number }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'} dot>
      {labelOf(machineStatuses, status)}
    </Badge>
  )
}

const TEXT_TONES: Record<string, BadgeTone> = {
  Ready: 'positive',
  Warning: 'warning',
  Error: 'error',
  Offline: 'neutral',
  Busy: 'info',
  Updating: 'info',
}

/** A service-status entry's string status (A §5), coloured when it names a known state. */
export function ServiceStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TEXT_TONES[status] ?? 'neutral'} dot>
      {status}
    </Badge>
  )
}
