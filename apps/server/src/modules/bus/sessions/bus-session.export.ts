import type { BusSessionExportFilters } from '@portal/contract'
import { busSessionExportFilters } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import type { SessionKey } from '../../charging/sessions/session.repository'
import { exportFilter, loadSessions, pageSessionKeys } from '../../charging/sessions/session.repository'
import type { SessionExportRow } from '../../charging/sessions/session.export'
import { sessionExportColumns } from '../../charging/sessions/session.export'

const BATCH = 2000
const UNKNOWN_ENTITY = 'Unknown Entity'

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

async function* busSessionRows(
  db: Db,
  scope: ExportScope,
  filters: BusSessionExportFilters,
): AsyncIterable<SessionExportRow> {
  if (filters.entity_code !== undefined && filters.entity_code !== scope.entityCode)
    throw new Error(`entity_code ${filters.entity_code} is not the entity the export was requested in`)
  const names = new Map(
    (await db.selectFrom('entity').select(['code', 'name']).execute()).map((e) => [e.code, e.name]),
  )
  const filter = exportFilter(filters)
  let after: SessionKey | null = null
  for (;;) {
    // The list's own order and scope, in keyset batches: memory stays flat however many sessions match.
    const keys = await pageSessionKeys(db, scope.entityCode, filter, { limit: BATCH, after })
    if (keys.length === 0) return
    for (const r of await loadSessions(db, keys)) {
      yield {
        ...r,
        cpo_name: names.get(r.entity_code) ?? UNKNOWN_ENTITY,
        emsp_name: names.get(r.emsp_entity_code) ?? UNKNOWN_ENTITY,
      }
    }
    after = keys[keys.length - 1] ?? null
    if (keys.length < BATCH) return
  }
}

/** The busways charging history as an export job: the v3 list's filters, the caller's sessions. */
export const busSessionExportSource: ExportSource<BusSessionExportFilters, SessionExportRow> = {
  key: 'bus-sessions',
  title: 'Busways charging history',
  permission: { app: 'ev', resource: 'sessions/*', action: 'read' },
  filters: busSessionExportFilters,
  columns: busSessionExportColumns(),
  rows: busSessionRows,
}
