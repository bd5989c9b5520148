import type { CampaignDetail, CampaignFilterData, CampaignFilterRequest } from '@portal/contract'
import { campaignDetailResponse, campaignFilterResponse } from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { campaignKeys } from './campaign-keys'

/** The forms service (Token scheme). */
export const formsApi = client('forms')

/** POST /forms/campaign/filter (B §7): a page of the entity's campaigns and the total. */
export const filterCampaigns = (body: CampaignFilterRequest, signal?: AbortSignal) =>
  formsApi
    .post('/forms/campaign/filter', body, campaignFilterResponse, signal ? { signal } : {})
    .then((r): CampaignFilterData => r.data)

export function campaignQueryOptions(entityCode: string | null, campaignId: string) {
  return queryOptions<CampaignDetail>({
    queryKey: campaignKeys.detail(entityCode, campaignId),
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
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all(entityCode) })
    },
  })
}
