import type { ClinicCreateRequest, EntityCreateRequest, EntityFilterRequest } from '@portal/contract'
import { entityFilterResponse, entityResponse, entityResultsResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { childEntitiesCountKey } from '@/lib/session/use-entity-settings-access'
import { myEntitiesQueryOptions } from '@/lib/session/use-my-entities'
import { iamKeys } from './iam-keys'

/**
 * POST /iam/entities/filter: every entity for a platform administrator; for an entity's admins, the current entity
 * and those below it (its child entities). A page and the total.
 */
export const filterEntities = (body: EntityFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iam/entities/filter', body, entityFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

/** GET /entity: the user's entities as a results list (every entity for a platform administrator). */
export function useMyEntityResults(enabled = true) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: iamKeys.entities.mine(entityCode),
    queryFn: ({ signal }) => mainApi.get('/entity', entityResultsResponse, { signal }).then((r) => r.results),
    enabled,
    staleTime: 60_000,
  })
}

/** Refreshes the entity lists after a change (the profile dialog calls it after a save too). */
export function useInvalidateEntities() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'entities') })
}

/** POST /iam/entities: a new organisation (platform administrators). */
export function useCreateEntity() {
  const invalidate = useInvalidateEntities()
  return useMutation({
    mutationFn: (body: EntityCreateRequest) =>
      mainApi.post('/iam/entities', body, entityResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** POST /iam/entities/clinic: a digital-health clinic under the current entity; its creator becomes its admin. */
export function useCreateClinic() {
  const invalidate = useInvalidateEntities()
  const queryClient = useQueryClient()
  const { entityCode, user } = useSession()
  const userUuid = user?.user_uuid ?? null
  return useMutation({
    mutationFn: (body: ClinicCreateRequest) =>
      mainApi.post('/iam/entities/clinic', body, entityResponse).then((r) => r.data),
    // The new clinic is one of the user's entities (My teams lists it) and a child entity (A §5's rule counts it).
    onSuccess: () =>
      Promise.all([
        invalidate(),
        queryClient.invalidateQueries({ queryKey: myEntitiesQueryOptions(userUuid).queryKey }),
        queryClient.invalidateQueries({ queryKey: childEntitiesCountKey(entityCode, userUuid) }),
      ]),
  })
}
