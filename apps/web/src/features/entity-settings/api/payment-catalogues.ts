import { paymentGatewaysResponse, paymentMethodsResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { settingsKeys } from './entity-settings-keys'

/** GET /payment/payment-configs/method: every payment method of the catalogue. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: settingsKeys.catalogue.paymentMethods(),
    queryFn: ({ signal }) =>
      mainApi
        .get('/payment/payment-configs/method', paymentMethodsResponse, { signal })
        .then((r) => r.data.methods),
    staleTime: Infinity,
  })
}

/** GET /payment/payment-configs/gateway?method_code=…: the gateways of a method, with the settings each needs. */
export function usePaymentGateways(methodCode: number | null) {
  return useQuery({
    queryKey: settingsKeys.catalogue.paymentGateways(methodCode ?? 0),
    queryFn: ({ signal }) =>
      mainApi
        .get('/payment/payment-configs/gateway', paymentGatewaysResponse, {
          signal,
          query: { method_code: methodCode ?? 0 },
        })
        .then((r) => r.data.gateways),
    staleTime: Infinity,
    enabled: methodCode !== null,
  })
}
