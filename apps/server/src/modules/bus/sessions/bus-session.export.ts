import type { BusSessionExportFilters } from '@portal/contract'
import { busSessionExportFilters } from '@portal/contract'
import type { ExportColumn, ExportSource } from '../../exports/export-source'
import type { SessionExportRow } from '../../charging/sessions/session.export'
import { sessionExportColumns, sessionExportRows } from '../../charging/sessions/session.export'

/**
 * The busways history's export columns, mapped to readable headers (B §7 "mapped to readable columns"): the
 * charging list's columns on by default (B §3) with the dashboard variant's User after the session id. Money in
 * currency units, times ISO 8601 UTC, the charging duration in minutes.
 */
export function busSessionExportColumns(): ExportColumn<SessionExportRow>[] {
  const [id, ...rest] = sessionExportColumns()
  if (!id) throw new Error('The session export has no columns')
  return [id, { header: 'User', value: (r) => r.user_name }, ...rest]
}

/** The busways charging history as an export job: the v3 list's filters, the caller's sessions. */
export const busSessionExportSource: ExportSource<BusSessionExportFilters, SessionExportRow> = {
  key: 'bus-sessions',
  title: 'Busways charging history',
  permission: { app: 'ev', resource: 'sessions/*', action: 'read' },
  filters: busSessionExportFilters,
  columns: busSessionExportColumns(),
  // The same generator as the charging sessions' export: the busways filters are ones the charging list takes.
  rows: sessionExportRows,
}
