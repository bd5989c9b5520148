import type { PromotionFilterRequest, PromotionInputRequest } from '@portal/contract'
import { promotionFilterResponse, promotionResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { promotionKeys } from './promotion-keys'

const BASE = '/promo/promotions'

/** POST /promo/promotions/filter: a page of the entity's promotions, newest first, and the total. */
export const filterPromotions = (body: PromotionFilterRequest, signal?: AbortSignal) =>
  mainApi.post(`${BASE}/filter`, body, promotionFilterResponse, signal ? { signal } : {}).then((r) => r.data)

const getPromotion = (uuid: string, signal?: AbortSignal) =>
  mainApi.get(`${BASE}/${uuid}`, promotionResponse, signal ? { signal } : {}).then((r) => r.data)

const savePromotion = (uuid: string | null, body: PromotionInputRequest) =>
  (uuid === null
    ? mainApi.post(BASE, body, promotionResponse)
    : mainApi.put(`${BASE}/${uuid}`, body, promotionResponse)
  ).then((r) => r.data)

export function usePromotion(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: promotionKeys.detail(entityCode, uuid),
    queryFn: ({ signal }) => getPromotion(uuid, signal),
    enabled: uuid !== '',
  })
}

/** Saving refetches every promotion query (lists and this promotion). */
export function useSavePromotion(uuid: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PromotionInputRequest) => savePromotion(uuid, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  })
}
