import type { Alert, AlertActivity } from '@portal/contract'
import { alertResponse } from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invalidateAlertViews } from '@/components/alerts/alert-api'
import { alertKeys } from '@/components/alerts/alert-keys'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** An alert with its activity, as GET /alerts/{id} and every action answer it. */
export interface AlertDetail {
  alert: Alert
  activity: AlertActivity[]
}

const path = (id: number) => `/alerts/${String(id)}`

/** GET /alerts/{id}: the alert and its activity. */
export const getAlert = (id: number, signal?: AbortSignal) =>
  mainApi.get(path(id), alertResponse, signal ? { signal } : {}).then((r): AlertDetail => r.data)

export function alertQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: alertKeys.detail(entityCode, id),
    queryFn: ({ signal }) => getAlert(id, signal),
  })
}

export function useAlert(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...alertQueryOptions(entityCode, id), enabled: Number.isSafeInteger(id) && id > 0 })
}

/** What a person does to an alert: acknowledge or resolve (each with an optional comment), or comment. */
export type AlertAction =
  { action: 'acknowledge' | 'resolve'; comment?: string } | { action: 'comment'; text: string }

function send(id: number, input: AlertAction) {
  if (input.action === 'comment')
    return mainApi.post(`${path(id)}/comments`, { text: input.text }, alertResponse)
  const body = input.comment === undefined || input.comment.trim() === '' ? {} : { comment: input.comment }
  return mainApi.post(`${path(id)}/${input.action}`, body, alertResponse)
}

/**
 * POST /alerts/{id}/acknowledge, /resolve or /comments: each answers the alert as it now is, which the page shows at
 * once; the lists, the bell and the machine and charger links read theirs again.
 */
export function useAlertAction(id: number) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AlertAction) => send(id, input).then((r): AlertDetail => r.data),
    onSuccess: async (data) => {
      queryClient.setQueryData(alertKeys.detail(entityCode, id), data)
      await invalidateAlertViews(queryClient)
    },
  })
}
