import type { ComponentPropsWithRef } from 'react'
import { useId } from 'react'
import { cn } from '@/components/ui/cn'

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string
  /** The validation message shown under the field; marks the input invalid and describes it. */
  error?: string | undefined
  hint?: string
}

/** A labelled text input with its validation message, wired for screen readers. */
export function TextField({ label, error, hint, className, ...props }: TextFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const message = error ?? hint
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        className={cn(
          'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
          'aria-invalid:border-rose-400',
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
