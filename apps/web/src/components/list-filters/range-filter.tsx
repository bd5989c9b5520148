import { useEffect, useState } from 'react'
import type { ListState } from '@/components/data-table/list-state'
import { cn } from '@/components/ui/cn'

const control =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600'

/** One end of a range, committed to the list state when it is complete (a half-typed number is not sent). */
function RangeInput({
  list,
  listKey,
  label,
  type,
}: {
  list: ListState
  listKey: string
  label: string
  type: 'date' | 'number'
}) {
  const committed = list.text(listKey)
  const [draft, setDraft] = useState(committed)
  const [lastCommitted, setLastCommitted] = useState(committed)
  // The URL changed under us (reset, back button): show what it says.
  if (committed !== lastCommitted) {
    setLastCommitted(committed)
    setDraft(committed)
  }
  const { setFilter } = list
  useEffect(() => {
    if (draft === committed) return
    const timer = setTimeout(() => setFilter(listKey, draft), 400)
    return () => clearTimeout(timer)
  }, [draft, committed, listKey, setFilter])
  return (
    <input
      type={type}
      aria-label={label}
      title={label}
      value={draft}
      step={type === 'number' ? '0.01' : undefined}
      min={type === 'number' ? '0' : undefined}
      onChange={(e) => setDraft(e.target.value)}
      className={cn(control, 'min-w-0 flex-1 sm:flex-none', type === 'number' ? 'sm:w-24' : 'sm:w-40')}
    />
  )
}

/**
 * A from–to filter (times or amounts) kept in the list's URL state under two keys, declared by the screen as
 * `search` filters so reset and the active count cover them; the screen renders them here, not in the FilterBar.
 */
export function RangeFilter({
  list,
  label,
  fromKey,
  toKey,
  fromLabel,
  toLabel,
  type,
}: {
  list: ListState
  label: string
  fromKey: string
  toKey: string
  fromLabel: string
  toLabel: string
  type: 'date' | 'number'
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex w-full items-center gap-1.5 text-sm text-slate-600 sm:inline-flex sm:w-auto"
    >
      <span className="w-24 shrink-0 sm:w-auto sm:whitespace-nowrap">{label}</span>
      <RangeInput list={list} listKey={fromKey} label={`${label} ${fromLabel}`} type={type} />
      <span aria-hidden="true">–</span>
      <RangeInput list={list} listKey={toKey} label={`${label} ${toLabel}`} type={type} />
    </div>
  )
}

/** Epoch ms of the start of a `date` value's day (local time), or undefined when empty or invalid. */
export function localDayStart(value: string): number | undefined {
  if (value === '') return undefined
  const ms = new Date(`${value}T00:00:00`).getTime()
  return Number.isNaN(ms) ? undefined : ms
}

/** The last millisecond of a `date` value's day (local time), so "to 3 Nov" includes all of 3 Nov. */
export function localDayEnd(value: string): number | undefined {
  const start = localDayStart(value)
  if (start === undefined) return undefined
  const next = new Date(start)
  next.setDate(next.getDate() + 1)
  return next.getTime() - 1
}
