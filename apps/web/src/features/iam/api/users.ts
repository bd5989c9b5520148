import type { UserCreateRequest, UserFilterRequest, UserUpdateRequest } from '@portal/contract'
import {
  resetPasswordLinkResponse,
  userCreateResponse,
  userFilterResponse,
  userListItemResponse,
  userResponse,
} from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys } from './iam-keys'

const path = (uuid: string) => `/iam/users/${encodeURIComponent(uuid)}`

/** POST /iam/users/filter: the users of the current entity, a page and the total. */
export const filterUsers = (body: UserFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/iam/users/filter', body, userFilterResponse, signal ? { signal } : {}).then((r) => r.data)

/** GET /iam/users/{uuid}: anyone signed in may read themself; others need read on users. */
export function userQueryOptions(entityCode: string | null, uuid: string) {
  return queryOptions({
    queryKey: iamKeys.users.detail(entityCode, uuid),
    queryFn: ({ signal }) => mainApi.get(path(uuid), userResponse, { signal }).then((r) => r.data),
  })
}

export function useUser(uuid: string) {
  const { entityCode } = useSession()
  return useQuery(userQueryOptions(entityCode, uuid))
}

/**
 * The user as a member of the current entity: relation and grants. GET /iam/users/{uuid} does not carry them, so
 * the list is asked for the username and the row with this uuid is taken (null: not a member here).
 */
export function memberQueryOptions(entityCode: string | null, uuid: string, username: string) {
  return queryOptions({
    queryKey: iamKeys.users.member(entityCode, uuid, username),
    queryFn: ({ signal }) =>
      filterUsers({ limit: 200, offset: 0, search: username }, signal).then(
        (data) => data.users.find((u) => u.user_uuid === uuid) ?? null,
      ),
  })
}

export function useMember(uuid: string, username: string | undefined, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({
    ...memberQueryOptions(entityCode, uuid, username ?? ''),
    enabled: enabled && username !== undefined,
  })
}

/** Invalidates every users query of the entity (lists, details, members) and the lists that count users. */
function useInvalidateUsers() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all(
      (['users', 'audit', 'roles', 'policies'] as const).map((name) =>
        queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, name) }),
      ),
    )
}

/** POST /iam/users: a new member, Pending Activation, with a one-time link to set a password. */
export function useCreateUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (body: UserCreateRequest) =>
      mainApi.post('/iam/users', body, userCreateResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

// PUT answers the member as the list shows them, or null when the user is not a member of the current entity.
const userUpdateResponse = z.union([userListItemResponse, z.object({ data: z.null() })])

/** PUT /iam/users/{uuid}: own details for anyone; relation, grants and others' details need edit on users. */
export function useUpdateUser(uuid: string) {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (body: UserUpdateRequest) =>
      mainApi.put(path(uuid), body, userUpdateResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** PUT /iam/users/{uuid}/status/update: one of the four statuses of A §4. */
export function useUpdateUserStatus(uuid: string) {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (status: 1 | 2 | 3 | 4) =>
      mainApi.put(`${path(uuid)}/status/update`, { status }, userListItemResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** POST /iam/users/reset-password-link: a one-time link; an Active user moves to Pending Reset. */
export function useSendResetLink(uuid: string) {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: () =>
      mainApi
        .post('/iam/users/reset-password-link', { user_uuid: uuid }, resetPasswordLinkResponse)
        .then((r) => r.data),
    onSuccess: invalidate,
  })
}
