import type { LoaderVariant } from '@portal/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'

export type { LoaderVariant }

const variantClasses: Record<LoaderVariant, string> = {
  primary: 'text-brand-700',
  info: 'text-sky-600',
  positive: 'text-emerald-600',
  warning: 'text-amber-500',
  error: 'text-rose-600',
  secondary: 'text-slate-500',
}

export const LOADER_SIZES = ['sm', 'md', 'lg'] as const
export type LoaderSize = (typeof LOADER_SIZES)[number]

const sizeClasses: Record<LoaderSize, string> = {
  sm: 'size-4',
  md: 'size-8',
  lg: 'size-12',
}

export interface LoaderProps {
  variant?: LoaderVariant
  size?: LoaderSize
  /** Shown under the spinner, and read out instead of 'Loading'. */
  message?: ReactNode
  /**
   * The spinner stands for content still arriving (a lazily loaded screen or tab): marked `aria-busy`, so assistive
   * technology, and the browser tests that wait for a page to settle, know the region is not complete yet.
   */
  busy?: boolean
  className?: string
}

/** A spinner announced to screen readers as a status, with an optional message under it. */
export function Loader({ variant = 'primary', size = 'md', message, busy, className }: LoaderProps) {
  const { t } = useTranslation()
  const hasMessage = message !== undefined && message !== null && message !== ''
  return (
    <div
      role="status"
      aria-busy={busy || undefined}
      data-variant={variant}
      className={cn('flex flex-col items-center justify-center gap-3 text-sm', className)}
    >
      <svg
        className={cn('animate-spin', sizeClasses[size], variantClasses[variant])}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="2.5" />
        <path
          d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      {hasMessage ? (
        <p className="text-slate-600">{message}</p>
      ) : (
        <span className="sr-only">{t('ui.loading')}</span>
      )}
    </div>
  )
}
