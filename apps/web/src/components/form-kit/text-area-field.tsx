import type { ComponentPropsWithRef, ReactNode } from 'react'
import { useId } from 'react'
import { cn } from '@/components/ui/cn'

export interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string
  /** The validation message shown under the field; marks it invalid and describes it. */
  error?: string | undefined
  hint?: ReactNode
}

/** A labelled multi-line text input with its validation message, matching the TextField and SelectField. */
export function TextAreaField({ label, error, hint, className, rows = 3, ...props }: TextAreaFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const message = error ?? hint
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        className={cn(
          'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
          'aria-invalid:border-rose-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-600',
        )}
        {...props}
      />
      {message && (
        <p id={messageId} className={cn('mt-1 text-xs', error ? 'text-rose-700' : 'text-slate-500')}>
          {message}
        </p>
      )}
    </div>
  )
}
