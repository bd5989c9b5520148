import type { AlertFilterRequest } from '@portal/contract'
import { alertFilterResponse, alertSummaryResponse } from '@portal/contract'
import type { QueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { alertKeys } from './alert-keys'

/** POST /alerts/filter: a page of the entity's alerts and their total. */
export const filterAlerts = (body: AlertFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/alerts/filter', body, alertFilterResponse, signal ? { signal } : {}).then((r) => r.data)

/** GET /alerts/summary: the open and acknowledged counts and the newest unresolved alerts (the bell). */
export const getAlertSummary = (signal?: AbortSignal) =>
  mainApi.get('/alerts/summary', alertSummaryResponse, signal ? { signal } : {}).then((r) => r.data)

/** What an alert's change may alter elsewhere: the lists, the bell and the machine and charger links. */
export async function invalidateAlertViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: alertKeys.lists }),
    queryClient.invalidateQueries({ queryKey: alertKeys.summaries }),
    queryClient.invalidateQueries({ queryKey: alertKeys.counts }),
  ])
}
