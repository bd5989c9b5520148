import type { HTMLAttributes } from 'react'
import { cn } from '@/components/ui/cn'

export const BADGE_TONES = ['neutral', 'info', 'positive', 'warning', 'error'] as const
export type BadgeTone = (typeof BADGE_TONES)[number]

const toneClasses: Record<BadgeTone, { badge: string; dot: string }> = {
  neutral: { badge: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-400' },
  info: { badge: 'bg-sky-50 text-sky-700 ring-sky-600/20', dot: 'bg-sky-500' },
  positive: { badge: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20', dot: 'bg-emerald-500' },
  warning: { badge: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' },
  error: { badge: 'bg-rose-50 text-rose-700 ring-rose-600/20', dot: 'bg-rose-500' },
}

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone
  /** A small coloured dot before the text, for statuses read at a glance in a table. */
  dot?: boolean
}

/** A short status or category label, e.g. a machine status in a list cell. */
export function Badge({ tone = 'neutral', dot = false, className, children, ...props }: BadgeProps) {
  const classes = toneClasses[tone]
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        classes.badge,
        className,
      )}
      {...props}
    >
      {dot && <span aria-hidden="true" className={cn('size-1.5 rounded-full', classes.dot)} />}
      {children}
    </span>
  )
}
