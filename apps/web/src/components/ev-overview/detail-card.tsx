import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'

/** A titled panel of a detail or home screen. */
export function DetailCard({
  title,
  actions,
  children,
  className,
  padded = true,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
  className?: string
  /** False for panels whose content (a table) runs to the edges. */
  padded?: boolean
}) {
  return (
    <section
      aria-label={title}
      className={cn('min-w-0 rounded-lg border border-slate-200 bg-white shadow-xs', className)}
    >
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className={cn(padded && 'p-4')}>{children}</div>
    </section>
  )
}

/** A label and its value inside a DetailCard's description list. */
export function Field({
  label,
  children,
  className,
}: {
  label: string
  children: ReactNode
  /** Grid placement (a wide field spans columns): on the group itself, as a description list allows no wrapper. */
  className?: string
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}
