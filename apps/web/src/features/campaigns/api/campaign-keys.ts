import type { CampaignFilterRequest } from '@portal/contract'

/** Every query key of the campaigns, defined once; a started stage invalidates through `campaignKeys.all(entity)`. */
export const campaignKeys = {
  all: (entityCode: string | null) => ['campaigns', entityCode] as const,
  list: (entityCode: string | null, body: CampaignFilterRequest) =>
    [...campaignKeys.all(entityCode), 'filter', body] as const,
  detail: (entityCode: string | null, campaignId: string) =>
    [...campaignKeys.all(entityCode), 'detail', campaignId] as const,
}
