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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import type { DriverVariantConfig } from '../driver-variant'
import { DRIVER_VARIANTS } from '../driver-variant'
import { driverKeys } from './driver-keys'

const bus = client('bus')

/** GET /v2/dashboard/drivers (B §7): one page of data.drivers. */
export function listDashboardDrivers(query: DriverDashboardQuery, signal?: AbortSignal): Promise<Driver[]> {
  return bus
    .get(DRIVER_VARIANTS.dashboard.apiBase, driverListResponse, {
      query: { ...query },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data.drivers)
}

/** GET /v2/eleccalimo/drivers (B §7): every matching driver; the page ranges, sorts and slices them. */
export function listLimoDrivers(query: LimoDriverQuery, signal?: AbortSignal): Promise<LimoDriverListData> {
  return bus
    .get(DRIVER_VARIANTS.limo.apiBase, limoDriverListResponse, {
      query: { ...query },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data)
}

export function useDriver(config: DriverVariantConfig, driverId: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: driverKeys.detail(entityCode, config.variant, driverId),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.entity(entityCode) }),
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
        await queryClient.invalidateQueries({ queryKey: driverKeys.entity(entityCode) })
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
    queryKey: driverKeys.userInfo(entityCode, config.variant, driverId),
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
