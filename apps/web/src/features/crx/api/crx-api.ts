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
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { carbonKeys } from '@/components/carbon/carbon-keys'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {})

/** POST /carbon/emissions-categories/filter: the exchange's categories, a page and the total. */
export const fetchEmissionsCategories = (body: EmissionsCategoryFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/carbon/emissions-categories/filter', body, emissionsCategoryFilterResponse, signalOf(signal))
    .then((r): EmissionsCategoryFilterData => r.data)

/** POST /carbon/vehicles/filter: a fleet owner's enrolled vehicles. */
export const fetchCarbonVehicles = (body: CarbonVehicleFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/carbon/vehicles/filter', body, carbonVehicleFilterResponse, signalOf(signal))
    .then((r): CarbonVehicleFilterData => r.data)

export function useEmissionsCategory(id: number | null) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<EmissionsCategory>({
      queryKey: carbonKeys.category(entityCode, id),
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
    onSuccess: () => client.invalidateQueries({ queryKey: carbonKeys.area(entityCode) }),
  })
}

export function usePartnerDetail(entity: string, role: PartnerRole) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonPartnerDetail>({
      queryKey: carbonKeys.partner(entityCode, entity, role),
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
