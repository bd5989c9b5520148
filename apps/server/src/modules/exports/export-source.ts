import type { AppCode } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import type { NeededPermission } from '../../plugins/auth'

/** One column of an export file: the header exactly as the spec lists it (B §3), and how to read it from a row. */
export interface ExportColumn<Row> {
  readonly header: string
  readonly value: (row: Row) => string | number | null
}

/** Who asks for the export: the entity it is scoped to and, when the caller's grants are on sets, those set ids. */
export interface ExportScope {
  readonly entityCode: string
  /** null means every set (and every machine) of the entity. */
  readonly setIds: readonly number[] | null
}

/**
 * A list that can be exported as a job. Each list module declares one (`<area>.export.ts`) and registers it from
 * its routes file (`registerExportSource`); the export.write job knows nothing else about the list.
 */
export interface ExportSource<Filters = unknown, Row = unknown> {
  /** Stable key sent by the portal, e.g. 'order-items'. */
  readonly key: string
  /** Shown in the export history, e.g. 'Machine order items'. */
  readonly title: string
  /** What the caller needs to request and download this export (the same as the list's filter call). */
  readonly permission: {
    readonly app: AppCode
    readonly resource: string
    readonly action: NeededPermission['action']
  }
  /** The list's filter body without limit/offset; validated when the job is requested. */
  readonly filters: z.ZodType<Filters>
  readonly columns: readonly ExportColumn<Row>[]
  /**
   * Every matching row, in the list's order, read in batches (keyset paging, a few thousand rows per query) so
   * memory stays constant however many rows match.
   */
  rows(db: Db, scope: ExportScope, filters: Filters): AsyncIterable<Row>
}
