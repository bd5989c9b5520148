import type { EvUserDetail, EvUserListData, EvUserListQuery } from '@portal/contract'
import { evUserDetailResponse, evUserListResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { evUserKeys } from './ev-user-keys'

const charging = client('charging')

/** GET /users (charging network): a page of the EMSP's app users and their capped count. */
export function listEvUsers(query: EvUserListQuery, signal?: AbortSignal): Promise<EvUserListData> {
  return charging
    .get('/users', evUserListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

export function useEvUser(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: evUserKeys.detail(entityCode, uuid),
    queryFn: ({ signal }): Promise<EvUserDetail> =>
      charging
        .get(`/users/${encodeURIComponent(uuid)}`, evUserDetailResponse, { signal })
        .then((r) => r.data.user),
    enabled: uuid !== '',
    retry: false,
  })
}
