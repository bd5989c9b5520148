import type { VoltnetSessionExportFilters } from '@portal/contract'
import { voltnetSessionExportFilters } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { ExportScope, ExportSource } from '../../exports/export-source'
import { entityNames } from '../../iam/entities/entity.repository'
import { loadSessions } from '../../charging/sessions/session.repository'
import type { SessionExportRow } from '../../charging/sessions/session.export'
import { busSessionExportColumns } from '../sessions/bus-session.export'
import { pageKeys } from './voltnet-session.repository'
import { asLoadKeys, filterOf } from './voltnet-session.service'

const BATCH = 2000
const UNKNOWN_ENTITY = 'Unknown Entity'

async function* voltnetSessionRows(
  db: Db,
  scope: ExportScope,
  filters: VoltnetSessionExportFilters,
): AsyncIterable<SessionExportRow> {
  const names = await entityNames(db)
  const filter = await filterOf(db, scope.entityCode, filters)
  let after: { id: number; start_date_time: number } | null = null
  for (;;) {
    // The list's order (newest start first) in keyset batches on the side's index: flat memory at any size.
    const keys = await pageKeys(db, filter, { limit: BATCH, after })
    if (keys.length === 0) return
    for (const r of await loadSessions(db, asLoadKeys(keys))) {
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

/** A voltnet CPO or EMSP session list as an export job: the v1 list's filters (without paging), readable columns. */
export const voltnetSessionExportSource: ExportSource<VoltnetSessionExportFilters, SessionExportRow> = {
  key: 'voltnet-sessions',
  title: 'Voltnet charging sessions',
  permission: { app: 'ev', resource: 'sessions/*', action: 'read' },
  filters: voltnetSessionExportFilters,
  columns: busSessionExportColumns(),
  rows: voltnetSessionRows,
}
