import type { SetFilterRequest, SetWriteRequest } from '@portal/contract'
import {
  setFilterResponse,
  setParentsResponse,
  setResourceSearchResponse,
  setResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys, PICKER_LIMIT } from './keys'

const filterSets = (body: SetFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/iam/sets/filter', body, setFilterResponse, signal ? { signal } : {}).then((r) => r.data)

/** POST /iam/sets/filter: the entity's sets, paged. */
export function setsQueryOptions(entityCode: string | null, body: SetFilterRequest, enabled = true) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'sets'), 'filter', body],
    queryFn: ({ signal }) => filterSets(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useSetList(body: SetFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery(setsQueryOptions(entityCode, body, enabled))
}

/** Every set of the entity: parent names in the list, the parent picker, the set of a grant. */
export function useSetChoices(enabled = true) {
  const { entityCode } = useSession()
  const body = { limit: PICKER_LIMIT, offset: 0 }
  return useQuery({
    queryKey: [...iamKeys.family(entityCode, 'sets'), 'choices'],
    queryFn: ({ signal }) => filterSets(body, signal),
    enabled,
    staleTime: 60_000,
  })
}

export function setQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'sets'), 'detail', id],
    queryFn: ({ signal }) =>
      mainApi.get(`/iam/sets/${String(id)}`, setResponse, { signal }).then((r) => r.data),
  })
}

export function useSet(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...setQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}

/** GET /iam/sets/{id}/parents: the chain from the root set down to the set's parent. */
export function setParentsQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'sets'), 'parents', id],
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iam/sets/${String(id)}/parents`, setParentsResponse, { signal })
        .then((r) => r.data.parents),
  })
}

export function useSetParents(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...setParentsQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}

const searchSetResources = (query: string, signal?: AbortSignal) =>
  mainApi
    .post(
      '/iam/sets/search/resource',
      { query, resource_type: 'machines', limit: 20 },
      setResourceSearchResponse,
      signal ? { signal } : {},
    )
    .then((r) => r.data.resources)

/** POST /iam/sets/search/resource: machines of the entity to put in a set. */
export function setResourceSearchQueryOptions(entityCode: string | null, query: string, enabled = true) {
  return queryOptions({
    queryKey: [...iamKeys.family(entityCode, 'sets'), 'resource-search', query],
    queryFn: ({ signal }) => searchSetResources(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  })
}

export function useSetResourceSearch(query: string, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery(setResourceSearchQueryOptions(entityCode, query, enabled))
}

function useInvalidateSets() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'sets') }),
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'audit') }),
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
