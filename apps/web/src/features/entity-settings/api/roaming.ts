import type {
  OcpiIdentityUpdateRequest,
  OcpiMessageFilterRequest,
  OcpiPartnerConnectRequest,
  OcpiPartnerCreateRequest,
  OcpiPartnerUpdateRequest,
  OcpiSyncRequest,
} from '@portal/contract'
import {
  ocpiIdentityResponse,
  ocpiMessageListResponse,
  ocpiPartnerCreatedResponse,
  ocpiPartnerDeletedResponse,
  ocpiPartnerListResponse,
  ocpiPartnerResponse,
  ocpiSyncResponse,
} from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './entity-settings-keys'

const IDENTITY = '/ocpi/identity'
const PARTNERS = '/ocpi/partners'
const one = (id: number) => `${PARTNERS}/${String(id)}`

/** GET /ocpi/identity: the entity's party per role, the roles it may have, and our versions URL. */
export const fetchIdentity = (signal?: AbortSignal) =>
  mainApi.get(IDENTITY, ocpiIdentityResponse, signal ? { signal } : {}).then((r) => r.data)

/** GET /ocpi/partners: every partner of the entity (a few; the list pages them itself). */
export const listPartners = (_body: unknown, signal?: AbortSignal) =>
  mainApi.get(PARTNERS, ocpiPartnerListResponse, signal ? { signal } : {}).then((r) => r.data)

/** GET /ocpi/partners/{id}: one partner with its endpoints. */
export const fetchPartner = (id: number, signal?: AbortSignal) =>
  mainApi.get(one(id), ocpiPartnerResponse, signal ? { signal } : {}).then((r) => r.data)

/** POST /ocpi/partners/{id}/messages/filter: a page of the partner's message log, newest first, and its count. */
export const fetchPartnerMessages = (id: number, body: OcpiMessageFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`${one(id)}/messages/filter`, body, ocpiMessageListResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useIdentity() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: settingsKeys.roaming.identity(entityCode),
    queryFn: ({ signal }) => fetchIdentity(signal),
  })
}

export function usePartner(id: number) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: settingsKeys.roaming.partner(entityCode, id),
    queryFn: ({ signal }) => fetchPartner(id, signal),
  })
}

function useInvalidate() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.roaming.all(entityCode) })
}

/** PUT /ocpi/identity `{ identities }`. */
export function useSaveIdentity() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: OcpiIdentityUpdateRequest) => mainApi.put(IDENTITY, body, ocpiIdentityResponse),
    onSuccess: invalidate,
  })
}

/** POST /ocpi/partners: the new (pending) partner with token A and our versions URL, which are never answered again. */
export function useCreatePartner() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: OcpiPartnerCreateRequest) =>
      mainApi.post(PARTNERS, body, ocpiPartnerCreatedResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** POST /ocpi/partners/connect: our side runs the handshake with the partner's token A (it may take seconds). */
export function useConnectPartner() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: OcpiPartnerConnectRequest) =>
      mainApi.post(`${PARTNERS}/connect`, body, ocpiPartnerResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** PUT /ocpi/partners/{id} `{ status }`: suspends or resumes. */
export function useUpdatePartner() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, ...body }: OcpiPartnerUpdateRequest & { id: number }) =>
      mainApi.put(one(id), body, ocpiPartnerResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** DELETE /ocpi/partners/{id}: unregisters from the partner (when connected) and forgets it. */
export function useDeletePartner() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (id: number) => mainApi.delete(one(id), ocpiPartnerDeletedResponse),
    onSuccess: invalidate,
  })
}

/** POST /ocpi/partners/{id}/sync `{ module }`: a full pull of the partner's objects of a module, as a job. */
export function useSyncPartner(id: number) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: OcpiSyncRequest) =>
      mainApi.post(`${one(id)}/sync`, body, ocpiSyncResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}
