import type { ComponentPropsWithRef, ReactNode } from 'react'
import { useId } from 'react'
import { cn } from '@/components/ui/cn'

export interface SwitchProps extends Omit<ComponentPropsWithRef<'button'>, 'onChange' | 'children' | 'role'> {
  checked: boolean
  onChange: (checked: boolean) => void
  /** The visible label; the switch is named by it. */
  label: ReactNode
  /** A quieter line under the label, read as the switch's description. */
  description?: ReactNode
  /** Keeps the label for screen readers only (a table row that names the switch elsewhere). */
  hideLabel?: boolean
}

/**
 * An on/off setting that takes effect as a whole (a rule enabled, e-mails on): a button with `role="switch"` and
 * `aria-checked`, so it is announced as a switch and toggled with Space or Enter.
 */
export function Switch({
  checked,
  onChange,
  label,
  description,
  hideLabel = false,
  disabled,
  className,
  ...props
}: SwitchProps) {
  const id = useId()
  return (
    <div className={cn('inline-flex items-start gap-2.5 text-sm', className)}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          checked ? 'bg-brand-700' : 'bg-slate-300',
          disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        )}
        {...props}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-4 rounded-full bg-white shadow-sm transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-4' : 'translate-x-0',
          )}
        />
      </button>
      <div className={cn('flex min-w-0 flex-col', hideLabel && 'sr-only')}>
        <span id={`${id}-label`} className="font-medium text-slate-700">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="text-slate-500">
            {description}
          </span>
        )}
      </div>
    </div>
  )
}
