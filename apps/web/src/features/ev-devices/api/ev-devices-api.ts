import type {
  EvDeviceCreateBody,
  EvDeviceCreateData,
  EvDeviceDetail,
  EvDeviceListData,
  EvDeviceListQuery,
  OcppMessageListData,
  OcppMessageListQuery,
  OcppEnrolmentData,
  OcppEnrolmentPasswordData,
  OcppPasswordData,
} from '@portal/contract'
import {
  chargeLocationListResponse,
  evDeviceCreateResponse,
  evDeviceCommissionResponse,
  evDeviceDetailResponse,
  tariffListResponse,
  evDeviceListResponse,
  ocppMessageListResponse,
  ocppPasswordResponse,
  deletedResponse,
  ocppEnrolmentPasswordResponse,
  ocppEnrolmentResponse,
} from '@portal/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { evDeviceKeys } from './ev-device-keys'

const charging = client('charging')
const BASE = '/charge-points/devices'

/** GET /charge-points/devices: a page of the entity's chargers and their capped count. */
export function listEvDevices(query: EvDeviceListQuery, signal?: AbortSignal): Promise<EvDeviceListData> {
  return charging
    .get(BASE, evDeviceListResponse, { query: { ...query }, ...(signal ? { signal } : {}) })
    .then((r) => r.data)
}

export function useEvDevice(uid: string) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: evDeviceKeys.detail(entityCode, uid),
    queryFn: ({ signal }): Promise<EvDeviceDetail> =>
      charging
        .get(`${BASE}/${encodeURIComponent(uid)}`, evDeviceDetailResponse, { signal })
        .then((r) => r.data.device),
    enabled: uid !== '',
    retry: false,
    // Heartbeats and what is plugged in change by the minute.
    refetchInterval: 60_000,
  })
}

/**
 * POST /charge-points/devices/{uid}/ocpp-password: a new OCPP password, returned this once. The charger page is
 * refreshed so it shows that a password is set (never the password).
 */
export function useRotateOcppPassword(uid: string) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<OcppPasswordData> =>
      charging
        .post(`${BASE}/${encodeURIComponent(uid)}/ocpp-password`, {}, ocppPasswordResponse)
        .then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evDeviceKeys.detail(entityCode, uid) }),
  })
}

/** POST /charge-points/devices/{uid}/commission: the charger's boots are Accepted from now on. */
export function useCommissionCharger(uid: string) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      charging.post(`${BASE}/${encodeURIComponent(uid)}/commission`, {}, evDeviceCommissionResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evDeviceKeys.detail(entityCode, uid) }),
  })
}

/** GET /charge-points/devices/{uid}/ocpp-messages: a page of the charger's OCPP message log, newest first. */
export function useOcppMessages(uid: string, query: OcppMessageListQuery) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: evDeviceKeys.messages(entityCode, uid, query),
    queryFn: ({ signal }): Promise<OcppMessageListData> =>
      charging
        .get(`${BASE}/${encodeURIComponent(uid)}/ocpp-messages`, ocppMessageListResponse, {
          query: { ...query },
          signal,
        })
        .then((r) => r.data),
    enabled: uid !== '',
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
}

/** POST /charge-points/devices: registers a charger; its OCPP password comes back this once. */
export function useAddCharger() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EvDeviceCreateBody): Promise<EvDeviceCreateData> =>
      charging.post(BASE, body, evDeviceCreateResponse).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evDeviceKeys.all }),
  })
}

/** The entity's locations and tariffs, by name, for the "Add charger" form (at most 200 of each). */
export function useChargerFormOptions(enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [...evDeviceKeys.all, 'form-options', entityCode] as const,
    queryFn: async ({ signal }) => {
      const [locations, tariffs] = await Promise.all([
        charging.get(
          `/charge-points/${encodeURIComponent(entityCode ?? '')}/locations`,
          chargeLocationListResponse,
          {
            query: { limit: 200 },
            signal,
          },
        ),
        charging.get('/pricing/tariffs', tariffListResponse, { query: { limit: 200 }, signal }),
      ])
      const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)
      return {
        locations: locations.data.locations
          .map((l) => ({ uid: l.uid, name: l.name, city: l.city }))
          .sort(byName),
        tariffs: tariffs.data.tariffs.map((t) => ({ uid: t.uid, name: t.name })).sort(byName),
      }
    },
    enabled,
    staleTime: 60_000,
  })
}

const ENROLMENT = '/charge-points/enrolment'

/** GET /charge-points/enrolment: whether unknown chargers may enrol, the enrolment password's state, who waits. */
export function useEnrolment() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: evDeviceKeys.enrolment(entityCode),
    queryFn: ({ signal }): Promise<OcppEnrolmentData> =>
      charging.get(ENROLMENT, ocppEnrolmentResponse, { signal }).then((r) => r.data),
    // A waiting charger boots again at every heartbeat interval; new ones appear as they connect.
    refetchInterval: 30_000,
  })
}

/** POST /charge-points/enrolment/password: a new enrolment password, shown this once. */
export function useRotateEnrolmentPassword() {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<OcppEnrolmentPasswordData> =>
      charging.post(`${ENROLMENT}/password`, {}, ocppEnrolmentPasswordResponse).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evDeviceKeys.enrolment(entityCode) }),
  })
}

/** DELETE /charge-points/enrolment/pending/{identity}: dismisses a waiting charger. */
export function useDismissPending() {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (identity: string) =>
      charging.delete(`${ENROLMENT}/pending/${encodeURIComponent(identity)}`, deletedResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evDeviceKeys.enrolment(entityCode) }),
  })
}
