import type { SavedView, SavedViewList } from '@portal/contract'
import { VIEWS_POLICY } from '@portal/contract'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { usePopover } from '@/components/ui/popover/use-popover'
import { useToast } from '@/components/ui/toast/toast'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import { SaveViewDialog, DeleteViewDialog } from './view-dialogs'
import { useSavedViews } from './use-saved-views'
import { columnsOfView, currentState, isCleanUrl, isModified, paramsOfView, VIEW_PARAM } from './view-state'

export interface ViewsMenuProps {
  list: SavedViewList
  /** The table's column ids, and the visible ones in order. */
  columnIds: readonly string[]
  visible: readonly string[]
  onColumnsChange: (visible: string[]) => void
  pageSize: number
  defaultPageSize: number
}

const SHARE = [{ ...VIEWS_POLICY, action_code: 'edit' }] as const
const NO_POLICIES = [] as const
const item =
  'flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 ' +
  'focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600'

/**
 * The "Views" menu of a list (issue 18, docs/decisions/0116-saved-views.md): the user's views and the entity's shared
 * ones; choosing one puts its filters, sort and page size in the URL (with its id, so a link opens it) and its columns
 * in the column picker. Saves, renames, deletes and makes a view the user's default; the default is applied when the
 * list opens with a clean URL.
 */
