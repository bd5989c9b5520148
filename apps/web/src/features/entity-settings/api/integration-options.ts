import type { IntegrationOptionFilterRequest, IntegrationOptionWriteRequest } from '@portal/contract'
import {
  deletedResponse,
  integrationGatewaysResponse,
  integrationOptionFilterResponse,
  integrationOptionResponse,
  integrationTypesResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const BASE = '/iam/integration-options'

/** Every cached answer about the entity's integration options starts with this key. */
export const integrationOptionsKey = (entityCode: string | null) =>
  ['entity-settings', 'integration-options', entityCode] as const

export const filterIntegrationOptions = (body: IntegrationOptionFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`${BASE}/filter`, body, integrationOptionFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function integrationOptionsQueryOptions(
  entityCode: string | null,
  body: IntegrationOptionFilterRequest,
) {
  return queryOptions({
    queryKey: [...integrationOptionsKey(entityCode), 'filter', body],
    queryFn: ({ signal }) => filterIntegrationOptions(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function useIntegrationOptions(body: IntegrationOptionFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery({ ...integrationOptionsQueryOptions(entityCode, body), enabled })
}

export function integrationOptionQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: [...integrationOptionsKey(entityCode), 'detail', id],
    queryFn: ({ signal }) =>
      mainApi.get(`${BASE}/${String(id)}`, integrationOptionResponse, { signal }).then((r) => r.data),
  })
}

export function useIntegrationOption(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    ...integrationOptionQueryOptions(entityCode, id),
    enabled: Number.isInteger(id) && id > 0,
  })
}

function useInvalidate() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: integrationOptionsKey(entityCode) })
}

export function useCreateIntegrationOption() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: IntegrationOptionWriteRequest) =>
      mainApi.post(`${BASE}/create`, body, integrationOptionResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useUpdateIntegrationOption(id: number) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: IntegrationOptionWriteRequest) =>
      mainApi.put(`${BASE}/${String(id)}`, body, integrationOptionResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useDeleteIntegrationOption(id: number) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: () => mainApi.delete(`${BASE}/${String(id)}`, deletedResponse),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: integrationOptionQueryOptions(entityCode, id).queryKey })
      return queryClient.invalidateQueries({ queryKey: integrationOptionsKey(entityCode) })
    },
  })
}

/** GET /iam/integration-configs/type: the integration types with the settings each needs. */
export function integrationTypesQueryOptions() {
  return queryOptions({
    queryKey: ['entity-settings', 'integration-types'],
    queryFn: ({ signal }) =>
      mainApi
        .get('/iam/integration-configs/type', integrationTypesResponse, { signal })
        .then((r) => r.data.types),
    staleTime: Infinity,
  })
}

export function useIntegrationTypes() {
  return useQuery(integrationTypesQueryOptions())
}

/** GET /iam/integration-configs/gateway?type_code=…: the providers of a type. */
export function integrationGatewaysQueryOptions(typeCode: string) {
  return queryOptions({
    queryKey: ['entity-settings', 'integration-gateways', typeCode],
    queryFn: ({ signal }) =>
      mainApi
        .get('/iam/integration-configs/gateway', integrationGatewaysResponse, {
          signal,
          query: { type_code: typeCode },
        })
        .then((r) => r.data.gateways),
    staleTime: Infinity,
  })
}

export function useIntegrationGateways(typeCode: string) {
  return useQuery({ ...integrationGatewaysQueryOptions(typeCode), enabled: typeCode !== '' })
}
