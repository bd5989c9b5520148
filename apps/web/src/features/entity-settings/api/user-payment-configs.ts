import type {
  UserPaymentConfigBulkRequest,
  UserPaymentConfigCreateRequest,
  UserPaymentConfigFilterRequest,
} from '@portal/contract'
import {
  deletedResponse,
  userPaymentConfigBulkResponse,
  userPaymentConfigFilterResponse,
  userPaymentConfigResponse,
  userSearchResponse,
} from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './entity-settings-keys'

const BASE = '/payment/payment-configs/user'

/** POST /payment/payment-configs/user/filter: the user configs of an option, a page and the total. */
export const filterUserConfigs = (body: UserPaymentConfigFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`${BASE}/filter`, body, userPaymentConfigFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

/** A user config changes its option's user count: the options and their user configs refresh together. */
function useInvalidate() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentOptions.all(entityCode) })
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

/** PUT /payment/payment-configs/user-bulk: every entry is applied, or none. */
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

/** How many members the "Add user" picker shows for what is typed. */
const MEMBER_LIMIT = 20

/** POST /iam/users/search: members of the entity by name or username, for the "Add user" picker. */
export function useMembers(query: string, enabled: boolean) {
  const { entityCode } = useSession()
  const options = queryOptions({
    queryKey: settingsKeys.members(entityCode, query),
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/users/search', { query, limit: MEMBER_LIMIT }, userSearchResponse, { signal })
        .then((r) => r.data.users),
    enabled,
    // The last matches stay while the next search runs.
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  })
  return useQuery(options)
}
