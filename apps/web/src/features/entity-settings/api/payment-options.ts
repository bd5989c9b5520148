import type { PaymentOptionFilterRequest, PaymentOptionWriteRequest } from '@portal/contract'
import { deletedResponse, paymentOptionFilterResponse, paymentOptionResponse } from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './entity-settings-keys'

const BASE = '/payment/payment-configs/entity'

/** POST /payment/payment-configs/entity/filter: the entity's payment options, a page and the total. */
export const filterPaymentOptions = (body: PaymentOptionFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`${BASE}/filter`, body, paymentOptionFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function paymentOptionQueryOptions(entityCode: string | null, id: number) {
  return queryOptions({
    queryKey: settingsKeys.paymentOptions.detail(entityCode, id),
    queryFn: ({ signal }) =>
      mainApi.get(`${BASE}/${String(id)}`, paymentOptionResponse, { signal }).then((r) => r.data),
  })
}

export function usePaymentOption(id: number) {
  const { entityCode } = useSession()
  return useQuery({ ...paymentOptionQueryOptions(entityCode, id), enabled: Number.isInteger(id) && id > 0 })
}

function useInvalidateOptions() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentOptions.all(entityCode) })
}

export function useCreatePaymentOption() {
  const invalidate = useInvalidateOptions()
  return useMutation({
    mutationFn: (body: PaymentOptionWriteRequest) =>
      mainApi.post(BASE, body, paymentOptionResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useUpdatePaymentOption(id: number) {
  const invalidate = useInvalidateOptions()
  return useMutation({
    mutationFn: (body: PaymentOptionWriteRequest) =>
      mainApi.put(`${BASE}/${String(id)}`, body, paymentOptionResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

export function useDeletePaymentOption(id: number) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: () => mainApi.delete(`${BASE}/${String(id)}`, deletedResponse),
    onSuccess: () => {
      // The deleted option must not be fetched again; the lists and the user configs change with it.
      queryClient.removeQueries({ queryKey: settingsKeys.paymentOptions.detail(entityCode, id) })
      return queryClient.invalidateQueries({ queryKey: settingsKeys.paymentOptions.all(entityCode) })
    },
  })
}
