import type { IntegrationOptionFilterRequest, IntegrationOptionWriteRequest } from '@portal/contract'
import {
  deletedResponse,
  integrationGatewayResponse,
  integrationGatewaysResponse,
  integrationOptionFilterResponse,
  integrationOptionResponse,
  integrationTypeResponse,
  integrationTypesResponse,
} from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './entity-settings-keys'

const BASE = '/iam/integration-options'

/** POST /iam/integration-options/filter: the entity's integration options, a page and the total. */
export const filterIntegrationOptions = (body: IntegrationOptionFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`${BASE}/filter`, body, integrationOptionFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useIntegrationOption(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: settingsKeys.integrationOptions.detail(entityCode, id),
    queryFn: ({ signal }) =>
      mainApi.get(`${BASE}/${String(id)}`, integrationOptionResponse, { signal }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  })
}

function useInvalidate() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.integrationOptions.all(entityCode) })
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
      queryClient.removeQueries({ queryKey: settingsKeys.integrationOptions.detail(entityCode, id) })
      return queryClient.invalidateQueries({ queryKey: settingsKeys.integrationOptions.all(entityCode) })
    },
  })
}

/** GET /iam/integration-configs/type: the integration types, for the type select and the list's filter. */
export function useIntegrationTypes() {
  return useQuery({
    queryKey: settingsKeys.catalogue.integrationTypes(),
    queryFn: ({ signal }) =>
      mainApi
        .get('/iam/integration-configs/type', integrationTypesResponse, { signal })
        .then((r) => r.data.types),
    staleTime: Infinity,
  })
}

/** GET /iam/integration-configs/type/{code}: the chosen type, with the settings an option of it holds. */
export function useIntegrationType(code: string) {
  return useQuery({
    queryKey: settingsKeys.catalogue.integrationType(code),
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iam/integration-configs/type/${encodeURIComponent(code)}`, integrationTypeResponse, { signal })
        .then((r) => r.data),
    staleTime: Infinity,
    enabled: code !== '',
  })
}

/** GET /iam/integration-configs/gateway?type_code=…: the providers of a type. */
export function useIntegrationGateways(typeCode: string) {
  return useQuery({
    queryKey: settingsKeys.catalogue.integrationGateways(typeCode),
    queryFn: ({ signal }) =>
      mainApi
        .get('/iam/integration-configs/gateway', integrationGatewaysResponse, {
          signal,
          query: { type_code: typeCode },
        })
        .then((r) => r.data.gateways),
    staleTime: Infinity,
    enabled: typeCode !== '',
  })
}

/** GET /iam/integration-configs/gateway/{name}?type_code=…: the chosen provider of the chosen type. */
export function useIntegrationGateway(typeCode: string, name: string) {
  return useQuery({
    queryKey: settingsKeys.catalogue.integrationGateway(typeCode, name),
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iam/integration-configs/gateway/${encodeURIComponent(name)}`, integrationGatewayResponse, {
          signal,
          query: { type_code: typeCode },
        })
        .then((r) => r.data),
    staleTime: Infinity,
    enabled: typeCode !== '' && name !== '',
  })
}
