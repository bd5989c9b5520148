import type { ReactNode } from 'react'
import { lazy, Suspense, useMemo, useState } from 'react'
import { isSavedViewList } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { ScrollRegion } from '@/components/ui/scroll-region/scroll-region'
import { useIsPhone } from '@/lib/use-media-query'
import { CardList, cardSlots } from './card-list'
import { ColumnPicker } from './column-picker'
import type { ListSort } from './list-state'
import { Pager } from './pager'
import { PhoneSort } from './phone-sort'
import { TableView } from './table-view'
import type { DataColumn, TableState } from './types'
import { useColumnVisibility } from './use-column-visibility'

// Saved views (decision 0116) load with their menu, after the table: every list screen would carry them otherwise
// (the screens' size budget, decision 0044).
const ViewsMenu = lazy(() =>
  import('@/components/saved-views/views-menu').then((m) => ({ default: m.ViewsMenu })),
)

export interface DataTableProps<Row> {
  /** Names the saved column choice; unique per list. */
  tableId: string
  /** Accessible name of the table (the screen's title). */
  caption: string
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[] | undefined
  getRowId: (row: Row) => string
  state: TableState
  /** A newer page is loading while the previous rows are shown. */
  fetching?: boolean
  errorMessage?: string | undefined
  onRetry?: (() => void) | undefined
  page: number
  pageSize: number
  total?: number | undefined
  hasNextPage?: boolean | undefined
  onPageChange: (page: number) => void
  /** The screen's own page size and a change of it: the pager's "Rows per page" (useList gives both; decision 0116). */
  defaultPageSize?: number
  onPageSizeChange?: (size: number) => void
  /** Makes each row open its detail page. */
  rowHref?: (row: Row) => string
  /** What the column picker's Reset shows, when it is not the columns' defaults (B §3: the session lists). */
  resetColumns?: readonly string[]
  /** The filters above the rows; on a phone they fold behind the Filters button. */
  toolbar?: ReactNode
  /** Shown beside the column picker, e.g. quick filters or an export button. */
  actions?: ReactNode
  filtersActive?: boolean
  /** How many filters are set, shown on the phone's Filters button. */
  activeFilters?: number
  onResetFilters?: () => void
  emptyTitle?: string
  /** The current order, where the call takes a sort (columns with a `sort` key get sortable headers). */
  sort?: ListSort | null
  onSortChange?: (sort: ListSort | null) => void
  /** Row selection (bulk actions): the selected row ids and their change. Without it, no checkboxes. */
  selected?: ReadonlySet<string>
  onSelectedChange?: (selected: Set<string>) => void
  /** The accessible name of a row's checkbox; the row id by default. */
  rowLabel?: (row: Row) => string
  /** Shown in a bar over the rows while some are selected: what can be done with them. */
  selectionActions?: ReactNode
  /**
   * "All N matching the filter" (bulk actions, decision 0117): with a change handler, the selection bar offers it
   * once the whole page is selected and more rows match; `allMatching` says it was chosen.
   */
  allMatching?: boolean
  onAllMatchingChange?: (on: boolean) => void
  /** Rows that arrived since the page was read (the live stream): "N new — show" instead of moving the page. */
  newRows?: number
  onShowNewRows?: (() => void) | undefined
}

