import type { CpoHome, EmspHome } from '@portal/contract'
import { cpoHomeResponse, emspHomeResponse, HOME_TREND_DAYS } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { homeKeys } from './home-keys'

const charging = client('charging')

/** The homes show live figures (sessions plugged in now): read again every minute while the page is open. */
export const HOME_REFRESH_MS = 60_000

export function fetchCpoHome(trendDays: number, signal?: AbortSignal): Promise<CpoHome> {
  return charging
    .get('/home/cpo', cpoHomeResponse, { query: { trend_days: trendDays }, ...(signal ? { signal } : {}) })
    .then((r) => r.data.summary)
}

export function fetchEmspHome(trendDays: number, signal?: AbortSignal): Promise<EmspHome> {
  return charging
    .get('/home/emsp', emspHomeResponse, { query: { trend_days: trendDays }, ...(signal ? { signal } : {}) })
    .then((r) => r.data.summary)
}

export function cpoHomeQueryOptions(entityCode: string | null, trendDays = HOME_TREND_DAYS) {
  return queryOptions({
    queryKey: homeKeys.cpo(entityCode, trendDays),
    queryFn: ({ signal }) => fetchCpoHome(trendDays, signal),
    placeholderData: keepPreviousData,
    refetchInterval: HOME_REFRESH_MS,
  })
}

export function emspHomeQueryOptions(entityCode: string | null, trendDays = HOME_TREND_DAYS) {
  return queryOptions({
    queryKey: homeKeys.emsp(entityCode, trendDays),
    queryFn: ({ signal }) => fetchEmspHome(trendDays, signal),
    placeholderData: keepPreviousData,
    refetchInterval: HOME_REFRESH_MS,
  })
}

export function useCpoHome() {
  const { entityCode } = useSession()
  return useQuery(cpoHomeQueryOptions(entityCode))
}

export function useEmspHome() {
  const { entityCode } = useSession()
  return useQuery(emspHomeQueryOptions(entityCode))
}
