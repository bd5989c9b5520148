import type { CampaignDetail, CampaignFilterData, CampaignFilterRequest } from '@portal/contract'
import { campaignDetailResponse, campaignFilterResponse } from '@portal/contract'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** The forms service (Token scheme). */
export const formsApi = client('forms')

const campaignKeys = (entityCode: string | null) => ['campaigns', entityCode] as const

export function campaignsQueryOptions(entityCode: string | null, body: CampaignFilterRequest) {
  return queryOptions<CampaignFilterData>({
    queryKey: [...campaignKeys(entityCode), 'filter', body],
    queryFn: ({ signal }) =>
      formsApi.post('/forms/campaign/filter', body, campaignFilterResponse, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  })
}

/** POST /forms/campaign/filter (B §7). */
export function useCampaigns(body: CampaignFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(campaignsQueryOptions(entityCode, body))
}

export function campaignQueryOptions(entityCode: string | null, campaignId: string) {
  return queryOptions<CampaignDetail>({
    queryKey: [...campaignKeys(entityCode), 'detail', campaignId],
    queryFn: ({ signal }) =>
      formsApi
        .get(`/forms/campaign/${encodeURIComponent(campaignId)}`, campaignDetailResponse, { signal })
        .then((r) => r.data.campaign),
  })
}

export function useCampaign(campaignId: string) {
  const { entityCode } = useSession()
  return useQuery({ ...campaignQueryOptions(entityCode, campaignId), enabled: campaignId !== '' })
}

/** Starts the next manual stage; the campaign and the lists are refetched after. */
export function useStartStage(campaignId: string) {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (stageNo: number) =>
      formsApi
        .post(
          `/forms/campaign/${encodeURIComponent(campaignId)}/stages/start`,
          { stage_no: stageNo },
          campaignDetailResponse,
        )
        .then((r) => r.data.campaign),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignQueryOptions(entityCode, campaignId).queryKey, saved)
      return queryClient.invalidateQueries({ queryKey: campaignKeys(entityCode) })
    },
  })
}
