import { challengeTypes, isBypassedChallenge, labelOf, mtSummaryFilterRequest } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import type { SummaryRow } from './mt-summary.repository'
import { findSummariesAfter } from './mt-summary.repository'

/** The maintenance list's filter body without paging. */
const mtSummaryExportFilters = mtSummaryFilterRequest.omit({ limit: true, offset: true })
type MtSummaryExportFilters = z.output<typeof mtSummaryExportFilters>

const BATCH = 2000

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * B §3's maintenance export columns, in order. `mt_user_id` is the maintainer's uuid, `name` and `phone_number`
 * theirs; `username` is the machine's; `topped_up` the total stock added. Times are ISO 8601 UTC, the challenge
 * type its label and `challenge_bypassed` Yes or No.
 */
const columns: ExportColumn<SummaryRow>[] = [
  { header: 'mt_user_id', value: (r) => r.user_uuid },
  { header: 'name', value: (r) => r.user_name },
  { header: 'phone_number', value: (r) => r.user_phone_number },
  { header: 'postal_code', value: (r) => r.postal_code },
  { header: 'location', value: (r) => r.location },
  { header: 'alias', value: (r) => r.alias },
  { header: 'username', value: (r) => r.machine_username },
  { header: 'serial_number', value: (r) => r.serial_number },
  { header: 'start_time', value: (r) => iso(r.start_time) },
  { header: 'end_time', value: (r) => iso(r.end_time) },
  { header: 'topped_up', value: (r) => r.total_added_stock },
  { header: 'challenge_type', value: (r) => labelOf(challengeTypes, r.challenge_type) },
  { header: 'challenge_bypassed', value: (r) => (isBypassedChallenge(r.challenge_type) ? 'Yes' : 'No') },
  { header: 'challenge_bypass_reason', value: (r) => r.challenge_bypass_reason ?? '' },
]

async function* summaryRows(
  db: Db,
  scope: ExportScope,
  filters: MtSummaryExportFilters,
): AsyncIterable<SummaryRow> {
  const setScope = scope.setIds === null ? null : [...scope.setIds]
  let after: { created_at: number; id: number } | null = null
  for (;;) {
    const batch = await findSummariesAfter(db, scope.entityCode, filters, setScope, after, BATCH)
    if (batch.length === 0) return
    yield* batch
    const last = batch[batch.length - 1] as SummaryRow
    after = { created_at: last.created_at, id: last.id }
    if (batch.length < BATCH) return
  }
}

export const mtSummaryExportSource: ExportSource<MtSummaryExportFilters, SummaryRow> = {
  key: 'maintenance',
  title: 'Maintenance summaries',
  permission: { app: 'iot', resource: 'maintenance/*', action: 'read' },
  filters: mtSummaryExportFilters,
  columns,
  rows: summaryRows,
}
