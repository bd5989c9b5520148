import { defineCatalogue, type ValueOf } from '../catalogue'

export const ExportJobStatus = { Pending: 1, Ready: 2, Failed: 3 } as const
export type ExportJobStatus = ValueOf<typeof ExportJobStatus>

export const exportJobStatuses = defineCatalogue('export job status', [
  [ExportJobStatus.Pending, 'Pending'],
  [ExportJobStatus.Ready, 'Ready'],
  [ExportJobStatus.Failed, 'Failed'],
])

export const ExportFormat = { csv: 'csv', xlsx: 'xlsx' } as const
export type ExportFormat = ValueOf<typeof ExportFormat>

export const exportFormats = defineCatalogue('export format', [
  [ExportFormat.csv, 'CSV'],
  [ExportFormat.xlsx, 'XLSX'],
])
