import { machineExportSource } from '../iot/machines/machine.export'
import { mtSummaryExportSource } from '../iot/maintenance/mt-summary.export'
import { creditLogExportSource } from '../iot/credit-logs/credit-log.export'
import {
  closedLoopPersonRedemptionExportSource,
  closedLoopRedemptionExportSource,
} from '../promo/closed-loop/closed-loop.export'
import { orderItemExportSource } from '../iot/orders/order.export'
import { transactionExportSource } from '../payment/transactions/transaction.export'
import { evSessionExportSource } from '../charging/sessions/session.export'
import { carbonRecordExportSource } from '../carbon/record.export'
import { connectorExportSource } from '../charging/locations/location.export'
import { busSessionExportSource } from '../bus/sessions/bus-session.export'
import { voltnetSessionExportSource } from '../bus/voltnet/voltnet-session.export'
import type { ExportSource } from './export-source'

/**
 * Every list that can be exported. A list module adds its source here (one import, one entry); keys are unique.
 * The cast is where each source's own filter and row types are erased: the runner validates the filters with the
 * source's schema before handing them back to the same source.
 */
export const EXPORT_SOURCES: readonly ExportSource[] = [
  machineExportSource as unknown as ExportSource,
  mtSummaryExportSource as unknown as ExportSource,
  creditLogExportSource as unknown as ExportSource,
  closedLoopRedemptionExportSource as unknown as ExportSource,
  closedLoopPersonRedemptionExportSource as unknown as ExportSource,
  orderItemExportSource as unknown as ExportSource,
  transactionExportSource as unknown as ExportSource,
  evSessionExportSource as unknown as ExportSource,
  carbonRecordExportSource as unknown as ExportSource,
  connectorExportSource as unknown as ExportSource,
  busSessionExportSource as unknown as ExportSource,
  voltnetSessionExportSource as unknown as ExportSource,
] as const

export function exportSourceOf(key: string): ExportSource | undefined {
  return EXPORT_SOURCES.find((s) => s.key === key)
}
