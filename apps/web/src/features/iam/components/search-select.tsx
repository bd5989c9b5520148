import type { KeyboardEvent } from 'react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { compactControlClass, controlClass } from './fields'

/** A choice of a picker: what is sent, what is shown, and an optional group heading and hint. */
export interface SearchOption {
  value: number
  label: string
  hint?: string | undefined
  group?: string | undefined
}

const SEARCH_DELAY_MS = 250

/** The text typed in a picker, settled after a short pause: what its search call is asked for. */
export function useSettledQuery(text: string): string {
  const [query, setQuery] = useState(text.trim())
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])
  return query
}

export interface SearchSelectProps {
  /** The accessible name (the rows of an editor name their cells: "Role of access 1"). */
  label: string
  /** The chosen value, and its name to show while the list is closed. */
  value: number | null
  valueLabel: string | undefined
  onChange: (option: SearchOption | null) => void
  /** What the search call answered for `text`, undefined while it first loads. */
  options: readonly SearchOption[] | undefined
  loading: boolean
  errorMessage?: string | undefined
  /** The typed text (owned by the caller, who searches with it). */
  text: string
  onTextChange: (text: string) => void
  /** Shown first when given: choosing it clears the value ("Everything", "No parent"). */
  noneLabel?: string
  placeholder?: string
  disabled?: boolean
  invalid?: boolean
  className?: string
  /** The list opened or closed: a picker searches only while its list is open. */
  onOpenChange?: (open: boolean) => void
  /** The editors' rows use the compact height; a form field the full one. */
  compact?: boolean
}

/**
 * A picker over a search call (the IAM pickers of A §7: roles, policies, sets): an editable combobox with a list of
 * matches (WAI-ARIA combobox with list autocomplete). Typing searches; arrows move through the matches, Enter picks,
 * Escape closes and keeps the previous choice. Closed, it shows the chosen name.
 */
export function SearchSelect(props: SearchSelectProps) {
  const { t } = useTranslation()
  const id = useId()
  const listId = `${id}-list`
  const [open, setOpenState] = useState(false)
  const [active, setActive] = useState(0)
  const setOpen = (next: boolean) => {
    if (next === open) return
    setOpenState(next)
    props.onOpenChange?.(next)
  }
  const none: SearchOption | null =
    props.noneLabel === undefined ? null : { value: 0, label: props.noneLabel }
  const choices: SearchOption[] = [...(none ? [none] : []), ...(props.options ?? [])]
  const activeIndex = Math.min(active, Math.max(0, choices.length - 1))

  const close = () => {
    setOpen(false)
    props.onTextChange('')
  }
  const choose = (option: SearchOption) => {
    props.onChange(option === none ? null : option)
    close()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) {
        setOpen(true)
        return
      }
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive(
        (i) => (Math.min(i, choices.length - 1) + step + choices.length) % Math.max(1, choices.length),
      )
    } else if (event.key === 'Enter') {
      if (!open) return
      event.preventDefault()
      const option = choices[activeIndex]
      if (option) choose(option)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  // Consecutive options of one group are listed together under its heading.
  const sections: { group: string | undefined; items: { option: SearchOption; index: number }[] }[] = []
  choices.forEach((option, index) => {
    const last = sections.at(-1)
    if (last && last.group === option.group) last.items.push({ option, index })
    else sections.push({ group: option.group, items: [{ option, index }] })
  })
  const renderOption = ({ option, index }: { option: SearchOption; index: number }) => {
    const selected = option === none ? props.value === null : option.value === props.value
    return (
      <li
        key={`${option.group ?? ''}-${String(option.value)}-${String(index)}`}
        id={`${id}-option-${String(index)}`}
        role="option"
        aria-selected={selected}
        // Keeps the focus in the input, so the blur does not close the list before the click lands.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => choose(option)}
        onMouseEnter={() => setActive(index)}
        className={cn(
          'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5',
          index === activeIndex && 'bg-brand-50',
          selected && 'font-medium text-brand-800',
        )}
      >
        <span className="truncate">{option.label}</span>
        {option.hint && <span className="shrink-0 text-xs text-slate-500">{option.hint}</span>}
      </li>
    )
  }

  return (
    <div className={cn('relative', props.className)}>
      <input
        role="combobox"
        aria-label={props.label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && choices.length > 0 ? `${id}-option-${String(activeIndex)}` : undefined}
        aria-invalid={props.invalid ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={props.disabled}
        className={props.compact === false ? cn(controlClass, 'h-10 pr-8') : compactControlClass}
        placeholder={open ? (props.valueLabel ?? props.placeholder) : props.placeholder}
        value={open ? props.text : (props.valueLabel ?? (none && props.value === null ? none.label : ''))}
        onFocus={() => {
          setActive(0)
          setOpen(true)
        }}
        onClick={() => setOpen(true)}
        onBlur={close}
        onChange={(e) => {
          setActive(0)
          setOpen(true)
          props.onTextChange(e.target.value)
        }}
        onKeyDown={onKeyDown}
      />
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-400"
      >
        <path d="M5.5 7.5 10 12l4.5-4.5z" />
      </svg>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={props.label}
          aria-busy={props.loading || undefined}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {sections.map((section) =>
            section.group === undefined ? (
              section.items.map(renderOption)
            ) : (
              <li key={`group-${section.group}`} role="presentation">
                <p
                  aria-hidden="true"
                  className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {section.group}
                </p>
                <ul role="group" aria-label={section.group}>
                  {section.items.map(renderOption)}
                </ul>
              </li>
            ),
          )}
          {props.options?.length === 0 && (
            <li role="presentation" className="px-3 py-2 text-slate-500">
              {t('iamScreens.picker.noMatches')}
            </li>
          )}
          {props.options === undefined && props.loading && (
            <li role="presentation" className="px-3 py-2 text-slate-500">
              {t('iamScreens.picker.searching')}
            </li>
          )}
          {props.errorMessage && (
            <li role="presentation" className="px-3 py-2 text-rose-700">
              {props.errorMessage}
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
