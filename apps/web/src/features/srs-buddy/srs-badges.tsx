import type { SrsBuddyStatus, SrsCompliance } from '@portal/contract'
import { srsBuddyStatuses, srsCompliances, testResults } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'

const STATUS_TONES: Record<SrsBuddyStatus, BadgeTone> = {
  active: 'positive',
  unpaired: 'warning',
  inactive: 'neutral',
}

const COMPLIANCE_TONES: Record<SrsCompliance, BadgeTone> = {
  Compliant: 'positive',
  Pending: 'info',
  Late: 'warning',
  Failed: 'error',
  Error: 'error',
}

const RESULT_TONES: Record<string, BadgeTone> = {
  Negative: 'positive',
  Positive: 'error',
  Collected: 'info',
}

/** A value the catalogue does not know shows as "Unknown (value)" (A §8), never a blank. */
function known<V extends string>(values: readonly V[], value: string): value is V {
  return (values as readonly string[]).includes(value)
}

export function SrsStatusBadge({ value }: { value: string }) {
  const { t } = useTranslation()
  if (!known(srsBuddyStatuses.values, value)) return <Badge>{labelOf(srsBuddyStatuses, value)}</Badge>
  return (
    <Badge tone={STATUS_TONES[value]} dot>
      {t(`srsBuddy.status.${value}`)}
    </Badge>
  )
}

export function SrsComplianceBadge({ value }: { value: string | null }) {
  const { t } = useTranslation()
  if (value === null) return <span className="text-slate-400">—</span>
  if (!known(srsCompliances.values, value)) return <Badge>{labelOf(srsCompliances, value)}</Badge>
  return <Badge tone={COMPLIANCE_TONES[value]}>{t(`srsBuddy.compliance.${value}`)}</Badge>
}

export function SrsResultBadge({ value }: { value: string }) {
  return <Badge tone={RESULT_TONES[value] ?? 'warning'}>{labelOf(testResults, value)}</Badge>
}
