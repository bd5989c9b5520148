import type { GlobalSearchResult, SearchKind } from '@portal/contract'
import { SEARCH_KINDS, SEARCH_QUERY_MIN } from '@portal/contract'
import { Command } from 'cmdk'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useVisibleLinks } from '@/lib/nav/use-visible-links'
import { useGlobalSearch } from './api/global-search'

/** How long typing must pause before the query is sent. */
const DEBOUNCE_MS = 150

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

const itemClass =
  'flex cursor-pointer flex-col gap-0.5 rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800'
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:text-slate-500'

/**
 * The command palette (issue 18, docs/decisions/0115-global-search.md): the user's pages by name, and the objects
 * GET /search finds, grouped by kind. cmdk gives the listbox, its options and the arrow keys; the filtering is ours
 * (the server's for objects), so cmdk's own is off.
 */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const links = useVisibleLinks()
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), DEBOUNCE_MS)
  const search = useGlobalSearch(q)

  useEffect(() => {
    if (!open) setText('')
  }, [open])

  const needle = text.trim().toLowerCase()
  const pages = useMemo(
    () =>
      links
        .map((link) => ({ path: link.path, title: t(`nav.${link.path}`, { defaultValue: link.title }) }))
        .filter((p) => needle === '' || p.title.toLowerCase().includes(needle)),
    [links, needle, t],
  )

  const searching = q.length >= SEARCH_QUERY_MIN
  // Results of an older query stay while the new one loads; they are shown only when they answer the typed text.
  const results: GlobalSearchResult[] = searching && search.data ? search.data : []
  const groups = SEARCH_KINDS.map((kind) => ({ kind, items: results.filter((r) => r.kind === kind) })).filter(
    (g) => g.items.length > 0,
  )
  const loading = searching && (search.isFetching || text.trim() !== q)
  const failed = searching && search.isError && !loading
  const empty = searching && !loading && !failed && results.length === 0 && pages.length === 0

  const go = (path: string) => {
    onOpenChange(false)
    void navigate(path)
  }

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label={t('search.dialogLabel')}
      shouldFilter={false}
      loop
      overlayClassName="fixed inset-0 z-40 bg-slate-900/40"
      contentClassName="fixed inset-x-2 top-16 z-50 mx-auto max-w-xl overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl sm:top-24"
      data-testid="command-palette"
    >
      <Command.Input
        value={text}
        onValueChange={setText}
        placeholder={t('search.placeholder')}
        aria-label={t('search.inputLabel')}
        className="w-full border-b border-slate-200 px-4 py-3 text-base outline-none placeholder:text-slate-400"
      />
      <Command.List className="max-h-[60vh] overflow-y-auto p-2">
        {loading && (
          <Command.Loading>
            <div className="px-3 py-2 text-sm text-slate-500" role="status">
              {t('search.loading')}
            </div>
          </Command.Loading>
        )}
        {failed && (
          <div className="px-3 py-2 text-sm text-red-700" role="alert">
            {t('search.error')}
          </div>
        )}
        {empty && (
          <div className="px-3 py-6 text-center text-sm text-slate-500" role="status">
            {t('search.empty', { q: text.trim() })}
          </div>
        )}
        {!searching && needle.length > 0 && needle.length < SEARCH_QUERY_MIN && pages.length === 0 && (
          <div className="px-3 py-2 text-sm text-slate-500">{t('search.typeMore')}</div>
        )}
        {groups.map((group) => (
          <Command.Group
            key={group.kind}
            heading={t(`search.kinds.${group.kind satisfies SearchKind}`)}
            className={groupClass}
          >
            {group.items.map((r) => (
              <Command.Item
                key={`${r.kind}:${r.id}`}
                value={`${r.kind}:${r.id}`}
                onSelect={() => go(r.path)}
                className={itemClass}
              >
                <span className="font-medium">{r.title}</span>
                {r.subtitle !== '' && <span className="text-xs text-slate-500">{r.subtitle}</span>}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
        {pages.length > 0 && (
          <Command.Group heading={t('search.pages')} className={groupClass}>
            {pages.map((p) => (
              <Command.Item
                key={p.path}
                value={`page:${p.path}`}
                onSelect={() => go(p.path)}
                className={itemClass}
              >
                <span>{t('search.goTo', { page: p.title })}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
    </Command.Dialog>
  )
}
