import type {
  CarbonPartnerDetail,
  CarbonVehicleFilterData,
  CarbonVehicleFilterRequest,
  EmissionsCategory,
  EmissionsCategoryFilterData,
  EmissionsCategoryFilterRequest,
  EmissionsCategoryWrite,
  PartnerRole,
} from '@portal/contract'
import {
  carbonPartnerDetailResponse,
  carbonVehicleFilterResponse,
  emissionsCategoryFilterResponse,
  emissionsCategoryResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { carbonKeys } from '@/components/carbon/carbon-api'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

export function useEmissionsCategories(body: EmissionsCategoryFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<EmissionsCategoryFilterData>({
      queryKey: [...carbonKeys(entityCode), 'categories', body],
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/emissions-categories/filter', body, emissionsCategoryFilterResponse, { signal })
          .then((r) => r.data),
      placeholderData: keepPreviousData,
    }),
  )
}

export function useEmissionsCategory(id: number | null) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<EmissionsCategory>({
      queryKey: [...carbonKeys(entityCode), 'category', id],
      queryFn: ({ signal }) =>
        mainApi
          .get(`/carbon/emissions-categories/${String(id)}`, emissionsCategoryResponse, { signal })
          .then((r) => r.data.category),
      enabled: id !== null,
      retry: false,
    }),
  )
}

/** Creates (no id) or changes a category; every carbon query of the entity is read again after. */
export function useSaveEmissionsCategory(id: number | null) {
  const { entityCode } = useSession()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: EmissionsCategoryWrite) =>
      (id === null
        ? mainApi.post('/carbon/emissions-categories', body, emissionsCategoryResponse)
        : mainApi.put(`/carbon/emissions-categories/${String(id)}`, body, emissionsCategoryResponse)
      ).then((r) => r.data.category),
    onSuccess: () => client.invalidateQueries({ queryKey: carbonKeys(entityCode) }),
  })
}

export function usePartnerDetail(entity: string, role: PartnerRole) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonPartnerDetail>({
      queryKey: [...carbonKeys(entityCode), 'partner', entity, role],
      queryFn: ({ signal }) =>
        mainApi
          .get(`/carbon/partners/${encodeURIComponent(entity)}`, carbonPartnerDetailResponse, {
            signal,
            query: { role },
          })
          .then((r) => r.data.partner),
      retry: false,
    }),
  )
}

export function useCarbonVehicles(body: CarbonVehicleFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonVehicleFilterData>({
      queryKey: [...carbonKeys(entityCode), 'vehicles', body],
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/vehicles/filter', body, carbonVehicleFilterResponse, { signal })
          .then((r) => r.data),
      placeholderData: keepPreviousData,
      enabled,
    }),
  )
}
