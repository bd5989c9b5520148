import type { SkuFilterData, SkuFilterRequest, SkuWrite } from '@portal/contract'
import { skuFilterResponse, skuResponse } from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const skuKeys = (entityCode: string | null) => ['skus', entityCode] as const

export function useSkus(body: SkuFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<SkuFilterData>({
      queryKey: [...skuKeys(entityCode), 'filter', body],
      queryFn: ({ signal }) =>
        mainApi.post('/iot/skus/filter', body, skuFilterResponse, { signal }).then((r) => r.data),
      placeholderData: (previous) => previous,
    }),
  )
}

export function useSku(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [...skuKeys(entityCode), 'detail', id],
    queryFn: ({ signal }) =>
      mainApi.get(`/iot/skus/${String(id)}`, skuResponse, { signal }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  })
}

/** Creates (no id) or changes an SKU; every SKU query of the entity is refetched after. */
export function useSaveSku(id: number | null) {
  const { entityCode } = useSession()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: SkuWrite) =>
      (id === null
        ? mainApi.post('/iot/skus', body, skuResponse)
        : mainApi.put(`/iot/skus/${String(id)}`, body, skuResponse)
      ).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: skuKeys(entityCode) }),
  })
}
