import type { ExportJobFilterData, ExportJobFilterRequest } from '@portal/contract'
import { exportJobFilterResponse, ExportJobStatus } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** While any listed job is Pending the history refreshes itself this often. */
export const HISTORY_REFRESH_MS = 2000

export const filterExports = (body: ExportJobFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/exports/filter', body, exportJobFilterResponse, signal ? { signal } : {}).then((r) => r.data)

/** How soon the history asks again: soon while a job on screen is still Pending, else not by itself. */
export const historyRefresh = (data: ExportJobFilterData | undefined): number | false =>
  data?.export_jobs.some((j) => j.status === ExportJobStatus.Pending) === true ? HISTORY_REFRESH_MS : false
