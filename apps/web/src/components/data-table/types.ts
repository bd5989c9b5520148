import type { ReactNode } from 'react'

/** A column a list screen declares: the DataTable does the rest (picking, paging, states). */
export interface DataColumn<Row> {
  id: string
  header: string
  cell: (row: Row) => ReactNode
  /** Shown until the user picks otherwise (the column-picker defaults of B §3); default true. */
  defaultVisible?: boolean
  align?: 'left' | 'right'
  /** Extra classes for the cells, e.g. a minimum width or `whitespace-nowrap`. */
  className?: string
}

/** What the list query is doing, as the table shows it. */
export type TableState = 'loading' | 'ready' | 'error' | 'forbidden'
