import type { SetFilterRequest, SetWriteRequest } from '@portal/contract'
import {
  setFilterResponse,
  setParentsResponse,
  setResourceSearchResponse,
  setResponse,
  setSearchResponse,
} from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { optionKeys } from '@/components/options/option-keys'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { ALL_LIMIT, iamKeys, SEARCH_LIMIT } from './iam-keys'

/** POST /iam/sets/filter: the entity's sets, a page and the total. */
export const filterSets = (body: SetFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/iam/sets/filter', body, setFilterResponse, signal ? { signal } : {}).then((r) => r.data)

/** Every set of the entity: the names of the parents in the sets list. */
export function useAllSets(enabled = true) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: iamKeys.sets.all(entityCode),
    queryFn: ({ signal }) => filterSets({ limit: ALL_LIMIT, offset: 0 }, signal),
    enabled,
    staleTime: 60_000,
  })
}

/** POST /iam/sets/search: sets by name or code, for a picker (a grant's set, a set's parent). */
export function useSetSearch(query: string, enabled = true) {
  const { entityCode } = useSession()
  const options = queryOptions({
    queryKey: iamKeys.sets.search(entityCode, query),
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/sets/search', { query, limit: SEARCH_LIMIT }, setSearchResponse, { signal })
        .then((r) => r.data.sets),
    enabled,
    // The last matches stay while the next search runs (keepPreviousData, which this inference cannot follow).
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  })
  return useQuery(options)
}

export function setQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: iamKeys.sets.detail(entityCode, id),
    queryFn: ({ signal }) =>
      mainApi.get(`/iam/sets/${String(id)}`, setResponse, { signal }).then((r) => r.data),
  })
}

/** GET /iam/sets/{id}: a set with its resources and child sets. */
export function useSet(id: number | null) {
  const { entityCode } = useSession()
  return useQuery({
    ...setQueryOptions(entityCode, id ?? 0),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  })
}

/** GET /iam/sets/{id}/parents: the chain from the root set down to the set's parent. */
export function useSetParents(id: number | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: iamKeys.sets.parents(entityCode, id ?? 0),
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iam/sets/${String(id)}/parents`, setParentsResponse, { signal })
        .then((r) => r.data.parents),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  })
}

/** POST /iam/sets/search/resource: machines of the entity to put in a set. */
export function useSetResourceSearch(query: string, enabled: boolean) {
  const { entityCode } = useSession()
  const options = queryOptions({
    queryKey: iamKeys.sets.resourceSearch(entityCode, query),
    queryFn: ({ signal }) =>
      mainApi
        .post(
          '/iam/sets/search/resource',
          { query, resource_type: 'machines', limit: SEARCH_LIMIT },
          setResourceSearchResponse,
          { signal },
        )
        .then((r) => r.data.resources),
    // The last matches stay while the next search runs (keepPreviousData, which this inference cannot follow).
    placeholderData: (previous) => previous,
    staleTime: 30_000,
    enabled,
  })
  return useQuery(options)
}

function useInvalidateSets() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all([
      ...(['sets', 'audit'] as const).map((name) =>
        queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, name) }),
      ),
      // The set filters of other screens (machines, orders) offer the sets by name.
      queryClient.invalidateQueries({ queryKey: optionKeys.allSets }),
    ])
}

export function useCreateSet() {
  const invalidate = useInvalidateSets()
  return useMutation({
    mutationFn: (body: SetWriteRequest) => mainApi.post('/iam/sets', body, setResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useUpdateSet(id: number) {
  const invalidate = useInvalidateSets()
  return useMutation({
    mutationFn: (body: SetWriteRequest) =>
      mainApi.put(`/iam/sets/${String(id)}`, body, setResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}
