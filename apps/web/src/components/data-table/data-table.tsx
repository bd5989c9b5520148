import type { ColumnDef, VisibilityState } from '@tanstack/react-table'
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { ColumnPicker } from './column-picker'
import { Pager } from './pager'
import type { DataColumn, TableState } from './types'
import { useColumnVisibility } from './use-column-visibility'

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
  onRetry?: () => void
  page: number
  pageSize: number
  total?: number | undefined
  hasNextPage?: boolean | undefined
  onPageChange: (page: number) => void
  /** Makes each row open its detail page. */
  rowHref?: (row: Row) => string
  /** What the column picker's Reset shows, when it is not the columns' defaults (B §3: the session lists). */
  resetColumns?: readonly string[]
  /** The filter bar above the table. */
  toolbar?: ReactNode
  /** Shown beside the column picker, e.g. quick filters or an export button. */
  actions?: ReactNode
  filtersActive?: boolean
  onResetFilters?: () => void
  emptyTitle?: string
}

const SKELETON_WIDTHS = ['w-24', 'w-32', 'w-20', 'w-28', 'w-16', 'w-36']

/**
 * The one list table of the portal (STYLE.md habit 3): screens declare columns and filters; this does the column
 * picker, paging, and the loading, empty, error and no-access states.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { columns, rows, state, rowHref } = props
  const { visible, setVisible, reset } = useColumnVisibility(props.tableId, columns)

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        cell: (ctx) => c.cell(ctx.row.original),
        meta: c,
      })),
    [columns],
  )
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(columns.map((c) => [c.id, visible.includes(c.id)])),
    [columns, visible],
  )
  const table = useReactTable({
    data: (rows ?? []) as Row[],
    columns: columnDefs,
    state: { columnVisibility },
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  })
  const visibleColumns = table.getVisibleLeafColumns()
  const meta = (id: string) => columns.find((c) => c.id === id)
  const showRows = state === 'ready' || (state === 'loading' && rows !== undefined && rows.length > 0)
  const busy = state === 'loading' || props.fetching === true

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

  return (
    <section aria-label={props.caption} className="rounded-lg border border-slate-200 bg-white shadow-xs">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">{props.toolbar}</div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {props.actions}
          <ColumnPicker
            columns={columns.map((c) => ({ id: c.id, header: c.header }))}
            visible={visible}
            onChange={setVisible}
            onReset={props.resetColumns ? () => setVisible([...(props.resetColumns ?? [])]) : reset}
          />
        </div>
      </div>

      <div className="relative overflow-x-auto">
        {busy && showRows && (
          <div
            className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden bg-brand-100"
            role="progressbar"
            aria-label={t('ui.loading')}
          >
            <div className="h-full w-1/3 animate-[portal-progress_1s_ease-in-out_infinite] bg-brand-600" />
          </div>
        )}
        <table className="w-full border-collapse text-sm" aria-busy={busy} aria-rowcount={props.total}>
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={cn(
                      'border-b border-slate-200 px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
                      meta(header.column.id)?.align === 'right' ? 'text-right' : 'text-left',
                    )}
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className={cn(busy && showRows && 'opacity-60 transition-opacity')}>
            {state === 'loading' &&
              !showRows &&
              Array.from({ length: Math.min(props.pageSize, 10) }, (_, i) => (
                <tr key={`skeleton-${String(i)}`} className="border-b border-slate-100" aria-hidden="true">
                  {visibleColumns.map((c, j) => (
                    <td key={c.id} className="px-3 py-3">
                      <div
                        className={cn(
                          'h-3 animate-pulse rounded bg-slate-200',
                          SKELETON_WIDTHS[(i + j) % SKELETON_WIDTHS.length],
                        )}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            {showRows &&
              table.getRowModel().rows.map((row) => {
                const href = rowHref?.(row.original)
                return (
                  <tr
                    key={row.id}
                    className={cn(
                      'border-b border-slate-100 last:border-b-0',
                      href && 'cursor-pointer hover:bg-brand-50/50',
                    )}
                    onClick={href ? () => void navigate(href) : undefined}
                  >
                    {row.getVisibleCells().map((cell, index) => {
                      const m = meta(cell.column.id)
                      const content = flexRender(cell.column.columnDef.cell, cell.getContext())
                      return (
                        <td
                          key={cell.id}
                          className={cn(
                            'max-w-80 truncate px-3 py-2 align-middle whitespace-nowrap',
                            m?.align === 'right' && 'text-right tabular-nums',
                            m?.className,
                          )}
                        >
                          {href && index === 0 ? (
                            <Link
                              to={href}
                              onClick={(e) => e.stopPropagation()}
                              className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                            >
                              {content}
                            </Link>
                          ) : (
                            content
                          )}
                        </td>
                      )
                    })}
                  </tr>
                )
              })}
          </tbody>
        </table>
        {body}
      </div>

      {(state === 'ready' || showRows) && (rows?.length ?? 0) > 0 && (
        <Pager
          page={props.page}
          pageSize={props.pageSize}
          rowCount={rows?.length ?? 0}
          total={props.total}
          hasNextPage={props.hasNextPage}
          onPageChange={props.onPageChange}
          disabled={busy}
        />
      )}
    </section>
  )
}
