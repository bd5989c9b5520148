import type { PolicyFilterRequest, PolicyWriteRequest } from '@portal/contract'
import {
  actionsResponse,
  appsResponse,
  deletedResponse,
  policyFilterResponse,
  policyResponse,
  policySearchResponse,
  resourcesResponse,
} from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys, SEARCH_LIMIT } from './iam-keys'

/** POST /iam/policies/filter: the presets and the entity's own policies, a page and the total. */
export const filterPolicies = (body: PolicyFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iam/policies/filter', body, policyFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

/** POST /iam/policies/search: policies by name (presets and the entity's own), for a picker. */
export function usePolicySearch(query: string, enabled = true) {
  const { entityCode } = useSession()
  const options = queryOptions({
    queryKey: iamKeys.policies.search(entityCode, query),
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/policies/search', { query, limit: SEARCH_LIMIT }, policySearchResponse, { signal })
        .then((r) => r.data.policies),
    enabled,
    // The last matches stay while the next search runs (keepPreviousData, which this inference cannot follow).
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  })
  return useQuery(options)
}

export function policyQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: iamKeys.policies.detail(entityCode, id),
    queryFn: ({ signal }) =>
      mainApi.get(`/iam/policies/${String(id)}`, policyResponse, { signal }).then((r) => r.data),
  })
}

export function usePolicy(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...policyQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}

/** GET /iam/policies/apps: the apps a statement can name. */
export function useApps() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: iamKeys.catalogue.apps(entityCode),
    queryFn: ({ signal }) =>
      mainApi.get('/iam/policies/apps', appsResponse, { signal }).then((r) => r.data.apps),
    staleTime: Infinity,
  })
}

/** GET /iam/policies/actions: the actions a statement can grant (read, edit, all, *), with their names. */
export function useActions() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: iamKeys.catalogue.actions(entityCode),
    queryFn: ({ signal }) =>
      mainApi.get('/iam/policies/actions', actionsResponse, { signal }).then((r) => r.data.actions),
    staleTime: Infinity,
  })
}

/** GET /iam/policies/resource?app_code=…: the resources of one app. */
export function resourcesQueryOptions(entityCode: string | null, appCode: string) {
  return queryOptions({
    queryKey: iamKeys.catalogue.resources(entityCode, appCode),
    queryFn: ({ signal }) =>
      mainApi
        .get('/iam/policies/resource', resourcesResponse, { signal, query: { app_code: appCode } })
        .then((r) => r.data.resources),
    staleTime: Infinity,
  })
}

/** Policies change the audit trail, and roles list their policies by name. */
function useInvalidatePolicies() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all(
      (['policies', 'audit', 'roles'] as const).map((name) =>
        queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, name) }),
      ),
    )
}

export function useCreatePolicy() {
  const invalidate = useInvalidatePolicies()
  return useMutation({
    mutationFn: (body: PolicyWriteRequest) =>
      mainApi.post('/iam/policies', body, policyResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useUpdatePolicy(id: number) {
  const invalidate = useInvalidatePolicies()
  return useMutation({
    mutationFn: (body: PolicyWriteRequest) =>
      mainApi.put(`/iam/policies/${String(id)}`, body, policyResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** DELETE /iam/policies/{id}: refused with 409 while a role or a user holds the policy. */
export function useDeletePolicy(id: number) {
  const invalidate = useInvalidatePolicies()
  return useMutation({
    mutationFn: () => mainApi.delete(`/iam/policies/${String(id)}`, deletedResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}
