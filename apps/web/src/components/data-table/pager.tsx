import { useEffect, useRef, type FocusEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { PageSizeSelect } from './page-size-select'

export interface PagerProps {
  page: number
  pageSize: number
  rowCount: number
  /** Known total: numbered pages. Unknown (lists that probe for a next page): previous/next only. */
  total?: number | undefined
  hasNextPage?: boolean | undefined
  onPageChange: (page: number) => void
  /** A page is loading: the buttons do nothing meanwhile, and keep the focus (aria-disabled, not disabled). */
  disabled?: boolean
  /** With it, a "Rows per page" select: LIST_PAGE_SIZES and the screen's own size (decision 0116). */
  onPageSizeChange?: ((size: number) => void) | undefined
  defaultPageSize?: number | undefined
}

/** Page numbers around the current one, with the first and last always reachable: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages))
  const sorted = [...shown].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1]
    if (prev !== undefined && p - prev > 1) out.push('gap')
    out.push(p)
  })
  return out
}

const btn =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm tabular-nums transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 ' +
  'aria-disabled:cursor-progress'

export function Pager({
  page,
  pageSize,
  rowCount,
  total,
  hasNextPage,
  onPageChange,
  disabled,
  onPageSizeChange,
  defaultPageSize,
}: PagerProps) {
  const { t, i18n } = useTranslation()
  const nf = new Intl.NumberFormat(i18n.language)
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize))
  const from = rowCount === 0 ? 0 : (page - 1) * pageSize + 1
  const to = (page - 1) * pageSize + rowCount
  const canNext = pages === undefined ? hasNextPage === true : page < pages
  const go = (to: number) => {
    if (!disabled) onPageChange(to)
  }

  // A button disabled under the focus (Next on reaching the last page) would drop it to the page's start: it goes to
  // the current page's button, or the other way's (docs/decisions/0085-keyboard.md).
  const nav = useRef<HTMLElement>(null)
  const lastFocused = useRef<HTMLButtonElement | null>(null)
  useEffect(() => {
    const button = lastFocused.current
    const active = document.activeElement
    if (!button?.disabled || (active !== null && active !== document.body && active !== button)) return
    const fallback =
      nav.current?.querySelector<HTMLButtonElement>('button[aria-current="page"]') ??
      nav.current?.querySelector<HTMLButtonElement>('button:not([disabled])')
    fallback?.focus()
  })
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLButtonElement) lastFocused.current = event.target
  }
  // Left for elsewhere, not lost to a disabling: nothing to give back.
  const onBlur = (event: FocusEvent) => {
    const left = event.target instanceof HTMLButtonElement && !event.target.disabled
    if (left && !nav.current?.contains(event.relatedTarget)) lastFocused.current = null
  }

  return (
    <nav
      ref={nav}
      onFocus={onFocus}
      onBlur={onBlur}
      aria-label={t('table.pagination')}
      className="flex flex-col gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between"
    >
      <p aria-live="polite">
        {total === undefined
          ? t('table.rangeUnknown', { from: nf.format(from), to: nf.format(to) })
          : t('table.range', { from: nf.format(from), to: nf.format(to), total: nf.format(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        {onPageSizeChange && (
          <PageSizeSelect
            value={pageSize}
            defaultSize={defaultPageSize ?? pageSize}
            onChange={onPageSizeChange}
          />
        )}
        <button
          type="button"
          className={cn(btn, 'border-slate-300 bg-white hover:bg-slate-50')}
          disabled={page <= 1}
          aria-disabled={disabled || undefined}
          onClick={() => go(page - 1)}
        >
          <span aria-hidden="true">‹</span>
          <span className="ml-1">{t('table.previous')}</span>
        </button>
        {pages !== undefined &&
          pageWindow(page, pages).map((p, i) =>
            p === 'gap' ? (
              <span key={`gap-${String(i)}`} className="px-1 text-slate-400" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={p}
                type="button"
                aria-label={t('table.pageN', { page: p })}
                aria-current={p === page ? 'page' : undefined}
                aria-disabled={disabled || undefined}
                className={cn(
                  btn,
                  p === page
                    ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                    : 'border-slate-300 bg-white hover:bg-slate-50',
                )}
                onClick={() => go(p)}
              >
                {nf.format(p)}
              </button>
            ),
          )}
        <button
          type="button"
          className={cn(btn, 'border-slate-300 bg-white hover:bg-slate-50')}
          disabled={!canNext}
          aria-disabled={disabled || undefined}
          onClick={() => go(page + 1)}
        >
          <span className="mr-1">{t('table.next')}</span>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </nav>
  )
}
