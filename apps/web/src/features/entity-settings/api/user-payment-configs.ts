import type {
  UserPaymentConfigBulkRequest,
  UserPaymentConfigCreateRequest,
  UserPaymentConfigFilterRequest,
} from '@portal/contract'
import {
  deletedResponse,
  paymentMembersResponse,
  userPaymentConfigBulkResponse,
  userPaymentConfigFilterResponse,
  userPaymentConfigResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { paymentOptionsKey } from './payment-options'

const BASE = '/payment/payment-configs/user'

/**
 * User configs live under the payment options' key: adding or removing one changes its option's user count, so one
 * invalidation refreshes both.
 */
export const userConfigsKey = (entityCode: string | null) =>
  [...paymentOptionsKey(entityCode), 'user-configs'] as const

export const filterUserConfigs = (body: UserPaymentConfigFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`${BASE}/filter`, body, userPaymentConfigFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function userConfigsQueryOptions(entityCode: string | null, body: UserPaymentConfigFilterRequest) {
  return queryOptions({
    queryKey: [...userConfigsKey(entityCode), body],
    queryFn: ({ signal }) => filterUserConfigs(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function useUserConfigs(body: UserPaymentConfigFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(userConfigsQueryOptions(entityCode, body))
}

function useInvalidate() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: paymentOptionsKey(entityCode) })
}

export function useCreateUserConfig() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: UserPaymentConfigCreateRequest) =>
      mainApi.post(BASE, body, userPaymentConfigResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useDeleteUserConfig() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (id: number) => mainApi.delete(`${BASE}/${String(id)}`, deletedResponse),
    onSuccess: invalidate,
  })
}

export function useBulkUpdateUserConfigs() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: UserPaymentConfigBulkRequest) =>
      mainApi
        .put('/payment/payment-configs/user-bulk', body, userPaymentConfigBulkResponse)
        .then((r) => r.data.configs),
    onSuccess: invalidate,
  })
}

export const searchMembers = (query: string, signal?: AbortSignal) =>
  mainApi
    .get(`${BASE}/members`, paymentMembersResponse, {
      query: { query, limit: 20 },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data.users)

/** Members of the entity by name or username, for the "add a user" picker. */
export function useMembers(query: string, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['entity-settings', 'members', entityCode, query],
    queryFn: ({ signal }) => searchMembers(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}
