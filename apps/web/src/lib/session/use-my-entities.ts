import type { MyEntity } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchMyEntities } from './session-api'
import { useSession } from './session-store'

/** The user's entities (GET /iam/entities): one cache entry per user, shared by My teams and the user menu. */
export function myEntitiesQueryOptions(userUuid: string | null) {
  return queryOptions<MyEntity[]>({
    queryKey: ['iam', 'entities', 'mine', userUuid],
    queryFn: ({ signal }) => fetchMyEntities(signal),
    enabled: userUuid !== null,
    staleTime: 60_000,
  })
}

export function useMyEntities() {
  const { user, isLoggedIn } = useSession()
  return useQuery(myEntitiesQueryOptions(isLoggedIn ? (user?.user_uuid ?? null) : null))
}
