import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { cn } from '@/components/ui/cn'
import { inOrder } from './column-order'
import type { ListSort } from './list-state'
import { ariaSortOf, SortButton } from './sort-header'
import type { DataColumn } from './types'

const SKELETON_WIDTHS = ['w-24', 'w-32', 'w-20', 'w-28', 'w-16', 'w-36']

export interface TableViewProps<Row> {
  caption: string
  columns: readonly DataColumn<Row>[]
  visible: readonly string[]
  rows: readonly Row[] | undefined
  getRowId: (row: Row) => string
  showRows: boolean
  loading: boolean
  busy: boolean
  pageSize: number
  total: number | undefined
  rowHref: ((row: Row) => string) | undefined
  sort: ListSort | null
  onSortChange: ((sort: ListSort | null) => void) | undefined
  selectable: boolean
  selected: ReadonlySet<string>
  onToggle: (id: string) => void
  onToggleAll: (on: boolean) => void
  selectLabel: (row: Row) => string
}

function SelectAll({
  checked,
  indeterminate,
  onChange,
}: {
  checked: boolean
  indeterminate: boolean
  onChange: (on: boolean) => void
}) {
  const { t } = useTranslation()
  const ref = useRef<HTMLInputElement>(null)
  // `indeterminate` is a DOM property with no attribute.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={t('table.selectPage')}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="size-4 cursor-pointer accent-brand-700"
    />
  )
}

/**
 * The rows of a list as a table (desktop and tablet widths). Plain rendering of the visible columns in the screen's
 * order: paging, sorting and filtering are the server's, so a table library would add weight and nothing else
 * (docs/decisions/0034-plain-table-rendering.md).
 */
export function TableView<Row>(props: TableViewProps<Row>) {
  const navigate = useNavigate()
  const { columns, rows, rowHref, sort, onSortChange, selected, getRowId } = props
  const shown = useMemo(() => inOrder(columns, props.visible), [columns, props.visible])
  const pageIds = (rows ?? []).map(getRowId)
  const chosen = pageIds.filter((id) => selected.has(id)).length

  return (
    <table className="w-full border-collapse text-sm" aria-busy={props.busy} aria-rowcount={props.total}>
      <caption className="sr-only">{props.caption}</caption>
      <thead className="bg-slate-50">
        <tr>
          {props.selectable && (
            <th scope="col" className="w-10 border-b border-slate-200 px-3 py-2.5">
              <SelectAll
                checked={pageIds.length > 0 && chosen === pageIds.length}
                indeterminate={chosen > 0 && chosen < pageIds.length}
                onChange={props.onToggleAll}
              />
            </th>
          )}
          {shown.map((column) => {
            const sortKey = onSortChange ? column.sort : undefined
            const alignRight = column.align === 'right'
            return (
              <th
                key={column.id}
                scope="col"
                aria-sort={ariaSortOf(sort, sortKey)}
                className={cn(
                  'border-b border-slate-200 px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
                  alignRight ? 'text-right' : 'text-left',
                )}
              >
                {sortKey !== undefined && onSortChange ? (
                  <SortButton
                    label={column.header}
                    sortKey={sortKey}
                    sort={sort}
                    onSortChange={onSortChange}
                    alignRight={alignRight}
                  />
                ) : (
                  column.header
                )}
              </th>
            )
          })}
        </tr>
      </thead>
      <tbody className={cn(props.busy && props.showRows && 'opacity-60 transition-opacity')}>
        {props.loading &&
          !props.showRows &&
          Array.from({ length: Math.min(props.pageSize, 10) }, (_, i) => (
            <tr key={`skeleton-${String(i)}`} className="border-b border-slate-100" aria-hidden="true">
              {props.selectable && <td className="px-3 py-3" />}
              {shown.map((c, j) => (
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
        {props.showRows &&
          (rows ?? []).map((row) => {
            const id = getRowId(row)
            const href = rowHref?.(row)
            const isSelected = selected.has(id)
            return (
              <tr
                key={id}
                aria-selected={props.selectable ? isSelected : undefined}
                className={cn(
                  'border-b border-slate-100 last:border-b-0',
                  href && 'cursor-pointer hover:bg-brand-50/50',
                  isSelected && 'bg-brand-50/70',
                )}
                onClick={href ? () => void navigate(href) : undefined}
              >
                {props.selectable && (
                  <td className="w-10 px-3 py-2 align-middle" onClick={(e) => e.stopPropagation()}>
                    <input
                      type="checkbox"
                      aria-label={props.selectLabel(row)}
                      checked={isSelected}
                      onChange={() => props.onToggle(id)}
                      className="size-4 cursor-pointer accent-brand-700"
                    />
                  </td>
                )}
                {shown.map((column, index) => {
                  const content = column.cell(row)
                  return (
                    <td
                      key={column.id}
                      className={cn(
                        'max-w-80 truncate px-3 py-2 align-middle whitespace-nowrap',
                        column.align === 'right' && 'text-right tabular-nums',
                        column.className,
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
  )
}