/**
 * The one list table of the portal (STYLE.md habit 3; docs/decisions/0032-one-list-abstraction.md): screens declare
 * columns and filters, `useList` gives the rest of the props; this does the column picker, header sorting, row
 * selection, paging, the loading, empty, error and no-access states, and on a phone folds the filters away and shows
 * the rows as cards.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation()
  const phone = useIsPhone()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const { columns, rows, state, getRowId } = props
  const { visible, setVisible, reset } = useColumnVisibility(props.tableId, columns)
  const showRows = state === 'ready' || (state === 'loading' && rows !== undefined && rows.length > 0)
  const busy = state === 'loading' || props.fetching === true
  const sort = props.sort ?? null
  const sortable = props.onSortChange !== undefined && columns.some((c) => c.sort !== undefined)
  const selectable = props.selected !== undefined && props.onSelectedChange !== undefined
  const selected = props.selected ?? EMPTY
  const pageIds = useMemo(() => (rows ?? []).map(getRowId), [rows, getRowId])
  const slots = useMemo(() => cardSlots(columns, visible), [columns, visible])
  const columnIds = useMemo(() => columns.map((c) => c.id), [columns])

  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    props.onSelectedChange?.(next)
  }
  const toggleAll = (on: boolean) => {
    const next = new Set(selected)
    for (const id of pageIds) {
      if (on) next.add(id)
      else next.delete(id)
    }
    props.onSelectedChange?.(next)
  }
  const selectLabel = (row: Row) => t('table.selectRow', { row: props.rowLabel?.(row) ?? getRowId(row) })

  let body: ReactNode = null
  if (state === 'forbidden') {
    body = (
      <EmptyState
        icon={
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
            <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zM9.5 12.5l5-5M9.5 7.5l5 5" />
          </svg>
        }
        title={t('table.noAccessTitle')}
        description={t('table.noAccessDescription')}
      />
    )
  } else if (state === 'invalid') {
    body = (
      <EmptyState
        title={t('table.invalidTitle')}
        description={props.errorMessage ?? ''}
        action={
          props.onResetFilters && (
            <Button variant="classic" size="sm" onClick={props.onResetFilters}>
              {t('table.resetFilters')}
            </Button>
          )
        }
      />
    )
  } else if (state === 'error') {
    body = (
      <EmptyState
        icon={<ErrorIcon />}
        title={t('table.errorTitle')}
        description={props.errorMessage ?? t('table.errorDescription')}
        action={
          props.onRetry && (
            <Button variant="classic" size="sm" onClick={props.onRetry}>
              {t('table.retry')}
            </Button>
          )
        }
      />
    )
  } else if (state === 'ready' && (rows?.length ?? 0) === 0) {
    body = (
      <EmptyState
        title={props.emptyTitle ?? t('table.emptyTitle')}
        description={props.filtersActive ? t('table.emptyFiltered') : t('table.emptyDescription')}
        action={
          props.filtersActive &&
          props.onResetFilters && (
            <Button variant="classic" size="sm" onClick={props.onResetFilters}>
              {t('table.resetFilters')}
            </Button>
          )
        }
      />
    )
  }

  const chosen = pageIds.filter((id) => selected.has(id)).length
  const filterCount = props.activeFilters ?? (props.filtersActive ? 1 : 0)

  return (
    <section aria-label={props.caption} className="rounded-lg border border-slate-200 bg-white shadow-xs">
      {/* On a phone a list with no filters, actions or orders has no bar at all (the column picker is desktop only). */}
      {(!phone || props.toolbar !== undefined || props.actions !== undefined || sortable) && (
        <div className="flex flex-col gap-3 border-b border-slate-200 p-3 lg:flex-row lg:items-start lg:justify-between">
          {phone && props.toolbar !== undefined && (
            <div className="flex items-center gap-2">
              <button
                type="button"
                aria-expanded={filtersOpen}
                onClick={() => setFiltersOpen((open) => !open)}
                className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <svg
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  aria-hidden="true"
                  className="size-4 text-slate-500"
                >
                  <path d="M3 4.5h14l-5.5 6.2V16l-3 1.5v-6.8z" />
                </svg>
                {t('table.filters')}
                {filterCount > 0 && (
                  <span className="rounded-full bg-brand-700 px-1.5 text-[11px] leading-4 font-semibold text-white">
                    {props.activeFilters ?? '•'}
                  </span>
                )}
              </button>
              {sortable && (
                <PhoneSort columns={columns} sort={sort} onSortChange={(s) => props.onSortChange?.(s)} />
              )}
            </div>
          )}
          {props.toolbar !== undefined && (
            // Kept mounted while folded, so a half-typed search survives closing the panel.
            <div className="min-w-0 flex-1" hidden={phone && !filtersOpen}>
              {props.toolbar}
            </div>
          )}
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            {props.actions}
            {/* Saved views (decision 0116): on the lists named in SAVED_VIEW_LISTS. */}
            {isSavedViewList(props.tableId) && (
              <Suspense fallback={null}>
                <ViewsMenu
                  list={props.tableId}
                  columnIds={columnIds}
                  visible={visible}
                  onColumnsChange={setVisible}
                  pageSize={props.pageSize}
                  defaultPageSize={props.defaultPageSize ?? props.pageSize}
                />
              </Suspense>
            )}
            {!phone && (
              <ColumnPicker
                columns={columns.map((c) => ({ id: c.id, header: c.header }))}
                visible={visible}
                onChange={setVisible}
                onReset={props.resetColumns ? () => setVisible([...(props.resetColumns ?? [])]) : reset}
              />
            )}
            {phone && props.toolbar === undefined && sortable && (
              <PhoneSort columns={columns} sort={sort} onSortChange={(s) => props.onSortChange?.(s)} />
            )}
          </div>
        </div>
      )}

      {(props.newRows ?? 0) > 0 && props.onShowNewRows && (
        <div
          role="status"
          className="flex items-center justify-center border-b border-brand-100 bg-brand-50 px-4 py-1.5 text-sm"
        >
          <button
            type="button"
            onClick={props.onShowNewRows}
            className="rounded-md px-2 py-0.5 font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            data-testid="new-rows"
          >
            {t('table.newRows', { count: props.newRows ?? 0 })}
          </button>
        </div>
      )}

      {selectable && chosen > 0 && (
        <div
          role="region"
          aria-label={t('table.selection')}
          className="flex flex-wrap items-center gap-3 border-b border-brand-100 bg-brand-50 px-4 py-2 text-sm text-brand-900"
        >
          <span className="font-medium">
            {props.allMatching && props.total !== undefined
              ? t('bulk.allMatchingSelected', { count: props.total })
              : t('table.selectedCount', { count: chosen })}
          </span>
          {props.onAllMatchingChange &&
            !props.allMatching &&
            chosen === pageIds.length &&
            props.total !== undefined &&
            props.total > chosen && (
              <button
                type="button"
                className="text-sm font-medium text-brand-700 underline"
                onClick={() => props.onAllMatchingChange?.(true)}
              >
                {t('bulk.selectAllMatching', { count: props.total })}
              </button>
            )}
          {props.selectionActions}
          <button
            type="button"
            className="ml-auto text-sm font-medium text-brand-700 hover:underline"
            onClick={() => {
              props.onAllMatchingChange?.(false)
              props.onSelectedChange?.(new Set())
            }}
          >
            {t('table.clearSelection')}
          </button>
        </div>
      )}

      {/* A wide table scrolls sideways: the box takes keyboard focus so it can be scrolled without a mouse. */}
      <ScrollRegion
        label={t('table.rowsOf', { caption: props.caption })}
        className="relative overflow-x-auto"
      >
        {busy && showRows && (
          <div
            className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden bg-brand-100"
            role="progressbar"
            aria-label={t('ui.loading')}
          >
            <div className="h-full w-1/3 animate-[portal-progress_1s_ease-in-out_infinite] bg-brand-600" />
          </div>
        )}
        {phone ? (
          <div aria-busy={busy}>
            {showRows && (
              <CardList
                caption={props.caption}
                rows={rows ?? []}
                slots={slots}
                getRowId={getRowId}
                rowHref={props.rowHref}
                selectable={selectable}
                selected={selected}
                onToggle={toggle}
                selectLabel={selectLabel}
                dimmed={busy}
              />
            )}
            {state === 'loading' && !showRows && <CardSkeleton />}
          </div>
        ) : (
          <TableView
            caption={props.caption}
            columns={columns}
            visible={visible}
            rows={rows}
            getRowId={getRowId}
            showRows={showRows}
            loading={state === 'loading'}
            busy={busy}
            pageSize={props.pageSize}
            total={props.total}
            rowHref={props.rowHref}
            sort={sort}
            onSortChange={props.onSortChange}
            selectable={selectable}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            selectLabel={selectLabel}
          />
        )}
        {body}
      </ScrollRegion>

      {(state === 'ready' || showRows) && (rows?.length ?? 0) > 0 && (
        <Pager
          page={props.page}
          pageSize={props.pageSize}
          rowCount={rows?.length ?? 0}
          total={props.total}
          hasNextPage={props.hasNextPage}
          onPageChange={props.onPageChange}
          onPageSizeChange={props.onPageSizeChange}
          defaultPageSize={props.defaultPageSize}
          disabled={busy}
        />
      )}
    </section>
  )
}

const EMPTY: ReadonlySet<string> = new Set()

function CardSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="space-y-2 px-4 py-3">
          <div className="h-3 w-2/5 animate-pulse rounded bg-slate-200" />
          <div className="h-2.5 w-3/5 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  )
}
