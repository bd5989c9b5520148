import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

// The palette and cmdk load on first use: the main bundle holds only this button and the shortcut.
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })))

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/**
 * The top bar's search field (a search icon on a phone) and the Ctrl+K / ⌘K shortcut: both open the command palette
 * (docs/decisions/0115-global-search.md).
 */
export function SearchLauncher() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return
      if (!(isMac() ? event.metaKey : event.ctrlKey)) return
      event.preventDefault()
      setLoaded(true)
      setOpen((was) => !was)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const show = () => {
    setLoaded(true)
    setOpen(true)
  }
  const shortcut = isMac() ? '⌘K' : 'Ctrl K'

  return (
    <>
      <button
        type="button"
        onClick={show}
        // The visible text, whole (axe: the name contains the label), which a phone's icon-only button needs too.
        aria-label={`${t('search.field')} ${shortcut}`}
        aria-haspopup="dialog"
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        data-testid="search-launcher"
        className="flex items-center gap-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:w-56 sm:border sm:border-slate-200 sm:px-2.5 sm:py-1.5 sm:text-sm"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4 4" strokeLinecap="round" />
        </svg>
        <span className="hidden flex-1 text-left sm:inline">{t('search.field')}</span>
        <kbd className="hidden rounded border border-slate-200 px-1 text-xs text-slate-500 sm:inline">
          {shortcut}
        </kbd>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}
