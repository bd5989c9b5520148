import {
  campaignDetailResponse,
  campaignFilterRequest,
  campaignFilterResponse,
  campaignParams,
  campaignStageStartRequest,
  errorBody,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { filterCampaigns, getCampaign, startStage } from './campaign.service'

const read = { permission: { app: 'forms', resource: 'campaigns/*', action: 'read' } } as const
const edit = { permission: { app: 'forms', resource: 'campaigns/*', action: 'edit' } } as const

/**
 * Typeform campaigns on the forms service (prefix /api/forms; B §7 `POST /forms/campaign/filter`,
 * docs/decisions/0028-digital-health-and-campaigns.md): the list, one campaign with its stages and recent
 * responses, and starting a manual stage.
 */
export function campaignRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/forms/campaign/filter',
    {
      config: read,
      schema: {
        tags: ['forms'],
        summary: "The entity's campaigns by phase, name or campaign_id and dates, newest start first (B §7)",
        body: campaignFilterRequest,
        response: { 200: campaignFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterCampaigns(app.db, app.counts, callerOf(request), request.body) }),
  )

  r.get(
    '/forms/campaign/:campaign_id',
    {
      config: read,
      schema: {
        tags: ['forms'],
        summary: 'One campaign with its stages, their progression, and its newest responses',
        params: campaignParams,
        response: { 200: campaignDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { campaign: await getCampaign(app.db, callerOf(request), request.params.campaign_id) },
    }),
  )

  r.post(
    '/forms/campaign/:campaign_id/stages/start',
    {
      config: edit,
      schema: {
        tags: ['forms'],
        summary: 'Starts the next stage of a launched campaign when it advances by hand (manual)',
        params: campaignParams,
        body: campaignStageStartRequest,
        response: {
          200: campaignDetailResponse,
          409: errorBody.describe('The stage cannot be started now'),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: {
        campaign: await startStage(
          app.db,
          app.counts,
          callerOf(request),
          request.params.campaign_id,
          request.body.stage_no,
        ),
      },
    }),
  )
}
