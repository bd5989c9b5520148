import type { RoleFilterRequest, RoleWriteRequest } from '@portal/contract'
import { deletedResponse, roleFilterResponse, roleResponse, roleSearchResponse } from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { ALL_LIMIT, iamKeys, SEARCH_LIMIT } from './iam-keys'

/** POST /iam/roles/filter: the entity's roles, a page and the total. */
export const filterRoles = (body: RoleFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/iam/roles/filter', body, roleFilterResponse, signal ? { signal } : {}).then((r) => r.data)

/** Every role of the entity: the options of the users list's role filter. */
export function useAllRoles(enabled = true) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: iamKeys.roles.all(entityCode),
    queryFn: ({ signal }) => filterRoles({ limit: ALL_LIMIT, offset: 0 }, signal),
    enabled,
    staleTime: 60_000,
  })
}

/** POST /iam/roles/search: roles by name, for a picker. */
export function useRoleSearch(query: string, enabled = true) {
  const { entityCode } = useSession()
  const options = queryOptions({
    queryKey: iamKeys.roles.search(entityCode, query),
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/roles/search', { query, limit: SEARCH_LIMIT }, roleSearchResponse, { signal })
        .then((r) => r.data.roles),
    enabled,
    // The last matches stay while the next search runs (keepPreviousData, which this inference cannot follow).
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  })
  return useQuery(options)
}

export function roleQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: iamKeys.roles.detail(entityCode, id),
    queryFn: ({ signal }) =>
      mainApi.get(`/iam/roles/${String(id)}`, roleResponse, { signal }).then((r) => r.data),
  })
}

export function useRole(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...roleQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}

/** Roles change the audit trail, and policies count the roles that hold them. */
function useInvalidateRoles() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all(
      (['roles', 'audit', 'policies'] as const).map((name) =>
        queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, name) }),
      ),
    )
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles()
  return useMutation({
    mutationFn: (body: RoleWriteRequest) =>
      mainApi.post('/iam/roles', body, roleResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useUpdateRole(id: number) {
  const invalidate = useInvalidateRoles()
  return useMutation({
    mutationFn: (body: RoleWriteRequest) =>
      mainApi.put(`/iam/roles/${String(id)}`, body, roleResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** DELETE /iam/roles/{id}: refused with 409 while a user holds the role. */
export function useDeleteRole(id: number) {
  const invalidate = useInvalidateRoles()
  return useMutation({
    mutationFn: () => mainApi.delete(`/iam/roles/${String(id)}`, deletedResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}
