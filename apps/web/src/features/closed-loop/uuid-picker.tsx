import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterButton } from '@/components/data-table/multi-select-filter'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { Loader } from '@/components/ui/loader/loader'
import { usePopover } from '@/components/ui/popover/use-popover'

/** A person or an employee to pick: the uuid sent, the name shown, and what tells two namesakes apart. */
export interface PickOption {
  value: string
  label: string
  hint: string
}

const SEARCH_DELAY_MS = 300

/** The text typed in a picker, settled after a short pause: what its search call is asked for. */
export function useSettledText(text: string): string {
  const [settled, setSettled] = useState(text.trim())
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])
  return settled
}

export interface UuidPickerProps {
  /** The button's text, and the panel's heading. */
  label: string
  searchLabel: string
  /** The chosen uuids (the list's filter), and the names found for them. */
  selected: readonly string[]
  chosen: readonly PickOption[]
  onChange: (uuids: string[]) => void
  /** The typed text, owned by the caller, who searches with it. */
  text: string
  onTextChange: (text: string) => void
  /** The matches of the settled text, undefined until the search answers. */
  results: readonly PickOption[] | undefined
  loading: boolean
  errorMessage?: string | undefined
  /** The panel opened or closed: the caller searches only while it is open. */
  onOpenChange: (open: boolean) => void
}

/**
 * A filter that picks several people by searching for them (B §7 `person_uuid_list`, `employee_uuid_list`): a
 * button with the number chosen opens a panel with a search box, the chosen ones first (ticked) and the matches of
 * the search below. The search call is the list's own, asked for a few rows that match.
 */
export function UuidPicker(props: UuidPickerProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const { open, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } = usePopover(
    { maxHeight: 420 },
  )
  const { onOpenChange } = props
  useEffect(() => onOpenChange(open), [open, onOpenChange])
  const count = props.selected.length
  const toggle = (value: string) =>
    props.onChange(
      props.selected.includes(value) ? props.selected.filter((v) => v !== value) : [...props.selected, value],
    )
  // The names of the chosen: those the search just showed, while their own lookup is on its way.
  const named = new Map([...(props.results ?? []), ...props.chosen].map((o) => [o.value, o]))
  // A uuid from a shared address whose name has not come back (or never will): shown as the uuid itself.
  const chosen = props.selected.map((value) => named.get(value) ?? { value, label: value, hint: '' })
  const matches = (props.results ?? []).filter((o) => !props.selected.includes(o.value))
  const row = (o: PickOption, checked: boolean) => (
    <li key={o.value}>
      <Checkbox
        label={o.label}
        description={o.hint === '' ? undefined : o.hint}
        checked={checked}
        onChange={() => toggle(o.value)}
      />
    </li>
  )

  return (
    <>
      <FilterButton ref={setReference} label={props.label} count={count} {...getReferenceProps()} />
      {open && (
        <div
          ref={setFloating}
          style={floatingStyles}
          aria-labelledby={headingId}
          className="z-30 flex w-80 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
          {...getFloatingProps()}
        >
          <div className="flex items-center justify-between gap-2 px-3 pt-3">
            <h2 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {props.label}
            </h2>
            {count > 0 && (
              <button
                type="button"
                className="text-xs font-medium text-brand-700 hover:underline"
                onClick={() => props.onChange([])}
              >
                {t('closedLoop.picker.clear')}
              </button>
            )}
          </div>
          <div className="p-3 pb-2">
            <input
              type="search"
              // The panel opens to be searched: the box takes the focus.
              autoFocus
              aria-label={props.searchLabel}
              placeholder={props.searchLabel}
              value={props.text}
              onChange={(e) => props.onTextChange(e.target.value)}
              className="h-8 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
            {chosen.length > 0 && (
              <ul
                aria-label={t('closedLoop.picker.chosen')}
                className="space-y-1.5 border-b border-slate-100 pb-2"
              >
                {chosen.map((o) => row(o, true))}
              </ul>
            )}
            {props.errorMessage !== undefined ? (
              <p role="alert" className="pt-2 text-sm text-rose-700">
                {props.errorMessage}
              </p>
            ) : props.loading ? (
              <Loader size="sm" className="py-4" />
            ) : props.text.trim() === '' ? (
              <p className="pt-2 text-sm text-slate-500">{t('closedLoop.picker.typeToSearch')}</p>
            ) : matches.length === 0 ? (
              <p className="pt-2 text-sm text-slate-500">{t('closedLoop.picker.noMatches')}</p>
            ) : (
              <ul aria-label={t('closedLoop.picker.matches')} className="space-y-1.5 pt-2">
                {matches.map((o) => row(o, false))}
              </ul>
            )}
          </div>
        </div>
      )}
    </>
  )
}
