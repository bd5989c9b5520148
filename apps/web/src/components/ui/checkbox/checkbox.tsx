import { useEffect, useId, useRef, type ComponentPropsWithRef, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { useMergedRef } from '@/components/ui/merge-refs/merge-refs'

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  label: ReactNode
  /** A second, quieter line under the label. */
  description?: ReactNode
  /** Shows a dash instead of a tick, e.g. a 'select all' box when only some rows are selected. */
  indeterminate?: boolean
}

/** A native checkbox with its label (clicking the label toggles it) and an optional description. */
export function Checkbox({
  label,
  description,
  indeterminate = false,
  className,
  disabled,
  ref,
  ...props
}: CheckboxProps) {
  const inner = useRef<HTMLInputElement>(null)
  const merged = useMergedRef(inner, ref)
  const generatedId = useId()
  const id = props.id ?? generatedId
  const descriptionId = `${id}-description`

  // `indeterminate` is a DOM property with no attribute, so it is set on the element directly.
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate
  }, [indeterminate])

  return (
    <div className={cn('inline-flex items-start gap-2.5 text-sm', disabled && 'opacity-60', className)}>
      <input
        ref={merged}
        id={id}
        type="checkbox"
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          disabled ? 'cursor-not-allowed' : 'cursor-pointer',
        )}
        {...props}
      />
      <div className="flex flex-col">
        <label
          htmlFor={id}
          className={cn('font-medium text-slate-700', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}
        >
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-slate-500">
            {description}
          </p>
        )}
      </div>
    </div>
  )
}
