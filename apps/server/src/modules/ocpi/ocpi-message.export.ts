import type { OcpiMessageExportFilters } from '@portal/contract'
import { ocpiMessageExportFilters } from '@portal/contract'
import type { Db } from '../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../exports/export-source'
import type { OcpiMessageRecord } from './ocpi.repository'
import { findPartner, messagesBefore } from './ocpi.repository'

const BATCH = 2_000
const iso = (ms: number) => new Date(ms).toISOString()

export const ocpiMessageExportColumns: readonly ExportColumn<OcpiMessageRecord>[] = [
  { header: 'at', value: (r) => iso(r.at) },
  { header: 'direction', value: (r) => r.direction },
  { header: 'method', value: (r) => r.method },
  { header: 'url', value: (r) => r.url },
  { header: 'module', value: (r) => r.module },
  { header: 'http_status', value: (r) => r.http_status },
  { header: 'ocpi_status', value: (r) => r.ocpi_status },
  { header: 'latency_ms', value: (r) => r.latency_ms },
  { header: 'request_id', value: (r) => r.request_id },
  { header: 'error', value: (r) => r.error },
  { header: 'request_body', value: (r) => r.request_body },
  { header: 'response_body', value: (r) => r.response_body },
]

async function* rows(
  db: Db,
  scope: ExportScope,
  f: OcpiMessageExportFilters,
): AsyncIterable<OcpiMessageRecord> {
  const partner = await findPartner(db, scope.entityCode, f.partner_id)
  if (!partner) throw new Error(`roaming partner ${String(f.partner_id)} is not one of ${scope.entityCode}'s`)
  const { partner_id: _id, ...filter } = f
  let before: string | number | null = null
  for (;;) {
    const batch = await messagesBefore(db, partner.id, filter, before, BATCH)
    yield* batch
    const last = batch[batch.length - 1]
    if (!last || batch.length < BATCH) return
    before = last.id
  }
}

/** A roaming partner's OCPI message log as an export job (newest first, as the partner screen lists it). */
export const ocpiMessageExportSource: ExportSource<OcpiMessageExportFilters, OcpiMessageRecord> = {
  key: 'ocpi-messages',
  title: 'OCPI message log',
  permission: { app: 'iam', resource: 'roaming/*', action: 'read' },
  filters: ocpiMessageExportFilters,
  columns: ocpiMessageExportColumns,
  rows,
}
