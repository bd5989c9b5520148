import { useId } from 'react'
import type { KeyboardEvent } from 'react'
import { cn } from '@/components/ui/cn'

export interface ListTab {
  id: string
  label: string
}

/**
 * Tabs above a list: each is a preset view of the same list (the tab is kept in the URL by the caller). Arrow keys
 * move between tabs, as the ARIA tabs pattern expects.
 */
export function ListTabs({
  label,
  tabs,
  current,
  onSelect,
}: {
  label: string
  tabs: readonly ListTab[]
  current: string
  onSelect: (id: string) => void
}) {
  const baseId = useId()
  const onKeyDown = (e: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current)
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    e.preventDefault()
    const next = tabs[(index + step + tabs.length) % tabs.length]
    if (next) {
      onSelect(next.id)
      document.getElementById(`${baseId}-${next.id}`)?.focus()
    }
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const selected = tab.id === current
        return (
          <button
            key={tab.id}
            id={`${baseId}-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              selected
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
