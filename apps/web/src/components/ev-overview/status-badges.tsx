import {
  ConnectorStatus,
  DeviceConnectivity,
  connectorStatuses,
  deviceConnectivities,
  EvseStatus,
  evseStatuses,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'

/** How each EVSE status reads at a glance (A §9 catalogue). */
const EVSE_TONES: Record<string, BadgeTone> = {
  [EvseStatus.AVAILABLE]: 'positive',
  [EvseStatus.CHARGING]: 'info',
  [EvseStatus.RESERVED]: 'warning',
  [EvseStatus.BLOCKED]: 'warning',
  [EvseStatus.OUTOFORDER]: 'error',
  [EvseStatus.UNKNOWN]: 'neutral',
}

export function evseTone(status: string): BadgeTone {
  return EVSE_TONES[status] ?? 'neutral'
}

/** How each connector/OCPP status reads (A §9 catalogue): in use is info, needs a look is warning, broken is error. */
const OCPP_TONES: Record<string, BadgeTone> = {
  [ConnectorStatus.AVAILABLE]: 'positive',
  [ConnectorStatus.PREPARING]: 'info',
  [ConnectorStatus.CHARGING]: 'info',
  [ConnectorStatus.OCCUPIED]: 'info',
  [ConnectorStatus.FINISHING]: 'info',
  [ConnectorStatus.SUSPENDEDEV]: 'warning',
  [ConnectorStatus.SUSPENDEDEVSE]: 'warning',
  [ConnectorStatus.RESERVED]: 'warning',
  [ConnectorStatus.UNAVAILABLE]: 'warning',
  [ConnectorStatus.FAULTED]: 'error',
  [ConnectorStatus.UNKNOWN]: 'neutral',
}

export function ocppTone(status: string): BadgeTone {
  return OCPP_TONES[status] ?? 'neutral'
}

export function EvseStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={evseTone(status)} dot>
      {labelOf(evseStatuses, status)}
    </Badge>
  )
}

export function OcppStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={ocppTone(status)} dot>
      {labelOf(connectorStatuses, status)}
    </Badge>
  )
}

/** Online or offline by heartbeat; a value outside the catalogue reads 'Unknown (value)'. */
export function ConnectivityBadge({ connectivity }: { connectivity: string }) {
  return (
    <Badge tone={connectivity === DeviceConnectivity.ONLINE ? 'positive' : 'error'} dot>
      {labelOf(deviceConnectivities, connectivity)}
    </Badge>
  )
}
