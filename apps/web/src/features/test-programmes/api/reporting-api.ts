import type {
  SubmitTestRequest,
  TestGroupFilterRequest,
  TestPersonFilterRequest,
  TiFilterRequest,
} from '@portal/contract'
import {
  imageUploadResponse,
  submitTestResponse,
  testGroupFilterResponse,
  testGroupResponse,
  testInstancesResponse,
  testPersonFilterResponse,
  testPersonResponse,
  tiFilterResponse,
} from '@portal/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { client, mainApi, requestBlob } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { reportingKeys } from './reporting-keys'

/** The reporting service (B §7 `{reportingHost}`): test results, the team view, groups, people, submissions. */
const reporting = client('reporting')
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {})

type GroupsData = z.output<typeof testGroupFilterResponse>['data']
type PeopleData = z.output<typeof testPersonFilterResponse>['data']

export function useTestGroups(body: TestGroupFilterRequest) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: reportingKeys.groups(entityCode, body),
    queryFn: ({ signal }): Promise<GroupsData> =>
      reporting.post('/groups/filter', body, testGroupFilterResponse, signalOf(signal)).then((r) => r.data),
    placeholderData: keepPreviousData,
  })
}

export function useTestGroup(uuid: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: reportingKeys.group(entityCode, uuid),
    queryFn: ({ signal }) =>
      reporting
        .get(`/groups/${encodeURIComponent(uuid ?? '')}`, testGroupResponse, signalOf(signal))
        .then((r) => r.data),
    enabled: uuid !== null,
    retry: false,
  })
}

/** POST /people/filter: a group's people with their compliance this period. */
export const fetchTestPeople = (body: TestPersonFilterRequest, signal?: AbortSignal): Promise<PeopleData> =>
  reporting.post('/people/filter', body, testPersonFilterResponse, signalOf(signal)).then((r) => r.data)

/** The people of a group outside its list: the pickers (the results' users filter, the submission's person). */
export function useTestPeople(body: TestPersonFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: reportingKeys.people(entityCode, body),
    queryFn: ({ signal }) => fetchTestPeople(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useTestPerson(uuid: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: reportingKeys.person(entityCode, uuid),
    queryFn: ({ signal }) =>
      reporting
        .get(`/people/${encodeURIComponent(uuid ?? '')}`, testPersonResponse, signalOf(signal))
        .then((r) => r.data),
    enabled: uuid !== null,
    retry: false,
  })
}

/** POST /ti-filter (B §7): the rows in `data`, the number of matches in `total`. */
export const fetchTestResults = (body: TiFilterRequest, signal?: AbortSignal) =>
  reporting.post('/ti-filter', body, tiFilterResponse, signalOf(signal))

/** GET /testInstances with the Feathers query of `teamQuery` (contract). */
export const fetchTeamResults = (query: Record<string, string | number>, signal?: AbortSignal) =>
  reporting.get('/testInstances', testInstancesResponse, { query, ...signalOf(signal) })

/** `?csv=true` of the list's filters (without its paging): every matching row, handed to the browser as a download. */
export async function downloadResultsCsv(filters: Record<string, unknown>, fileName: string) {
  const blob = await requestBlob('reporting', '/ti-filter', {
    method: 'POST',
    query: { csv: 'true' },
    body: filters,
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** A photo of the test, uploaded first (POST /iam/img-upload); the submission names the URL it answers. */
export function uploadTestImage(file: File) {
  const form = new FormData()
  form.append('file', file)
  return mainApi.upload('/iam/img-upload', form, imageUploadResponse).then((r) => r.data.url)
}

export function useSubmitTest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SubmitTestRequest) =>
      reporting.post('/testInstances', body, submitTestResponse).then((r) => r.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reportingKeys.all })
    },
  })
}
