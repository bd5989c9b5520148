import type { CpoHome, EmspHome } from '@portal/contract'
import { cpoHomeResponse, emspHomeResponse, HOME_TREND_DAYS, LiveEventName } from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { useLiveRefresh } from '@/lib/live/live-store'
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

/** The sessions the homes sum: each start, stop and meter reading moves their figures (issue 16). */
const SESSION_EVENTS = [
  LiveEventName.sessionStarted,
  LiveEventName.sessionUpdated,
  LiveEventName.sessionStopped,
] as const

export function useCpoHome() {
  const { entityCode } = useSession()
  const query = useQuery(cpoHomeQueryOptions(entityCode))
  useLiveRefresh([...SESSION_EVENTS, LiveEventName.connectorStatus], () => void query.refetch(), {
    everyMs: 2_000,
  })
  return query
}

export function useEmspHome() {
  const { entityCode } = useSession()
  const query = useQuery(emspHomeQueryOptions(entityCode))
  useLiveRefresh(SESSION_EVENTS, () => void query.refetch(), { everyMs: 2_000 })
  return query
}
