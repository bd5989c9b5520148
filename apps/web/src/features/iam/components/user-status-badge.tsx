import type { BadgeTone } from '@/components/ui/badge/badge'
import { UserStatus, userStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge/badge'

const TONES: Record<number, BadgeTone> = {
  [UserStatus.Active]: 'positive',
  [UserStatus.PendingActivation]: 'info',
  [UserStatus.PendingReset]: 'warning',
  [UserStatus.Inactive]: 'neutral',
}

/** A user status in the interface language; a value outside A §4 reads "Unknown (value)". */
export function userStatusLabel(t: TFunction, status: number): string {
  return t(`iamScreens.userStatus.${String(status)}`, { defaultValue: labelOf(userStatuses, status) })
}

export function UserStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation()
  return (
    <Badge tone={TONES[status] ?? 'neutral'} dot data-testid="user-status">
      {userStatusLabel(t, status)}
    </Badge>
  )
}
