import type { PromotionFilterRequest, PromotionInputRequest } from '@portal/contract'
import { promotionFilterResponse, promotionResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const BASE = '/promo/promotions'
const key = (entityCode: string | null) => ['promotions', entityCode]

const filterPromotions = (body: PromotionFilterRequest, signal?: AbortSignal) =>
  mainApi.post(`${BASE}/filter`, body, promotionFilterResponse, signal ? { signal } : {}).then((r) => r.data)

const getPromotion = (uuid: string, signal?: AbortSignal) =>
  mainApi.get(`${BASE}/${uuid}`, promotionResponse, signal ? { signal } : {}).then((r) => r.data)

const savePromotion = (uuid: string | null, body: PromotionInputRequest) =>
  (uuid === null
    ? mainApi.post(BASE, body, promotionResponse)
    : mainApi.put(`${BASE}/${uuid}`, body, promotionResponse)
  ).then((r) => r.data)

export function usePromotions(body: PromotionFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions({
      queryKey: [...key(entityCode), 'filter', body],
      queryFn: ({ signal }) => filterPromotions(body, signal),
      placeholderData: keepPreviousData,
    }),
  )
}

export function usePromotion(uuid: string) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions({
      queryKey: [...key(entityCode), 'detail', uuid],
      queryFn: ({ signal }) => getPromotion(uuid, signal),
      enabled: uuid !== '',
    }),
  )
}

/** Saving refetches every promotion query of the entity (lists and this promotion). */
export function useSavePromotion(uuid: string | null) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: (body: PromotionInputRequest) => savePromotion(uuid, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(entityCode) }),
  })
}
