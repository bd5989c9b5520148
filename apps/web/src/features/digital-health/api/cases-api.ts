import type { CaseCreate, CaseDetail, CaseFilterData, CaseFilterRequest, CaseUpdate } from '@portal/contract'
import { caseFilterResponse, caseResponse, caseSitesResponse, caseStaffResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** The verification-form service: it takes the token with the Bearer scheme (A §7, lib/http.ts). */
export const casesApi = client('cases')

const caseKeys = (entityCode: string | null) => ['cases', entityCode] as const

export function casesQueryOptions(entityCode: string | null, body: CaseFilterRequest) {
  return queryOptions<CaseFilterData>({
    queryKey: [...caseKeys(entityCode), 'filter', body],
    queryFn: ({ signal }) =>
      casesApi.post('/cases/filter', body, caseFilterResponse, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  })
}

/** POST /cases/filter (B §7). */
export function useCases(body: CaseFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(casesQueryOptions(entityCode, body))
}

export function caseQueryOptions(entityCode: string | null, caseId: string) {
  return queryOptions<CaseDetail>({
    queryKey: [...caseKeys(entityCode), 'detail', caseId],
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys(entityCode) }),
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
      return queryClient.invalidateQueries({ queryKey: caseKeys(entityCode) })
    },
  })
}

/** The entity's clinics (the intake's Clinic and the list's clinic filter). */
export function useCaseSites() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [...caseKeys(entityCode), 'sites'],
    queryFn: ({ signal }) =>
      casesApi.get('/cases/sites', caseSitesResponse, { signal }).then((r) => r.data.sites),
    staleTime: 5 * 60_000,
  })
}

/** The entity's staff (the list's Created by filter). */
export function useCaseStaff() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [...caseKeys(entityCode), 'staff'],
    queryFn: ({ signal }) =>
      casesApi.get('/cases/staff', caseStaffResponse, { signal }).then((r) => r.data.users),
    staleTime: 5 * 60_000,
  })
}
