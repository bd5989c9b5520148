import type { ReactNode } from 'react'

/**
 * Where a column shows on a phone, where rows are cards (docs/decisions/0032-one-list-abstraction.md): the title
 * leads the card and opens the detail, the subtitle sits under it, the status at its right, and meta fields below
 * as label and value. A column without a place is left out of the card; it is still in the column picker.
 */
export type CardPlace = 'title' | 'subtitle' | 'status' | 'meta'

/** A column a list screen declares: the DataTable does the rest (picking, sorting, paging, states, phone cards). */
export interface DataColumn<Row> {
  id: string
  header: string
  cell: (row: Row) => ReactNode
  /** Shown until the user picks otherwise (the column-picker defaults of B §3); default true. */
  defaultVisible?: boolean
  align?: 'left' | 'right'
  /** Extra classes for the cells, e.g. a minimum width or `whitespace-nowrap`. */
  className?: string
  /** The sort key the list's call takes for this column; the header then sorts (only where the call sorts). */
  sort?: string
  /** The column's place on a phone card. */
  card?: CardPlace
  /**
   * The header of the list export's column with the same values (decision 0116): an export from this list then
   * writes the visible columns in their order. Lists without it export every column.
   */
  exportHeader?: string
}

/**
 * What the list query is doing, as the table shows it; `invalid`: the filters cannot be sent (an end before its start),
 * and the table says which to change.
 */
export type TableState = 'loading' | 'ready' | 'error' | 'forbidden' | 'invalid'
