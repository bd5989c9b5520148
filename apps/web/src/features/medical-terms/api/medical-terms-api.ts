import type {
  MedicalTermsDetail,
  MedicalTermsFilterData,
  MedicalTermsFilterRequest,
  MedicalTermsInput,
} from '@portal/contract'
import {
  medicalTermsDeleteResponse,
  medicalTermsFilterResponse,
  medicalTermsResponse,
} from '@portal/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { medicalTermsKeys } from './medical-terms-keys'

/** The medical terms calls of the main API (docs/decisions/0030-srs-buddy-medical-terms-components.md). */
const BASE = '/health/medical-terms'
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {})
const path = (uuid: string) => `${BASE}/${encodeURIComponent(uuid)}`

/** POST /health/medical-terms/filter: a page of the versions, the one in force first. */
export const filterMedicalTerms = (
  body: MedicalTermsFilterRequest,
  signal?: AbortSignal,
): Promise<MedicalTermsFilterData> =>
  mainApi.post(`${BASE}/filter`, body, medicalTermsFilterResponse, signalOf(signal)).then((r) => r.data)

/** The versions outside the list: the one in force (the first of the list's order). */
export function useMedicalTermsList(body: MedicalTermsFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: medicalTermsKeys.list(entityCode, body),
    queryFn: ({ signal }) => filterMedicalTerms(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useMedicalTerms(uuid: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: medicalTermsKeys.version(entityCode, uuid),
    queryFn: ({ signal }): Promise<MedicalTermsDetail> =>
      mainApi.get(path(uuid ?? ''), medicalTermsResponse, signalOf(signal)).then((r) => r.data.terms),
    enabled: uuid !== null,
    retry: false,
  })
}

function useTermsMutation<B>(send: (body: B) => Promise<MedicalTermsDetail | { uuid: string }>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: medicalTermsKeys.all })
    },
  })
}

export function useCreateTerms() {
  return useTermsMutation((body: MedicalTermsInput) =>
    mainApi.post(BASE, body, medicalTermsResponse).then((r) => r.data.terms),
  )
}

export function useUpdateTerms(uuid: string) {
  return useTermsMutation((body: MedicalTermsInput) =>
    mainApi.put(path(uuid), body, medicalTermsResponse).then((r) => r.data.terms),
  )
}

export function usePublishTerms(uuid: string) {
  return useTermsMutation(() =>
    mainApi.post(`${path(uuid)}/publish`, undefined, medicalTermsResponse).then((r) => r.data.terms),
  )
}

export function useDeleteTerms(uuid: string) {
  return useTermsMutation(() => mainApi.delete(path(uuid), medicalTermsDeleteResponse).then((r) => r.data))
}
