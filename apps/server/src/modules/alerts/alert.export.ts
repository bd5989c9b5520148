import type { AlertExportFilters } from '@portal/contract'
import { alertExportFilters } from '@portal/contract'
import type { Db } from '../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../exports/export-source'
import { alertsAfter } from './alert.repository'
import type { AlertRow } from './alert.table'

const BATCH = 2_000
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const alertExportColumns: readonly ExportColumn<AlertRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'severity', value: (r) => r.severity },
  { header: 'status', value: (r) => r.status },
  { header: 'kind', value: (r) => r.kind },
  { header: 'subject', value: (r) => r.subject },
  { header: 'message', value: (r) => r.message },
  { header: 'raised_at', value: (r) => iso(r.raised_at) },
  { header: 'last_seen_at', value: (r) => iso(r.last_seen_at) },
  { header: 'acknowledged_at', value: (r) => iso(r.acknowledged_at) },
  { header: 'acknowledged_by', value: (r) => r.acknowledged_by },
  { header: 'resolved_at', value: (r) => iso(r.resolved_at) },
  { header: 'resolved_by', value: (r) => r.resolved_by },
  { header: 'comments', value: (r) => r.comments },
]

async function* rows(db: Db, scope: ExportScope, f: AlertExportFilters): AsyncIterable<AlertRow> {
  const alertScope = { entityCode: scope.entityCode, setIds: scope.setIds }
  let after: { value: number; id: number } | null = null
  for (;;) {
    const batch = await alertsAfter(db, alertScope, f, after, BATCH)
    yield* batch
    const last = batch[batch.length - 1]
    if (!last || batch.length < BATCH) return
    after = { value: last[f.sort], id: last.id }
  }
}

/** The alerts list as an export job, with the list's filters and order. */
export const alertExportSource: ExportSource<AlertExportFilters, AlertRow> = {
  key: 'alerts',
  title: 'Alerts',
  permission: { app: 'iam', resource: 'alerts/*', action: 'read' },
  filters: alertExportFilters,
  columns: alertExportColumns,
  rows,
}
