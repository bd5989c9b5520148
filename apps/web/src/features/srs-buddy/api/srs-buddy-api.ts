import type {
  SrsBuddyDetail,
  SrsBuddyFilterData,
  SrsBuddyFilterRequest,
  SrsReassignRequest,
  SrsStatusRequest,
  SrsTestFilterData,
  SrsTestFilterRequest,
} from '@portal/contract'
import { srsBuddyFilterResponse, srsBuddyResponse, srsTestFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** The SRS buddy calls of the main API (docs/decisions/0030-srs-buddy-medical-terms-components.md). */
const BASE = '/srs/buddies'
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {})
const path = (uuid: string) => `${BASE}/${encodeURIComponent(uuid)}`

/** Every query of this family starts with this key, so an action refreshes the list and the record at once. */
export const SRS_KEY = 'srs-buddies'

export function srsBuddiesQueryOptions(entityCode: string | null, body: SrsBuddyFilterRequest) {
  return queryOptions({
    queryKey: [SRS_KEY, 'filter', entityCode, body],
    queryFn: ({ signal }): Promise<SrsBuddyFilterData> =>
      mainApi.post(`${BASE}/filter`, body, srsBuddyFilterResponse, signalOf(signal)).then((r) => r.data),
    placeholderData: keepPreviousData,
  })
}

export function useSrsBuddies(body: SrsBuddyFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(srsBuddiesQueryOptions(entityCode, body))
}

export function srsBuddyQueryOptions(entityCode: string | null, uuid: string) {
  return queryOptions({
    queryKey: [SRS_KEY, 'record', entityCode, uuid],
    queryFn: ({ signal }): Promise<SrsBuddyDetail> =>
      mainApi.get(path(uuid), srsBuddyResponse, signalOf(signal)).then((r) => r.data.buddy),
    retry: false,
  })
}

export function useSrsBuddy(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({ ...srsBuddyQueryOptions(entityCode, uuid), enabled: uuid !== '' })
}

export function useSrsTests(uuid: string, body: SrsTestFilterRequest) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [SRS_KEY, 'tests', entityCode, uuid, body],
    queryFn: ({ signal }): Promise<SrsTestFilterData> =>
      mainApi
        .post(`${path(uuid)}/tests/filter`, body, srsTestFilterResponse, signalOf(signal))
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: uuid !== '',
  })
}

/** Reassigning and changing status answer the record as it now is; the lists refresh behind it. */
function useRecordMutation<B>(send: (body: B) => Promise<SrsBuddyDetail>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [SRS_KEY] })
    },
  })
}

export function useReassignBuddy(uuid: string) {
  return useRecordMutation((body: SrsReassignRequest) =>
    mainApi.put(`${path(uuid)}/buddy`, body, srsBuddyResponse).then((r) => r.data.buddy),
  )
}

export function useSetSrsStatus(uuid: string) {
  return useRecordMutation((body: SrsStatusRequest) =>
    mainApi.put(`${path(uuid)}/status`, body, srsBuddyResponse).then((r) => r.data.buddy),
  )
}
