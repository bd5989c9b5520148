import type { ComponentPropsWithRef, ReactNode } from 'react'
import { useId } from 'react'
import { cn } from '@/components/ui/cn'

/** The look of a form control, shared by the selects and text areas here and the shared TextField. */
export const controlClass = cn(
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
  'aria-invalid:border-rose-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
)

/** Classes for a shared TextField's wrapper, so a disabled input looks read-only (the field has no such style). */
export const textFieldReadOnly =
  '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-50 [&_input:disabled]:text-slate-600'

/** A compact control for table-like editors (statements, grants), labelled by aria-label. */
export const compactControlClass = cn(controlClass, 'h-9 pr-8')

function Message({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  const message = error ?? hint
  if (!message) return null
  return (
    <p id={id} className={cn('mt-1 text-xs', error ? 'text-rose-700' : 'text-slate-500')}>
      {message}
    </p>
  )
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
}

/** A labelled select with its validation message, like TextField. */
export function SelectField({ label, error, hint, className, children, ...props }: SelectFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={cn(controlClass, 'h-10 pr-8')}
        {...props}
      >
        {children}
      </select>
      <Message id={messageId} error={error} hint={hint} />
    </div>
  )
}

export interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
}

export function TextAreaField({ label, error, hint, className, ...props }: TextAreaFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={cn(controlClass, 'py-2')}
        {...props}
      />
      <Message id={messageId} error={error} hint={hint} />
    </div>
  )
}

/** The form's own message: what the server said that belongs to no field. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800">
      {message}
    </p>
  )
}

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
