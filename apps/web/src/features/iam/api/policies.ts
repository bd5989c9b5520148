import type { PolicyFilterRequest, PolicyWriteRequest } from '@portal/contract'
import {
  appsResponse,
  deletedResponse,
  policyFilterResponse,
  policyResponse,
  resourcesResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys, PICKER_LIMIT } from './keys'

const filterPolicies = (body: PolicyFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iam/policies/filter', body, policyFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

/** POST /iam/policies/filter: the presets and the entity's own policies, paged. */
export function policiesQueryOptions(entityCode: string | null, body: PolicyFilterRequest, enabled = true) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'policies'), 'filter', body],
    queryFn: ({ signal }) => filterPolicies(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function usePolicyList(body: PolicyFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery(policiesQueryOptions(entityCode, body, enabled))
}

/** Every policy the entity can use, for pickers (roles, grants). */
export function usePolicyChoices(enabled = true) {
  const { entityCode } = useSession()
  const body = { limit: PICKER_LIMIT, offset: 0 }
  return useQuery({
    queryKey: [...iamKeys.family(entityCode, 'policies'), 'choices'],
    queryFn: ({ signal }) => filterPolicies(body, signal),
    enabled,
    staleTime: 60_000,
  })
}

export function policyQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'policies'), 'detail', id],
    queryFn: ({ signal }) =>
      mainApi.get(`/iam/policies/${String(id)}`, policyResponse, { signal }).then((r) => r.data),
  })
}

export function usePolicy(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...policyQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}

/** GET /iam/policies/apps: the apps a statement can name. */
export function appsQueryOptions(entityCode: string | null) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'catalogue'), 'apps'],
    queryFn: ({ signal }) =>
      mainApi.get('/iam/policies/apps', appsResponse, { signal }).then((r) => r.data.apps),
    staleTime: Infinity,
  })
}

export function useApps() {
  const { entityCode } = useSession()
  return useQuery(appsQueryOptions(entityCode))
}

/** GET /iam/policies/resource?app_code=…: the resources of one app. */
export function resourcesQueryOptions(entityCode: string | null, appCode: string) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'catalogue'), 'resources', appCode],
    queryFn: ({ signal }) =>
      mainApi
        .get('/iam/policies/resource', resourcesResponse, { signal, query: { app_code: appCode } })
        .then((r) => r.data.resources),
    staleTime: Infinity,
  })
}

function useInvalidatePolicies() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'policies') }),
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'audit') }),
      // Roles list their policies by name.
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'roles') }),
    ])
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
