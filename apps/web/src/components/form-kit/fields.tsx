import type { ComponentPropsWithRef, ReactNode } from 'react'
import { useId } from 'react'
import { cn } from '@/components/ui/cn'

// Form pieces for detail and edit pages (entity settings, inventory, templates, ...).

/**
 * Given to a TextField (it styles its wrapper): a disabled input looks read-only, as the selects here do, so a
 * view-only form does not look editable.
 */
export const readOnlyText =
  '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-50 [&_input:disabled]:text-slate-600'

/** The look of the selects here, matching the shared TextField. */
const controlClass = cn(
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 pr-8 text-sm text-slate-900 shadow-xs',
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
  'aria-invalid:border-rose-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-600',
)

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
        className={controlClass}
        {...props}
      >
        {children}
      </select>
      <Message id={messageId} error={error} hint={hint} />
    </div>
  )
}

/** The form's own message: what the server said that belongs to no field. */
/** A group of controls (check boxes) with one legend and one message. */
export function FieldSet({
  legend,
  error,
  children,
  className,
}: {
  legend: string
  error?: string | undefined
  children: ReactNode
  className?: string
}) {
  const id = useId()
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-message` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      {children}
      <Message id={`${id}-message`} error={error} />
    </fieldset>
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

/** A titled panel of a detail page. */
export function Card({
  title,
  actions,
  children,
  className,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section
      aria-label={title}
      className={cn('rounded-lg border border-slate-200 bg-white shadow-xs', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div className="p-4">{children}</div>
    </section>
  )
}
