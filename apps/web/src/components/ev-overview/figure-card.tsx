import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '@/components/ui/cn'

export interface FigureCardProps {
  label: string
  value: ReactNode
  /** A second line: the figure excl. tax, a split, a hint. */
  sub?: ReactNode
  /** The screen that lists what the figure counts; the whole card becomes a link to it. */
  href?: string | undefined
  /** A small accent to tell a card's kind at a glance (e.g. live figures). */
  tone?: 'default' | 'live' | 'warning'
  className?: string
}

const toneBar: Record<NonNullable<FigureCardProps['tone']>, string> = {
  default: 'bg-transparent',
  live: 'bg-sky-500',
  warning: 'bg-amber-500',
}

/** One headline figure of a home screen, linking to the list behind it when there is one. */
export function FigureCard({ label, value, sub, href, tone = 'default', className }: FigureCardProps) {
  const body = (
    <>
      <span aria-hidden="true" className={cn('absolute inset-y-3 left-0 w-0.5 rounded-r', toneBar[tone])} />
      <span
        className={cn('block text-xs font-medium tracking-wide text-slate-500 uppercase', href && 'pr-5')}
      >
        {label}
      </span>
      <span className="mt-1 block text-lg font-semibold break-words text-slate-900 tabular-nums sm:text-2xl">
        {value}
      </span>
      {sub !== undefined && <span className="mt-1 block text-xs break-words text-slate-500">{sub}</span>}
      {href && (
        <span
          aria-hidden="true"
          className="absolute top-3 right-3 text-slate-300 group-hover:text-brand-600 sm:top-4 sm:right-4"
        >
          →
        </span>
      )}
    </>
  )
  const frame = cn(
    'group relative block min-w-0 rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:p-4',
    className,
  )
  return href ? (
    <Link
      to={href}
      className={cn(
        frame,
        'transition-colors hover:border-brand-300 hover:bg-brand-50/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  )
}

/** The card's shape while its figure loads. */
export function FigureCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-xs', className)}
    >
      <div className="h-3 w-24 animate-pulse rounded bg-slate-200" />
      <div className="mt-3 h-6 w-32 animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-3 w-20 animate-pulse rounded bg-slate-100" />
    </div>
  )
}
