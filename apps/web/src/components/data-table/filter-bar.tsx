import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigation } from 'react-router'
import { cn } from '@/components/ui/cn'
import type { FilterDef, ListState } from './list-state'
import { MultiSelectFilter } from './multi-select-filter'

const SEARCH_DELAY_MS = 300

const control =
  'h-8 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600'

function SearchControl({ def, list }: { def: Extract<FilterDef, { kind: 'search' }>; list: ListState }) {
  const { t } = useTranslation()
  const id = useId()
  const committed = list.text(def.key)
  const [draft, setDraft] = useState(committed)
  const [lastCommitted, setLastCommitted] = useState(committed)
  // The URL changed under us (reset, back button): show what it says.
  if (committed !== lastCommitted) {
    setLastCommitted(committed)
    setDraft(committed)
  }
  const { setFilter } = list
  // A link clicked before the debounce ends starts a navigation away (a lazy page may take a moment to load): a
  // commit then would write the search onto the new page's address. The draft is kept and committed if the list
  // shows again.
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const leaving = useRef(false)
  leaving.current = navigation.state !== 'idle' && navigation.location.pathname !== pathname
  // Where the text was typed. A list kept alive under another page (IAM keeps its tabs while a detail is open) must
  // not write its search onto that page's address: the address is read when the timer fires, not at the last
  // render, which a busy browser may not have reached yet.
  const typedAt = useRef(pathname)
  useEffect(() => {
    if (draft.trim() === committed) return
    const timer = setTimeout(() => {
      if (!leaving.current && window.location.pathname === typedAt.current) setFilter(def.key, draft.trim())
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draft, committed, def.key, setFilter])

  return (
    <div className="flex w-full min-w-0 items-center sm:w-auto">
      {def.fieldKey && def.fields && (
        <select
          aria-label={t('table.searchIn')}
          className={cn(
            control,
            'max-w-[45%] shrink-0 rounded-r-none border-r-0 bg-slate-50 pr-7 sm:max-w-none',
          )}
          value={String(list.select(def.fieldKey))}
          onChange={(e) => list.setFilter(def.fieldKey ?? '', e.target.value)}
        >
          <option value="">{t('table.allFields')}</option>
          {def.fields.map((f) => (
            <option key={String(f.value)} value={String(f.value)}>
              {f.label}
            </option>
          ))}
        </select>
      )}
      <label htmlFor={id} className="sr-only">
        {def.label}
      </label>
      <div className="relative min-w-0 flex-1">
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400"
        >
          <path d="M9 3.5a5.5 5.5 0 1 0 3.4 9.8l3.1 3.2a.8.8 0 1 0 1.1-1.1l-3.2-3.1A5.5 5.5 0 0 0 9 3.5zM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0z" />
        </svg>
        <input
          id={id}
          type="search"
          value={draft}
          placeholder={def.label}
          onChange={(e) => {
            typedAt.current = window.location.pathname
            setDraft(e.target.value)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setFilter(def.key, draft.trim())
          }}
          className={cn(control, 'w-full min-w-0 pl-8 sm:w-64', def.fieldKey && 'rounded-l-none')}
        />
      </div>
    </div>
  )
}

function Control({ def, list }: { def: FilterDef; list: ListState }) {
  switch (def.kind) {
    case 'search':
      return <SearchControl def={def} list={list} />
    case 'select':
      return (
        <label className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <span className="whitespace-nowrap">{def.label}</span>
          <select
            className={cn(control, 'pr-7')}
            value={String(list.select(def.key))}
            onChange={(e) => {
              const option = def.options.find((o) => String(o.value) === e.target.value)
              if (option) list.setFilter(def.key, option.value)
            }}
          >
            {def.options.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )
    case 'multi':
      return (
        <MultiSelectFilter
          label={def.label}
          options={def.options}
          selected={list.multi(def.key)}
          onToggle={(v) => list.toggleOption(def.key, v)}
        />
      )
    case 'toggle':
      return (
        <label
          className={cn(
            'inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-sm select-none',
            list.toggle(def.key)
              ? 'border-rose-300 bg-rose-50 text-rose-800'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          <input
            type="checkbox"
            className="size-4 accent-rose-600"
            checked={list.toggle(def.key)}
            onChange={(e) => list.setFilter(def.key, e.target.checked)}
          />
          {def.label}
        </label>
      )
  }
}

/**
 * The filter controls a screen declares, bound to the list state in the URL. On a phone the DataTable folds the whole
 * bar behind its Filters button, so the rows stay on the first screen.
 */
export function FilterBar({ defs, list }: { defs: readonly FilterDef[]; list: ListState }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('table.filters')}>
      {defs.map((def) => (
        <Control key={def.key} def={def} list={list} />
      ))}
      {list.activeCount > 0 && (
        <button
          type="button"
          onClick={() => list.reset()}
          className="h-8 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('table.resetFilters')}
        </button>
      )}
    </div>
  )
}
