import { BUTTON_DEFAULT_TYPE, type ButtonSize, type ButtonVariant } from '@portal/contract'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { Tooltip } from '@/components/ui/tooltip/tooltip'

export type { ButtonSize, ButtonVariant }

const variantClasses: Record<ButtonVariant, string> = {
  primary:
    'border-transparent bg-brand-700 text-white shadow-xs hover:bg-brand-800 focus-visible:outline-brand-600',
  primaryBasic:
    'border-brand-500/30 bg-brand-50 text-brand-700 hover:bg-brand-100 focus-visible:outline-brand-600',
  secondary:
    'border-transparent bg-slate-700 text-white shadow-xs hover:bg-slate-800 focus-visible:outline-slate-600',
  secondaryBasic:
    'border-slate-200 bg-slate-100 text-slate-700 hover:bg-slate-200 focus-visible:outline-slate-500',
  // White text keeps 4.5:1 only from the 700 shades of sky and emerald (WCAG 1.4.3).
  info: 'border-transparent bg-sky-700 text-white shadow-xs hover:bg-sky-800 focus-visible:outline-sky-600',
  infoBasic: 'border-sky-200 bg-sky-50 text-sky-700 hover:bg-sky-100 focus-visible:outline-sky-600',
  positive:
    'border-transparent bg-emerald-700 text-white shadow-xs hover:bg-emerald-800 focus-visible:outline-emerald-600',
  positiveBasic:
    'border-emerald-200 bg-emerald-50 text-emerald-700 hover:bg-emerald-100 focus-visible:outline-emerald-600',
  // White on amber-500 is unreadable, so the solid warning button carries dark text.
  warning:
    'border-transparent bg-amber-500 text-amber-950 shadow-xs hover:bg-amber-400 focus-visible:outline-amber-500',
  warningBasic:
    'border-amber-200 bg-amber-50 text-amber-800 hover:bg-amber-100 focus-visible:outline-amber-500',
  error:
    'border-transparent bg-rose-600 text-white shadow-xs hover:bg-rose-700 focus-visible:outline-rose-600',
  errorBasic: 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100 focus-visible:outline-rose-600',
  disabled: 'border-slate-200 bg-slate-100 text-slate-400',
  classic:
    'border-slate-300 bg-white text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-brand-600',
}

const sizeClasses: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-3 text-xs [&_svg]:size-3.5',
  md: 'h-9 gap-2 px-4 text-sm [&_svg]:size-4',
  lg: 'h-10 gap-2 px-5 text-sm [&_svg]:size-4',
  xl: 'h-11 gap-2 px-6 text-base [&_svg]:size-5',
  '2xl': 'h-12 gap-2.5 px-7 text-base [&_svg]:size-5',
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Text shown on hover and focus; also shown while the button is disabled, to say why. */
  tooltip?: ReactNode
  /** Disables the button and shows a spinner, e.g. while its form is being sent. */
  loading?: boolean
}

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  disabled = false,
}: { variant?: ButtonVariant; size?: ButtonSize; disabled?: boolean } = {}): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-md border font-medium whitespace-nowrap',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
    'disabled:cursor-not-allowed',
    // A disabled button must not look as if it reacts, so its hover colours are left out.
    disabled
      ? variantClasses[variant]
          .split(' ')
          .filter((name) => !name.startsWith('hover:'))
          .join(' ')
      : variantClasses[variant],
    sizeClasses[size],
    disabled && variant !== 'disabled' && 'opacity-50',
  )
}

export function Button({
  variant = 'primary',
  size = 'md',
  type = BUTTON_DEFAULT_TYPE,
  disabled = false,
  loading = false,
  tooltip,
  className,
  children,
  ...props
}: ButtonProps) {
  const inactive = disabled || loading || variant === 'disabled'
  const withTooltip = tooltip !== undefined && tooltip !== null && tooltip !== false && tooltip !== ''
  const button = (
    <button
      type={type}
      disabled={inactive}
      aria-busy={loading || undefined}
      data-variant={variant}
      data-size={size}
      className={cn(
        buttonClasses({ variant, size, disabled: inactive }),
        withTooltip && inactive && 'pointer-events-none',
        className,
      )}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  )

  if (!withTooltip) return button
  // A disabled button receives no pointer events, so the tooltip listens on a wrapper to say why it is disabled.
  if (inactive) {
    return (
      <Tooltip content={tooltip}>
        <span className="inline-flex cursor-not-allowed">{button}</span>
      </Tooltip>
    )
  }
  return <Tooltip content={tooltip}>{button}</Tooltip>
}

function Spinner() {
  return (
    <svg className="animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
