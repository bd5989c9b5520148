import type { WebhookCreateRequest, WebhookDeliveryListQuery, WebhookStatus } from '@portal/contract'
import {
  deletedResponse,
  WEBHOOKS_POLICY,
  webhookCreatedResponse,
  webhookDeliveryListResponse,
  webhookListResponse,
  webhookRedeliverResponse,
  webhookResponse,
} from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './entity-settings-keys'
import type { AccessLevel } from './settings-access'
import { accessLevel, policyCheckQueryOptions } from './settings-access'

const BASE = '/webhooks'
const one = (id: number) => `${BASE}/${String(id)}`

/** GET /webhooks: every webhook of the entity (a few; the list pages them itself). */
export const listWebhooks = (_body: unknown, signal?: AbortSignal) =>
  mainApi.get(BASE, webhookListResponse, signal ? { signal } : {}).then((r) => r.data)

/** GET /webhooks/{id}/deliveries: a page of the webhook's attempts, newest first, and their count. */
export const fetchWebhookDeliveries = (id: number, query: WebhookDeliveryListQuery, signal?: AbortSignal) =>
  mainApi
    .get(`${one(id)}/deliveries`, webhookDeliveryListResponse, {
      query: { ...query },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data)

/**
 * The access level of webhooks (iam, webhooks/*) for the current user and entity: read opens the tab, edit adds,
 * pauses, deletes and redelivers (the server asks edit for all four). Entity admins are answered every action.
 */
export function useWebhooksLevel(): AccessLevel {
  const { entityCode, isPlatformAdmin, isLoggedIn } = useSession()
  const check = useQuery({ ...policyCheckQueryOptions(entityCode, WEBHOOKS_POLICY), enabled: isLoggedIn })
  return accessLevel(check.isError ? 'error' : check.data, isPlatformAdmin)
}

function useInvalidate() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks.all(entityCode) })
}

/** POST /webhooks: the new webhook with its secret, which is never answered again. */
export function useCreateWebhook() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: WebhookCreateRequest) =>
      mainApi.post(BASE, body, webhookCreatedResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** PUT /webhooks/{id} `{ status }`: pauses or resumes. */
export function useSetWebhookStatus() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: WebhookStatus }) =>
      mainApi.put(one(id), { status }, webhookResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** DELETE /webhooks/{id}: with its delivery log and what was still to be sent. */
export function useDeleteWebhook() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (id: number) => mainApi.delete(one(id), deletedResponse),
    onSuccess: invalidate,
  })
}

/** POST /webhooks/{id}/deliveries/{uuid}/redeliver: the same delivery again, as its next attempt. */
export function useRedeliver(webhookId: number) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (uuid: string) =>
      mainApi
        .post(
          `${one(webhookId)}/deliveries/${encodeURIComponent(uuid)}/redeliver`,
          {},
          webhookRedeliverResponse,
        )
        .then((r) => r.data),
    onSuccess: invalidate,
  })
}
