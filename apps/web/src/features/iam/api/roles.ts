import type { RoleFilterRequest, RoleWriteRequest } from '@portal/contract'
import { deletedResponse, roleFilterResponse, roleResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys, PICKER_LIMIT } from './keys'

const filterRoles = (body: RoleFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/iam/roles/filter', body, roleFilterResponse, signal ? { signal } : {}).then((r) => r.data)

/** POST /iam/roles/filter: the entity's roles, paged. */
export function rolesQueryOptions(entityCode: string | null, body: RoleFilterRequest, enabled = true) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'roles'), 'filter', body],
    queryFn: ({ signal }) => filterRoles(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useRoleList(body: RoleFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery(rolesQueryOptions(entityCode, body, enabled))
}

/** Every role of the entity, for pickers and the role filter of the users list. */
export function useRoleChoices(enabled = true) {
  const { entityCode } = useSession()
  const body = { limit: PICKER_LIMIT, offset: 0 }
  return useQuery({
    queryKey: [...iamKeys.family(entityCode, 'roles'), 'choices'],
    queryFn: ({ signal }) => filterRoles(body, signal),
    enabled,
    staleTime: 60_000,
  })
}

export function roleQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'roles'), 'detail', id],
    queryFn: ({ signal }) =>
      mainApi.get(`/iam/roles/${String(id)}`, roleResponse, { signal }).then((r) => r.data),
  })
}

export function useRole(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...roleQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}

function useInvalidateRoles() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'roles') }),
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'audit') }),
      // Policies count the roles that hold them.
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'policies') }),
    ])
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
