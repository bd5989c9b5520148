import type { ComplianceCounts } from '@portal/contract'
import { Compliance, compliances, TestResult, testResults } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { cn } from '@/components/ui/cn'

export const COMPLIANCE_TONES: Record<string, BadgeTone> = {
  [Compliance.Compliant]: 'positive',
  [Compliance.Complete]: 'positive',
  [Compliance.Pending]: 'info',
  [Compliance.Partial]: 'warning',
  [Compliance.Late]: 'warning',
  [Compliance.Error]: 'error',
  [Compliance.Failed]: 'error',
  [Compliance.Exempted]: 'neutral',
}

const RESULT_TONES: Record<string, BadgeTone> = {
  [TestResult.Negative]: 'positive',
  [TestResult.Positive]: 'error',
  [TestResult.Collected]: 'info',
  [TestResult.Inconclusive]: 'warning',
  [TestResult.Indeterminate]: 'warning',
  [TestResult.Error]: 'error',
  [TestResult.Unknown]: 'neutral',
  [TestResult.Uninitialised]: 'neutral',
}

export function ComplianceBadge({ value }: { value: string }) {
  return (
    <Badge tone={COMPLIANCE_TONES[value] ?? 'neutral'} dot>
      {labelOf(compliances, value)}
    </Badge>
  )
}

export function ResultBadge({ value }: { value: string }) {
  return <Badge tone={RESULT_TONES[value] ?? 'neutral'}>{labelOf(testResults, value)}</Badge>
}

/** The order the bar and legend read in: on track first, then what needs attention. */
const ORDER: readonly Compliance[] = [
  Compliance.Compliant,
  Compliance.Complete,
  Compliance.Pending,
  Compliance.Partial,
  Compliance.Late,
  Compliance.Error,
  Compliance.Failed,
  Compliance.Exempted,
]

const BAR_COLOURS: Record<Compliance, string> = {
  Compliant: 'bg-emerald-500',
  Complete: 'bg-emerald-400',
  Pending: 'bg-sky-400',
  Partial: 'bg-amber-300',
  Late: 'bg-amber-500',
  Error: 'bg-rose-400',
  Failed: 'bg-rose-600',
  Exempted: 'bg-slate-300',
}

/** A stacked bar of the people in each compliance, with a legend of the counts (the zero ones left out). */
export function ComplianceSummary({ counts, className }: { counts: ComplianceCounts; className?: string }) {
  const { t, i18n } = useTranslation()
  const total = ORDER.reduce((sum, c) => sum + counts[c], 0)
  const present = ORDER.filter((c) => counts[c] > 0)
  return (
    <div className={className}>
      <div
        className="flex h-2 w-full overflow-hidden rounded-full bg-slate-100"
        role="img"
        aria-label={
          present.map((c) => `${labelOf(compliances, c)} ${String(counts[c])}`).join(', ') ||
          t('testProgrammes.noPeople')
        }
      >
        {present.map((c) => (
          <div
            key={c}
            className={BAR_COLOURS[c]}
            style={{ width: `${String((counts[c] / total) * 100)}%` }}
          />
        ))}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        {present.map((c) => (
          <li key={c} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-2 rounded-full', BAR_COLOURS[c])} />
            <span>{labelOf(compliances, c)}</span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {counts[c].toLocaleString(i18n.language)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
