import type { ExportFormat, ExportJob } from '@portal/contract'
import { exportJobResponse } from '@portal/contract'
import { mainApi, requestBlob } from '@/lib/http'

/** `columns`: the export headers to write, in order (a saved view's columns; decision 0116); null writes every one. */
export const requestExport = (
  source: string,
  format: ExportFormat,
  filters: Record<string, unknown>,
  columns: readonly string[] | null = null,
) =>
  mainApi
    .post('/exports', { source, format, filters, ...(columns ? { columns } : {}) }, exportJobResponse)
    .then((r) => r.data.export_job)

export const getExportJob = (uuid: string, signal?: AbortSignal) =>
  mainApi.get(`/exports/${uuid}`, exportJobResponse, signal ? { signal } : {}).then((r) => r.data.export_job)

/** Fetches a Ready job's file with the session's token and hands it to the browser as a download. */
export async function downloadExport(job: Pick<ExportJob, 'uuid' | 'file_name' | 'source' | 'format'>) {
  const blob = await requestBlob('main', `/exports/${job.uuid}/download`)
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = job.file_name ?? `${job.source}.${job.format}`
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a little later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
