import type { CampaignStage } from '@portal/contract'
import {
  CampaignStageStatus,
  campaignStageStatuses,
  CampaignStatusCode,
  campaignStatusCodes,
  stageAdvanceModes,
  stageSyncModes,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { cn } from '@/components/ui/cn'

// Campaign values as the screens show them: translated, "Unknown (value)" for one a catalogue lacks.

export const phaseLabel = (t: TFunction, statusCode: number) =>
  t(`campaigns.phase.${String(statusCode)}`, { defaultValue: labelOf(campaignStatusCodes, statusCode) })
export const stageStatusLabel = (t: TFunction, v: string) =>
  t(`campaigns.stageStatus.${v}`, { defaultValue: labelOf(campaignStageStatuses, v) })
export const syncLabel = (t: TFunction, v: string) =>
  t(`campaigns.sync.${v}`, { defaultValue: labelOf(stageSyncModes, v) })
export const advanceLabel = (t: TFunction, v: string) =>
  t(`campaigns.advance.${v}`, { defaultValue: labelOf(stageAdvanceModes, v) })

const PHASE_TONES: Record<number, BadgeTone> = {
  [CampaignStatusCode.PreLaunch]: 'info',
  [CampaignStatusCode.Launched]: 'positive',
  [CampaignStatusCode.PostLaunch]: 'neutral',
}

export function PhaseBadge({ t, statusCode }: { t: TFunction; statusCode: number }) {
  return (
    <Badge tone={PHASE_TONES[statusCode] ?? 'neutral'} dot>
      {phaseLabel(t, statusCode)}
    </Badge>
  )
}

const STAGE_DOT: Record<string, string> = {
  [CampaignStageStatus.Completed]: 'bg-emerald-500 border-emerald-500',
  [CampaignStageStatus.Active]: 'bg-brand-600 border-brand-600 ring-2 ring-brand-200',
  [CampaignStageStatus.Pending]: 'bg-white border-slate-300',
}

/**
 * A campaign's stages in a row, one dot each (done, running, waiting), with each stage's progression in the
 * tooltip and the accessible name: the list's compact view of A §9 stage progression.
 */
export function StageStrip({ t, stages }: { t: TFunction; stages: readonly CampaignStage[] }) {
  const describe = (s: CampaignStage) =>
    t('campaigns.stageSummary', {
      no: s.stage_no,
      name: s.name,
      status: stageStatusLabel(t, s.status),
      sync: syncLabel(t, s.sync_mode),
      advance: advanceLabel(t, s.advance_mode),
    })
  return (
    <ol className="flex items-center gap-1" aria-label={t('campaigns.col.stages')}>
      {stages.map((s, i) => (
        <li key={s.stage_no} className="flex items-center gap-1" title={describe(s)}>
          <span className="sr-only">{describe(s)}</span>
          <span
            aria-hidden="true"
            className={cn(
              'block size-2.5 rounded-full border',
              STAGE_DOT[s.status] ?? 'border-slate-300 bg-slate-100',
            )}
          />
          {i < stages.length - 1 && <span aria-hidden="true" className="block h-px w-3 bg-slate-300" />}
        </li>
      ))}
    </ol>
  )
}

/** "Sync · Auto": both axes of a stage's progression, as chips. */
export function ProgressionChips({
  t,
  stage,
}: {
  t: TFunction
  stage: Pick<CampaignStage, 'sync_mode' | 'advance_mode'>
}) {
  return (
    <span className="inline-flex gap-1 whitespace-nowrap">
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700 ring-1 ring-slate-200 ring-inset">
        {syncLabel(t, stage.sync_mode)}
      </span>
      <span
        className={cn(
          'rounded px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset',
          stage.advance_mode === 'manual'
            ? 'bg-amber-50 text-amber-800 ring-amber-200'
            : 'bg-sky-50 text-sky-700 ring-sky-200',
        )}
      >
        {advanceLabel(t, stage.advance_mode)}
      </span>
    </span>
  )
}
