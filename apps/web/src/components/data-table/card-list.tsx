import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '@/components/ui/cn'
import { inOrder } from './column-order'
import type { CardPlace, DataColumn } from './types'

export interface CardSlots<Row> {
  title: DataColumn<Row> | undefined
  subtitle: DataColumn<Row> | undefined
  status: DataColumn<Row> | undefined
  meta: DataColumn<Row>[]
}

const MAX_FALLBACK_META = 3

/**
 * Which column goes where on a card: the places the screen marked; a list that marked none still reads as cards
 * (its first visible columns as title, subtitle and a few fields), never as a table scrolled sideways.
 */
export function cardSlots<Row>(
  columns: readonly DataColumn<Row>[],
  visible: readonly string[],
): CardSlots<Row> {
  const at = (place: CardPlace) => columns.find((c) => c.card === place)
  const marked = columns.some((c) => c.card !== undefined)
  if (marked) {
    return {
      title: at('title'),
      subtitle: at('subtitle'),
      status: at('status'),
      meta: inOrder(columns, visible).filter((c) => c.card === 'meta'),
    }
  }
  const shown = inOrder(columns, visible)
  return {
    title: shown[0],
    subtitle: shown[1],
    status: undefined,
    meta: shown.slice(2, 2 + MAX_FALLBACK_META),
  }
}

export interface CardListProps<Row> {
  caption: string
  rows: readonly Row[]
  slots: CardSlots<Row>
  getRowId: (row: Row) => string
  rowHref: ((row: Row) => string) | undefined
  selectable: boolean
  selected: ReadonlySet<string>
  onToggle: (id: string) => void
  selectLabel: (row: Row) => string
  dimmed: boolean
}

/**
 * The rows of a list on a phone (issue 12 §2): one card a row with its title, subtitle and status, and a tap anywhere
 * on the card opens the detail (the title is the link; its hit area covers the card).
 */
export function CardList<Row>(props: CardListProps<Row>) {
  const { slots } = props
  const cell = (column: DataColumn<Row> | undefined, row: Row): ReactNode =>
    column === undefined ? null : column.cell(row)
  return (
    <ul aria-label={props.caption} className={cn('divide-y divide-slate-100', props.dimmed && 'opacity-60')}>
      {props.rows.map((row) => {
        const id = props.getRowId(row)
        const href = props.rowHref?.(row)
        const title = cell(slots.title, row)
        return (
          <li key={id} className={cn('relative flex gap-3 px-4 py-3', href && 'active:bg-brand-50/60')}>
            {props.selectable && (
              <input
                type="checkbox"
                aria-label={props.selectLabel(row)}
                checked={props.selected.has(id)}
                onChange={() => props.onToggle(id)}
                className="relative z-10 mt-1 size-4 shrink-0 cursor-pointer accent-brand-700"
              />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {href ? (
                      <Link
                        to={href}
                        className="text-brand-700 after:absolute after:inset-0 after:content-[''] focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        {title}
                      </Link>
                    ) : (
                      title
                    )}
                  </p>
                  {slots.subtitle && (
                    <p className="mt-0.5 truncate text-xs text-slate-500">{cell(slots.subtitle, row)}</p>
                  )}
                </div>
                {slots.status && <div className="shrink-0 text-xs">{cell(slots.status, row)}</div>}
              </div>
              {slots.meta.length > 0 && (
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs">
                  {slots.meta.map((column) => (
                    <div key={column.id} className="min-w-0">
                      <dt className="truncate text-slate-500">{column.header}</dt>
                      <dd className="truncate text-slate-800 tabular-nums">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
