import type { ExportJobFilterRequest } from '@portal/contract'
import { exportJobFilterResponse, ExportJobStatus } from '@portal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** While any listed job is Pending the history refreshes itself this often. */
export const HISTORY_REFRESH_MS = 2000

export const filterExports = (body: ExportJobFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/exports/filter', body, exportJobFilterResponse, signal ? { signal } : {}).then((r) => r.data)

export function useExportJobs(body: ExportJobFilterRequest) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['exports', 'filter', entityCode, body],
    queryFn: ({ signal }) => filterExports(body, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.export_jobs.some((j) => j.status === ExportJobStatus.Pending)
        ? HISTORY_REFRESH_MS
        : false,
  })
}
