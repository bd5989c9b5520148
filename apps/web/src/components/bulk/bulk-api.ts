import type { BulkAction, BulkActionRequest } from '@portal/contract'
import { bulkActionResponse, setFilterResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** POST /bulk-actions: the report at once (up to 100 rows), or a queued job to follow. */
export function startBulkAction(body: BulkActionRequest): Promise<BulkAction> {
  return mainApi.post('/bulk-actions', body, bulkActionResponse).then((r) => r.data.bulk)
}

/** GET /bulk-actions/{id}: progress and a page of the report, failed rows first. */
export function fetchBulkAction(id: string, limit = 200, signal?: AbortSignal): Promise<BulkAction> {
  return mainApi
    .get(`/bulk-actions/${encodeURIComponent(id)}`, bulkActionResponse, {
      query: { limit, offset: 0 },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data.bulk)
}

/** The entity's sets with their ids (the set picker of add to / remove from a set). */
export function fetchSetChoices(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  return mainApi
    .post('/iam/sets/filter', { limit: 500, offset: 0 }, setFilterResponse, { signal })
    .then((r) => r.data.sets.map((s) => ({ id: s.id, name: s.name })))
}
