import type {
  Driver,
  DriverDashboardQuery,
  LimoDriverListData,
  LimoDriverQuery,
  NewDriverRequest,
} from '@portal/contract'
import {
  driverDetailResponse,
  driverUserInfoResponse,
  driverImportResponse,
  driverListResponse,
  limoDriverListResponse,
  newDriverResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import type { DriverVariantConfig } from '../driver-variant'
import { DRIVER_VARIANTS } from '../driver-variant'

const bus = client('bus')

/** Every drivers query of an entity starts with this key, so a write refreshes both lists and the details. */
const driversKey = (entityCode: string | null) => ['drivers', entityCode] as const

export function listDashboardDrivers(query: DriverDashboardQuery, signal?: AbortSignal): Promise<Driver[]> {
  return bus
    .get(DRIVER_VARIANTS.dashboard.apiBase, driverListResponse, {
      query: { ...query },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data.drivers)
}

export function dashboardDriversQueryOptions(entityCode: string | null, query: DriverDashboardQuery) {
  return queryOptions({
    queryKey: [...driversKey(entityCode), 'dashboard', query],
    queryFn: ({ signal }) => listDashboardDrivers(query, signal),
    placeholderData: keepPreviousData,
  })
}

/** GET /v2/dashboard/drivers: one page (the query asks for one row more to learn whether there is a next page). */
export function useDashboardDrivers(query: DriverDashboardQuery) {
  const { entityCode } = useSession()
  return useQuery(dashboardDriversQueryOptions(entityCode, query))
}

export function listLimoDrivers(query: LimoDriverQuery, signal?: AbortSignal): Promise<LimoDriverListData> {
  return bus
    .get(DRIVER_VARIANTS.limo.apiBase, limoDriverListResponse, {
      query: { ...query },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data)
}

export function limoDriversQueryOptions(entityCode: string | null, query: LimoDriverQuery) {
  return queryOptions({
    queryKey: [...driversKey(entityCode), 'limo', query],
    queryFn: ({ signal }) => listLimoDrivers(query, signal),
    placeholderData: keepPreviousData,
  })
}

/** GET /v2/eleccalimo/drivers: every matching driver; the page ranges, sorts and slices them. */
export function useLimoDrivers(query: LimoDriverQuery) {
  const { entityCode } = useSession()
  return useQuery(limoDriversQueryOptions(entityCode, query))
}

export function useDriver(config: DriverVariantConfig, driverId: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [...driversKey(entityCode), 'detail', config.variant, driverId],
    queryFn: ({ signal }) =>
      bus
        .get(`${config.apiBase}/${encodeURIComponent(driverId)}`, driverDetailResponse, { signal })
        .then((r) => r.data),
    enabled: driverId !== '',
    retry: false,
  })
}

export function useAddDriver(config: DriverVariantConfig) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: (body: NewDriverRequest) =>
      bus.post(config.apiBase, body, newDriverResponse).then((r) => r.data.driver),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driversKey(entityCode) }),
  })
}

/** Uploads a csv file: a dry run answers the preview; a real run adds the valid rows and answers the report. */
export function useImportDrivers(config: DriverVariantConfig) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData()
      form.append('file', file)
      return bus
        .upload(`${config.apiBase}/import`, form, driverImportResponse, { query: { dryRun: String(dryRun) } })
        .then((r) => r.data.report)
    },
    onSuccess: async (report) => {
      if (!report.dryRun && report.accepted > 0)
        await queryClient.invalidateQueries({ queryKey: driversKey(entityCode) })
    },
  })
}

/**
 * The driver's profile from the external user-info host (A §7, docs/decisions/0031): asked once, never retried (a
 * failing host is logged by the server and answered as unavailable, so the page never waits on it twice).
 */
export function useDriverUserInfo(config: DriverVariantConfig, driverId: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [...driversKey(entityCode), 'user-info', config.variant, driverId],
    queryFn: ({ signal }) =>
      bus
        .get(`${config.apiBase}/${encodeURIComponent(driverId)}/user-info`, driverUserInfoResponse, {
          signal,
        })
        .then((r) => r.data),
    enabled: driverId !== '',
    retry: false,
    staleTime: 5 * 60_000,
  })
}
