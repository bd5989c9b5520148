import type { EvUserDetail, EvUserListData, EvUserListQuery } from '@portal/contract'
import { evUserDetailResponse, evUserListResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const charging = client('charging')

export function listEvUsers(query: EvUserListQuery, signal?: AbortSignal): Promise<EvUserListData> {
  return charging
    .get('/users', evUserListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

export function evUsersQueryOptions(entityCode: string | null, query: EvUserListQuery) {
  return queryOptions({
    queryKey: ['ev-users', 'list', entityCode, query],
    queryFn: ({ signal }) => listEvUsers(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useEvUsers(query: EvUserListQuery) {
  const { entityCode } = useSession()
  return useQuery(evUsersQueryOptions(entityCode, query))
}

export function useEvUser(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['ev-users', 'detail', entityCode, uuid],
    queryFn: ({ signal }): Promise<EvUserDetail> =>
      charging
        .get(`/users/${encodeURIComponent(uuid)}`, evUserDetailResponse, { signal })
        .then((r) => r.data.user),
    enabled: uuid !== '',
    retry: false,
  })
}
