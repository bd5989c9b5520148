import type { CaseCreate, CaseDetail, CaseFilterData, CaseFilterRequest, CaseUpdate } from '@portal/contract'
import { caseFilterResponse, caseResponse, caseSitesResponse, caseStaffResponse } from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { caseKeys } from './case-keys'

/** The verification-form service: it takes the token with the Bearer scheme (A §7, lib/http.ts). */
export const casesApi = client('cases')

/** POST /cases/filter (B §7): a page of the entity's cases and the total. */
export const filterCases = (body: CaseFilterRequest, signal?: AbortSignal) =>
  casesApi
    .post('/cases/filter', body, caseFilterResponse, signal ? { signal } : {})
    .then((r): CaseFilterData => r.data)

export function caseQueryOptions(entityCode: string | null, caseId: string) {
  return queryOptions<CaseDetail>({
    queryKey: caseKeys.detail(entityCode, caseId),
    queryFn: ({ signal }) =>
      casesApi.get(`/cases/${encodeURIComponent(caseId)}`, caseResponse, { signal }).then((r) => r.data.case),
  })
}

export function useCase(caseId: string) {
  const { entityCode } = useSession()
  return useQuery({ ...caseQueryOptions(entityCode, caseId), enabled: caseId !== '' })
}

/** The intake: records a case; every case list of the entity is refetched after. */
export function useCreateCase() {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CaseCreate) => casesApi.post('/cases', body, caseResponse).then((r) => r.data.case),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all(entityCode) }),
  })
}

export function useUpdateCase(caseId: string) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CaseUpdate) =>
      casesApi.put(`/cases/${encodeURIComponent(caseId)}`, body, caseResponse).then((r) => r.data.case),
    onSuccess: (saved) => {
      queryClient.setQueryData(caseQueryOptions(entityCode, caseId).queryKey, saved)
      return queryClient.invalidateQueries({ queryKey: caseKeys.all(entityCode) })
    },
  })
}

/** The entity's clinics (the intake's Clinic and the list's clinic filter). */
export function useCaseSites() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: caseKeys.sites(entityCode),
    queryFn: ({ signal }) =>
      casesApi.get('/cases/sites', caseSitesResponse, { signal }).then((r) => r.data.sites),
    staleTime: 5 * 60_000,
  })
}

/** The entity's staff (the list's Created by filter). */
export function useCaseStaff() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: caseKeys.staff(entityCode),
    queryFn: ({ signal }) =>
      casesApi.get('/cases/staff', caseStaffResponse, { signal }).then((r) => r.data.users),
    staleTime: 5 * 60_000,
  })
}
