import type {
  ApiKeyCreateRequest,
  ServiceAccountCreateRequest,
  ServiceAccountFilterRequest,
  ServiceAccountUpdateRequest,
} from '@portal/contract'
import {
  apiKeyCreateResponse,
  apiKeyListResponse,
  apiKeyResponse,
  serviceAccountDeleteResponse,
  serviceAccountFilterResponse,
  serviceAccountResponse,
} from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys } from './iam-keys'

const BASE = '/iam/service-accounts'
const one = (uuid: string) => `${BASE}/${encodeURIComponent(uuid)}`
const keysOf = (uuid: string) => `${one(uuid)}/keys`

/** POST /iam/service-accounts/filter: the entity's service accounts, a page and the total. */
export const filterServiceAccounts = (body: ServiceAccountFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`${BASE}/filter`, body, serviceAccountFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function serviceAccountQueryOptions(entityCode: string | null, uuid: string) {
  return queryOptions({
    queryKey: iamKeys.serviceAccounts.detail(entityCode, uuid),
    queryFn: ({ signal }) =>
      mainApi.get(one(uuid), serviceAccountResponse, { signal }).then((r) => r.data.service_account),
  })
}

export function useServiceAccount(uuid: string) {
  const { entityCode } = useSession()
  return useQuery(serviceAccountQueryOptions(entityCode, uuid))
}

export function apiKeysQueryOptions(entityCode: string | null, uuid: string) {
  return queryOptions({
    queryKey: iamKeys.serviceAccounts.keys(entityCode, uuid),
    queryFn: ({ signal }) =>
      mainApi.get(keysOf(uuid), apiKeyListResponse, { signal }).then((r) => r.data.api_keys),
  })
}

export function useApiKeys(uuid: string) {
  const { entityCode } = useSession()
  return useQuery(apiKeysQueryOptions(entityCode, uuid))
}

/** Every service-account answer of the entity (lists, details, keys) and the audit trails. */
function useInvalidate() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all(
      (['service-accounts', 'audit'] as const).map((name) =>
        queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, name) }),
      ),
    )
}

export function useCreateServiceAccount() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: ServiceAccountCreateRequest) =>
      mainApi.post(BASE, body, serviceAccountResponse).then((r) => r.data.service_account),
    onSuccess: invalidate,
  })
}

export function useUpdateServiceAccount(uuid: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: ServiceAccountUpdateRequest) =>
      mainApi.put(one(uuid), body, serviceAccountResponse).then((r) => r.data.service_account),
    onSuccess: invalidate,
  })
}

export function useDeleteServiceAccount(uuid: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => mainApi.delete(one(uuid), serviceAccountDeleteResponse),
    onSuccess: invalidate,
  })
}

/** POST …/keys: the answer carries the key itself, this once. */
export function useCreateApiKey(uuid: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: ApiKeyCreateRequest) =>
      mainApi.post(keysOf(uuid), body, apiKeyCreateResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useRevokeApiKey(uuid: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (keyUuid: string) =>
      mainApi
        .delete(`${keysOf(uuid)}/${encodeURIComponent(keyUuid)}`, apiKeyResponse)
        .then((r) => r.data.api_key),
    onSuccess: invalidate,
  })
}
