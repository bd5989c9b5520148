import type { SkuFilterRequest, SkuWrite } from '@portal/contract'
import { skuFilterResponse, skuResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { skuKeys } from './sku-keys'

/** POST /iot/skus/filter (B §7): a page of the entity's SKUs and the count. */
export const filterSkus = (body: SkuFilterRequest, signal?: AbortSignal) =>
  mainApi.post('/iot/skus/filter', body, skuFilterResponse, signal ? { signal } : {}).then((r) => r.data)

export function useSku(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: skuKeys.detail(entityCode, id),
    queryFn: ({ signal }) =>
      mainApi.get(`/iot/skus/${String(id)}`, skuResponse, { signal }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  })
}

/** Creates (no id) or changes an SKU; every SKU query is refetched after. */
export function useSaveSku(id: number | null) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: SkuWrite) =>
      (id === null
        ? mainApi.post('/iot/skus', body, skuResponse)
        : mainApi.put(`/iot/skus/${String(id)}`, body, skuResponse)
      ).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: skuKeys.all }),
  })
}
