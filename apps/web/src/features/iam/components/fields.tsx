import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'

/** The look of a form control in the IAM editors, matching the shared TextField and SelectField. */
export const controlClass = cn(
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
  'aria-invalid:border-rose-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
)

/** A compact control for table-like editors (statements, grants), labelled by aria-label. */
export const compactControlClass = cn(controlClass, 'h-9 pr-8')

/** A value shown in the place of a field that cannot be changed here (a username, an owner's relation). */
export function ReadOnlyField({
  label,
  value,
  hint,
  mono = false,
  className,
}: {
  label: string
  value: ReactNode
  hint?: ReactNode
  mono?: boolean
  className?: string
}) {
  return (
    <div className={className}>
      <p className="mb-1.5 block text-sm font-medium text-slate-700">{label}</p>
      <p
        className={cn(
          'flex h-10 items-center truncate rounded-md border border-slate-200 bg-slate-50 px-3 text-sm text-slate-700',
          mono && 'font-mono',
        )}
      >
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  )
}
