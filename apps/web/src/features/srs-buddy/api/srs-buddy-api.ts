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
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { srsBuddyKeys } from './srs-buddy-keys'

/** The SRS buddy calls of the main API (docs/decisions/0030-srs-buddy-medical-terms-components.md). */
const BASE = '/srs/buddies'
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {})
const path = (uuid: string) => `${BASE}/${encodeURIComponent(uuid)}`

/** POST /srs/buddies/filter: a page of the entity's records and the total. */
export const filterSrsBuddies = (
  body: SrsBuddyFilterRequest,
  signal?: AbortSignal,
): Promise<SrsBuddyFilterData> =>
  mainApi.post(`${BASE}/filter`, body, srsBuddyFilterResponse, signalOf(signal)).then((r) => r.data)

export function srsBuddyQueryOptions(entityCode: string | null, uuid: string) {
  return queryOptions({
    queryKey: srsBuddyKeys.record(entityCode, uuid),
    queryFn: ({ signal }): Promise<SrsBuddyDetail> =>
      mainApi.get(path(uuid), srsBuddyResponse, signalOf(signal)).then((r) => r.data.buddy),
    retry: false,
  })
}

export function useSrsBuddy(uuid: string) {
  const { entityCode } = useSession()
  return useQuery({ ...srsBuddyQueryOptions(entityCode, uuid), enabled: uuid !== '' })
}

/** POST /srs/buddies/{uuid}/tests/filter: a page of a record's witnessed swabs. */
export const filterSrsTests = (
  uuid: string,
  body: SrsTestFilterRequest,
  signal?: AbortSignal,
): Promise<SrsTestFilterData> =>
  mainApi
    .post(`${path(uuid)}/tests/filter`, body, srsTestFilterResponse, signalOf(signal))
    .then((r) => r.data)

/** Reassigning and changing status answer the record as it now is; the lists refresh behind it. */
function useRecordMutation<B>(send: (body: B) => Promise<SrsBuddyDetail>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: srsBuddyKeys.all })
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
