import { paymentGatewaysResponse, paymentMethodsResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'

/** GET /payment/payment-configs/method: every payment method of the catalogue. */
export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['entity-settings', 'payment-methods'],
    queryFn: ({ signal }) =>
      mainApi
        .get('/payment/payment-configs/method', paymentMethodsResponse, { signal })
        .then((r) => r.data.methods),
    staleTime: Infinity,
  })
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions())
}

/** GET /payment/payment-configs/gateway?method_code=…: the gateways of a method, with the settings each needs. */
export function paymentGatewaysQueryOptions(methodCode: number) {
  return queryOptions({
    queryKey: ['entity-settings', 'payment-gateways', methodCode],
    queryFn: ({ signal }) =>
      mainApi
        .get('/payment/payment-configs/gateway', paymentGatewaysResponse, {
          signal,
          query: { method_code: methodCode },
        })
        .then((r) => r.data.gateways),
    staleTime: Infinity,
  })
}

export function usePaymentGateways(methodCode: number | null) {
  return useQuery({ ...paymentGatewaysQueryOptions(methodCode ?? 0), enabled: methodCode !== null })
}
