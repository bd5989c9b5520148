import type { OcppMessageExportFilters } from '@portal/contract'
import { ocppMessageExportFilters } from '@portal/contract'
import type { Db } from '../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../exports/export-source'
import type { OcppMessageRecord } from './ocpp-message.repository'
import { chargerIdOf, messagesBefore } from './ocpp-message.repository'

const BATCH = 2_000
const iso = (ms: number) => new Date(ms).toISOString()

export const ocppMessageExportColumns: readonly ExportColumn<OcppMessageRecord>[] = [
  { header: 'at', value: (r) => iso(r.at) },
  { header: 'direction', value: (r) => r.direction },
  { header: 'kind', value: (r) => r.kind },
  { header: 'message_id', value: (r) => r.message_id },
  { header: 'action', value: (r) => r.action },
  { header: 'latency_ms', value: (r) => r.latency_ms },
  { header: 'payload', value: (r) => r.payload },
]

async function* rows(
  db: Db,
  scope: ExportScope,
  f: OcppMessageExportFilters,
): AsyncIterable<OcppMessageRecord> {
  const chargePointId = await chargerIdOf(db, scope.entityCode, f.charger_uid)
  if (chargePointId === undefined)
    throw new Error(`charger ${f.charger_uid} is not one of ${scope.entityCode}'s`)
  const { charger_uid: _uid, ...filter } = f
  let before: { at: number; id: string | number } | null = null
  for (;;) {
    const batch = await messagesBefore(db, chargePointId, filter, before, BATCH)
    yield* batch
    const last = batch[batch.length - 1]
    if (!last || batch.length < BATCH) return
    before = { at: last.at, id: last.id }
  }
}

/** A charger's OCPP message log as an export job (newest first, as the charger page lists it). */
export const ocppMessageExportSource: ExportSource<OcppMessageExportFilters, OcppMessageRecord> = {
  key: 'ocpp-messages',
  title: 'OCPP message log',
  permission: { app: 'ev', resource: 'devices/*', action: 'read' },
  filters: ocppMessageExportFilters,
  columns: ocppMessageExportColumns,
  rows,
}
