import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { InboxIcon } from '@/components/ui/icons/icons'

export interface EmptyStateProps {
  title: ReactNode
  description?: ReactNode
  /** Replaces the default inbox icon; decorative. */
  icon?: ReactNode
  /** Usually a Button, e.g. 'Reset filters' or 'Add machine'. */
  action?: ReactNode
  className?: string
}

/** What a list or panel shows when there is nothing in it, with a hint and optionally a way forward. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-12 text-center', className)}>
      <div
        aria-hidden="true"
        className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 [&>svg]:size-6"
      >
        {icon ?? <InboxIcon />}
      </div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  )
}
