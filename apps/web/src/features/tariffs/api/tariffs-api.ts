import type { TariffListQuery } from '@portal/contract'
import { tariffDetailResponse, tariffListResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const charging = client('charging')
const BASE = '/pricing/tariffs'

/** GET pricing/tariffs (B §7): data.tariffs and data.count (the number returned). */
export function listTariffs(query: TariffListQuery, signal?: AbortSignal) {
  return charging
    .get(BASE, tariffListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

export function tariffsQueryOptions(entityCode: string | null, query: TariffListQuery) {
  return queryOptions({
    queryKey: ['tariffs', 'list', entityCode, query],
    queryFn: ({ signal }) => listTariffs(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useTariffs(query: TariffListQuery, enabled = true) {
  const { entityCode } = useSession()
  return useQuery({ ...tariffsQueryOptions(entityCode, query), enabled })
}

/** The next-page probe (B §4): asked only when enabled; not retried, since a failure just means no next page. */
export function useTariffProbe(query: TariffListQuery, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['tariffs', 'probe', entityCode, query],
    queryFn: ({ signal }) => listTariffs(query, signal),
    enabled,
    retry: false,
  })
}

export function useTariff(uid: string | undefined) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: ['tariffs', 'detail', entityCode, uid],
    queryFn: ({ signal }) =>
      charging
        .get(`${BASE}/${encodeURIComponent(uid ?? '')}`, tariffDetailResponse, { signal })
        .then((r) => r.data.tariff),
    enabled: uid !== undefined && uid !== '',
    retry: (failures, error) =>
      failures < 2 && !('status' in error && [403, 404].includes(Number(error.status))),
  })
}
