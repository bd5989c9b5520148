import type { HTMLAttributes } from 'react'
import { useId } from 'react'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { cn } from '@/components/ui/cn'
import { usePopover } from '@/components/ui/popover/use-popover'
import type { FilterOption } from './list-state'

export interface MultiSelectFilterProps {
  label: string
  options: readonly FilterOption[]
  selected: readonly (string | number)[]
  /** Called with one option: it is added, or removed when already selected (B §4). */
  onToggle: (value: string | number) => void
}

/** A filter button that opens a list of options with checkboxes; the button shows how many are chosen. */
export function MultiSelectFilter({ label, options, selected, onToggle }: MultiSelectFilterProps) {
  const headingId = useId()
  const { open, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } = usePopover(
    { maxHeight: 360 },
  )
  const count = selected.length

  return (
    <>
      <FilterButton ref={setReference} label={label} count={count} {...getReferenceProps()} />
      {open && (
        <div
          ref={setFloating}
          style={floatingStyles}
          aria-labelledby={headingId}
          className="z-30 w-60 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
          {...getFloatingProps()}
        >
          <h2 id={headingId} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {label}
          </h2>
          <ul className="space-y-1.5">
            {options.map((o) => (
              <li key={String(o.value)}>
                <Checkbox
                  label={o.label}
                  checked={selected.includes(o.value)}
                  onChange={() => onToggle(o.value)}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}

/**
 * The button of a filter that opens a panel of choices (this filter, the person and employee pickers): its label, the
 * number chosen, and a chevron; tinted while anything is chosen.
 */
export function FilterButton({
  label,
  count,
  ref,
  ...props
}: HTMLAttributes<HTMLElement> & {
  label: string
  count: number
  ref: (element: HTMLElement | null) => void
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-sm whitespace-nowrap transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        count > 0
          ? 'border-brand-600 bg-brand-50 text-brand-800'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
      {...props}
    >
      {label}
      {count > 0 && (
        <span className="rounded-full bg-brand-700 px-1.5 text-[11px] leading-4 font-semibold text-white">
          {count}
        </span>
      )}
      <svg viewBox="0 0 20 20" className="size-4 text-slate-400" fill="currentColor" aria-hidden="true">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
      </svg>
    </button>
  )
}
