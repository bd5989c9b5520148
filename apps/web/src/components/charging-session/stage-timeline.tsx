import type { SessionStage, SessionStageSpan } from '@portal/contract'
import { formatTime } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { formatShortDuration } from './session-format'

/**
 * One colour per stage, shared by the bar, its legend and the periods table. Dark enough for the bar's small white
 * text to keep 4.5:1 contrast (WCAG 1.4.3).
 */
export const STAGE_COLOURS: Record<SessionStage, { bar: string; dot: string }> = {
  CHARGING: { bar: 'bg-emerald-700', dot: 'bg-emerald-700' },
  PARKING_GRACE: { bar: 'bg-sky-700', dot: 'bg-sky-700' },
  PARKING_BLACKOUT: { bar: 'bg-slate-600', dot: 'bg-slate-600' },
  PARKING_REGULAR: { bar: 'bg-amber-700', dot: 'bg-amber-700' },
}

/** Segments narrower than this share of the bar are widened so they stay visible and clickable. */
const MIN_SHARE = 0.03

/**
 * The stage timeline of a session (B §4): a horizontal bar of CHARGING, PARKING_GRACE, PARKING_BLACKOUT and
 * PARKING_REGULAR, widths proportional to time, and under it each stage with its times and duration. The spans come
 * from the contract's buildStageTimeline, so the portal and every test agree on where a stage starts and ends.
 */
export function StageTimeline({ spans, running }: { spans: readonly SessionStageSpan[]; running: boolean }) {
  const { t } = useTranslation()
  const total = spans.reduce((sum, s) => sum + s.duration_ms, 0)
  if (spans.length === 0 || total <= 0) {
    return (
      <p data-testid="stage-timeline" className="text-sm text-slate-500">
        {t('chargingSession.timeline.empty')}
      </p>
    )
  }
  const shares = spans.map((s) => Math.max(s.duration_ms / total, MIN_SHARE))
  const shareSum = shares.reduce((a, b) => a + b, 0)
  const label = (stage: SessionStage) => t(`chargingSession.stage.${stage}`)

  return (
    <div data-testid="stage-timeline">
      <div
        className="flex h-8 w-full overflow-hidden rounded-md ring-1 ring-slate-200"
        role="img"
        aria-label={spans.map((s) => `${label(s.stage)} ${formatShortDuration(s.duration_ms)}`).join(', ')}
      >
        {spans.map((s, i) => (
          <div
            key={s.stage}
            data-stage={s.stage}
            title={`${label(s.stage)} · ${formatShortDuration(s.duration_ms)}`}
            className={cn(
              'flex min-w-0 items-center justify-center overflow-hidden px-1 text-[11px] font-medium whitespace-nowrap text-white',
              STAGE_COLOURS[s.stage].bar,
              i > 0 && 'border-l border-white/70',
            )}
            style={{ width: `${String(((shares[i] ?? 0) / shareSum) * 100)}%` }}
          >
            {/* The stage still running pulses a dot, not its text, whose contrast must hold while it pulses. */}
            {running && i === spans.length - 1 && (
              <span
                aria-hidden="true"
                className="mr-1 size-1.5 shrink-0 animate-pulse rounded-full bg-white"
              />
            )}
            {/* A sliver has no room for its text: its legend below and its tooltip say it. */}
            {(shares[i] ?? 0) / shareSum >= 0.07 && (
              <span className="truncate">{formatShortDuration(s.duration_ms)}</span>
            )}
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500 tabular-nums">
        <span>{formatTime(spans[0]?.start ?? 0)}</span>
        <span>{running ? t('chargingSession.timeline.now') : formatTime(spans.at(-1)?.end ?? 0)}</span>
      </div>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
        {spans.map((s) => (
          <li key={s.stage} className="flex gap-2 rounded-md border border-slate-200 px-3 py-2">
            <span
              aria-hidden="true"
              className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', STAGE_COLOURS[s.stage].dot)}
            />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-800">{label(s.stage)}</p>
              <p className="text-xs text-slate-500 tabular-nums">
                {formatTime(s.start)} – {formatTime(s.end)}
              </p>
              <p className="text-xs font-medium text-slate-700 tabular-nums">
                {formatShortDuration(s.duration_ms)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  )
}