export function ViewsMenu({
  list,
  columnIds,
  visible,
  onColumnsChange,
  pageSize,
  defaultPageSize,
}: ViewsMenuProps) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const headingId = useId()
  const [params, setParams] = useSearchParams()
  const { query, views, create, update, remove } = useSavedViews(list, true)
  const menu = usePopover({ placement: 'bottom-end' })
  const [dialog, setDialog] = useState<'save' | 'rename' | 'delete' | null>(null)
  // Whether the user may share is asked once the menu is first used, not by every list as it opens.
  const [used, setUsed] = useState(false)
  if (!used && (menu.open || dialog !== null)) setUsed(true)
  const policy = usePolicies(used ? SHARE : NO_POLICIES)
  const canShare = policy(SHARE[0]) === 'allowed'

  const activeId = Number.parseInt(params.get(VIEW_PARAM) ?? '', 10)
  const active = views.find((v) => v.id === activeId)
  const now = useMemo(() => currentState(params, visible, pageSize), [params, visible, pageSize])
  const modified = active !== undefined && isModified(active.state, now)
  const mine = views.filter((v) => v.mine)
  const shared = views.filter((v) => !v.mine)

  const apply = (view: SavedView, replace = false) => {
    setParams(paramsOfView(view.state, view.id, defaultPageSize), { replace })
    const columns = columnsOfView(view.state, columnIds)
    if (columns) onColumnsChange(columns)
  }

  // The default view, once, when the list opens with nothing chosen in its URL (replacing it: Back leaves the list).
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current || !query.isSuccess) return
    opened.current = true
    const preferred = views.find((v) => v.default)
    if (preferred && isCleanUrl(params)) apply(preferred, true)
    // Only the first answer matters: later changes of the URL are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isSuccess])

  const failed = (err: unknown) =>
    addToast({ variant: 'error', title: t('savedViews.failed'), message: serverMessage(err), timeout: 5000 })
  const done = (message: string) => addToast({ variant: 'success', title: message, timeout: 3000 })

  const choose = (view: SavedView) => {
    menu.setOpen(false)
    apply(view)
  }
  const saveChanges = () => {
    if (!active) return
    menu.setOpen(false)
    update.mutate(
      { id: active.id, body: { state: now } },
      { onSuccess: (v) => done(t('savedViews.saved', { name: v.name })), onError: failed },
    )
  }
  const toggleDefault = () => {
    if (!active) return
    menu.setOpen(false)
    update.mutate(
      { id: active.id, body: { default: !active.default } },
      {
        onSuccess: (v) =>
          done(v.default ? t('savedViews.defaultSet', { name: v.name }) : t('savedViews.defaultCleared')),
        onError: failed,
      },
    )
  }
  const open = (which: 'save' | 'rename' | 'delete') => {
    menu.setOpen(false)
    setDialog(which)
  }
  const mayChange = active !== undefined && (active.mine || (active.shared && canShare))

  const entry = (view: SavedView) => (
    <li key={view.id}>
      <button type="button" className={item} aria-pressed={view.id === activeId} onClick={() => choose(view)}>
        <span aria-hidden="true" className="w-4 text-brand-700">
          {view.id === activeId ? '✓' : ''}
        </span>
        <span className="min-w-0 flex-1 truncate">{view.name}</span>
        {view.default && (
          <span className="rounded bg-brand-50 px-1.5 text-[11px] font-semibold text-brand-700">
            {t('savedViews.defaultBadge')}
          </span>
        )}
        {!view.mine && <span className="truncate text-xs text-slate-400">{view.owner.username}</span>}
      </button>
    </li>
  )

  return (
    <>
      <Button ref={menu.setReference} variant="classic" size="sm" {...menu.getReferenceProps()}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} aria-hidden="true">
          <path d="M5 4h14v16l-7-4-7 4z" />
        </svg>
        {t('savedViews.views')}
        {active && (
          <span className="max-w-32 truncate rounded bg-slate-100 px-1.5 text-[11px] font-semibold text-slate-600">
            {active.name}
            {modified ? ' *' : ''}
          </span>
        )}
      </Button>
      {menu.open && (
        <div
          ref={menu.setFloating}
          style={menu.floatingStyles}
          aria-labelledby={headingId}
          className="z-30 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          {...menu.getFloatingProps()}
        >
          <h2 id={headingId} className="sr-only">
            {t('savedViews.views')}
          </h2>
          {query.isError ? (
            <p className="px-2.5 py-1.5 text-sm text-rose-700">{serverMessage(query.error)}</p>
          ) : views.length === 0 ? (
            <p className="px-2.5 py-1.5 text-sm text-slate-500">
              {query.isPending ? t('savedViews.loading') : t('savedViews.none')}
            </p>
          ) : (
            <>
              <Group title={t('savedViews.mine')} views={mine} entry={entry} />
              <Group title={t('savedViews.shared')} views={shared} entry={entry} />
            </>
          )}
          <div className="mt-1 border-t border-slate-100 pt-1">
            <ul>
              <li>
                <button type="button" className={item} onClick={() => open('save')}>
                  {t('savedViews.saveAs')}
                </button>
              </li>
              {active && modified && mayChange && (
                <li>
                  <button type="button" className={item} onClick={saveChanges}>
                    {t('savedViews.saveChanges')}
                  </button>
                </li>
              )}
              {active && (
                <li>
                  <button type="button" className={item} onClick={toggleDefault}>
                    {active.default ? t('savedViews.clearDefault') : t('savedViews.setDefault')}
                  </button>
                </li>
              )}
              {active && mayChange && (
                <>
                  <li>
                    <button type="button" className={item} onClick={() => open('rename')}>
                      {t('savedViews.rename')}
                    </button>
                  </li>
                  <li>
                    <button
                      type="button"
                      className={cn(item, 'text-rose-700')}
                      onClick={() => open('delete')}
                    >
                      {t('savedViews.delete')}
                    </button>
                  </li>
                </>
              )}
            </ul>
          </div>
        </div>
      )}
      <SaveViewDialog
        open={dialog === 'save' || dialog === 'rename'}
        mode={dialog === 'rename' ? 'rename' : 'save'}
        initialName={dialog === 'rename' ? (active?.name ?? '') : ''}
        initialShared={dialog === 'rename' ? (active?.shared ?? false) : false}
        canShare={canShare}
        pending={create.isPending || update.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(name, shareIt) => {
          const onError = failed
          if (dialog === 'rename' && active) {
            update.mutate(
              { id: active.id, body: { name, ...(canShare ? { shared: shareIt } : {}) } },
              {
                onSuccess: (v) => {
                  setDialog(null)
                  done(t('savedViews.saved', { name: v.name }))
                },
                onError,
              },
            )
            return
          }
          create.mutate(
            { list, name, state: now, shared: canShare && shareIt },
            {
              onSuccess: (v) => {
                setDialog(null)
                // The new view is the active one: its id joins the URL.
                const next = new URLSearchParams(params)
                next.set(VIEW_PARAM, String(v.id))
                setParams(next, { replace: true })
                done(t('savedViews.saved', { name: v.name }))
              },
              onError,
            },
          )
        }}
      />
      <DeleteViewDialog
        open={dialog === 'delete'}
        name={active?.name ?? ''}
        pending={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (!active) return
          remove.mutate(active.id, {
            onSuccess: () => {
              setDialog(null)
              const next = new URLSearchParams(params)
              next.delete(VIEW_PARAM)
              setParams(next, { replace: true })
              done(t('savedViews.deleted', { name: active.name }))
            },
            onError: failed,
          })
        }}
      />
    </>
  )
}

function Group({
  title,
  views,
  entry,
}: {
  title: string
  views: readonly SavedView[]
  entry: (view: SavedView) => React.ReactNode
}) {
  const id = useId()
  if (views.length === 0) return null
  return (
    <div className="mb-1">
      <h3 id={id} className="px-2.5 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      <ul aria-labelledby={id}>{views.map(entry)}</ul>
    </div>
  )
}
