import type { TariffListQuery } from '@portal/contract'
import { tariffDetailResponse, tariffListResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { tariffKeys } from './tariff-keys'

const charging = client('charging')
const BASE = '/pricing/tariffs'

/** GET pricing/tariffs (B §7): data.tariffs and data.count (the number returned). */
export function listTariffs(query: TariffListQuery, signal?: AbortSignal) {
  return charging
    .get(BASE, tariffListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

/** The next-page probe (B §4): asked only when enabled; not retried, since a failure just means no next page. */
export function useTariffProbe(query: TariffListQuery, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: tariffKeys.probe(entityCode, query),
    queryFn: ({ signal }) => listTariffs(query, signal),
    enabled,
    retry: false,
  })
}

export function useTariff(uid: string | undefined) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: tariffKeys.detail(entityCode, uid),
    queryFn: ({ signal }) =>
      charging
        .get(`${BASE}/${encodeURIComponent(uid ?? '')}`, tariffDetailResponse, { signal })
        .then((r) => r.data.tariff),
    enabled: uid !== undefined && uid !== '',
    retry: (failures, error) =>
      failures < 2 && !('status' in error && [403, 404].includes(Number(error.status))),
  })
}
