import { z } from 'zod'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import { CampaignPhase, campaignPhases } from '../../enums/health'
import { StageAdvanceMode, stageAdvanceModes, stageSyncModes } from '../../enums/order'
import { envelope, epochMs } from '../envelope'

/*
 * Typeform campaigns (A §2 /typeform-campaigns, /typeform-campaigns/{campaign_id?}/info; A §9 campaign phases and
 * stage progression; B §3 campaign search and filter fields; B §7 `POST /forms/campaign/filter` on the forms
 * service). docs/decisions/0028-digital-health-and-campaigns.md.
 */

/** The list's page size (B §9). */
export const CAMPAIGN_PAGE_SIZE = 5

/** A campaign's phase as the API filters and returns it (`statusCode`); the phase "All" is no filter. */
export const CampaignStatusCode = { PreLaunch: 1, Launched: 2, PostLaunch: 3 } as const
export type CampaignStatusCode = ValueOf<typeof CampaignStatusCode>

export const campaignStatusCodes = defineCatalogue('campaign status', [
  [CampaignStatusCode.PreLaunch, CampaignPhase['Pre-launch']],
  [CampaignStatusCode.Launched, CampaignPhase.Launched],
  [CampaignStatusCode.PostLaunch, CampaignPhase['Post-launch']],
])

/** The statusCode a phase filters by: undefined for All (no filter). */
export function statusCodeOfPhase(phase: CampaignPhase): CampaignStatusCode | undefined {
  return campaignStatusCodes.entries.find((e) => e.label === phase)?.value
}

/** The phase of a statusCode (All for none or one the catalogue does not know). */
export function phaseOfStatusCode(code: number | undefined | null): CampaignPhase {
  const entry = campaignStatusCodes.entries.find((e) => e.value === code)
  return campaignPhases.values.find((p) => p === entry?.label) ?? CampaignPhase.All
}

/** B §3: the campaign search looks in the name or the campaign_id. */
export const CAMPAIGN_SEARCH_KEYS = ['name', 'campaign_id'] as const
export type CampaignSearchKey = (typeof CAMPAIGN_SEARCH_KEYS)[number]

/**
 * POST /forms/campaign/filter (B §3, §7). `statusCode` 0 or absent is All. `searchValue` is a case-insensitive
 * "contains" on `searchKey`, or on either field when no searchKey is sent. `startDate`/`endDate` are epoch ms and
 * keep the campaigns whose run (start to end, open-ended when there is no end) overlaps that window. `entityCode`,
 * when sent, must be the caller's own entity.
 */
export const campaignFilterRequest = z
  .strictObject({
    entityCode: z.string().trim().min(1).max(64).optional(),
    searchKey: z.enum(CAMPAIGN_SEARCH_KEYS, { error: 'Use name or campaign_id' }).optional(),
    searchValue: z.string().trim().max(100, 'At most 100 characters').optional(),
    statusCode: z
      .number()
      .int()
      .min(0)
      .max(3, 'Use 0 (All), 1 (Pre-launch), 2 (Launched) or 3 (Post-launch)')
      .optional(),
    startDate: epochMs.optional(),
    endDate: epochMs.optional(),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    limit: z.number().int().min(1).max(100).default(CAMPAIGN_PAGE_SIZE),
  })
  .superRefine((f, ctx) => {
    if (f.startDate !== undefined && f.endDate !== undefined && f.endDate < f.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Must be on or after startDate' })
  })
export type CampaignFilterRequest = z.input<typeof campaignFilterRequest>
export type CampaignFilter = z.output<typeof campaignFilterRequest>

/** Where one stage of a campaign is. */
export const CampaignStageStatus = { Pending: 'pending', Active: 'active', Completed: 'completed' } as const
export type CampaignStageStatus = ValueOf<typeof CampaignStageStatus>

export const campaignStageStatuses = defineCatalogue('campaign stage status', [
  [CampaignStageStatus.Pending, 'Pending'],
  [CampaignStageStatus.Active, 'Active'],
  [CampaignStageStatus.Completed, 'Completed'],
])

/**
 * A stage of a campaign. Progression (A §9) has two axes: `sync_mode` — sync stages open for every respondent at
 * once and the campaign waits for the stage to finish; async stages let each respondent move on by themselves —
 * and `advance_mode` — auto stages start by themselves when the one before finishes, manual stages wait for an
 * operator to start them.
 */
export const campaignStage = z.object({
  stage_no: z.number().int().min(1),
  name: z.string(),
  sync_mode: z.string().describe(`stage sync mode: ${stageSyncModes.values.join(', ')}`),
  advance_mode: z.string().describe(`stage advance mode: ${stageAdvanceModes.values.join(', ')}`),
  status: z.string().describe(`stage status: ${campaignStageStatuses.values.join(', ')}`),
  started_at: epochMs.nullable(),
  completed_at: epochMs.nullable(),
  responses_count: z.number().int().min(0),
})
export type CampaignStage = z.infer<typeof campaignStage>

export const campaignListItem = z.object({
  campaign_id: z.string(),
  name: z.string(),
  statusCode: z.number().int(),
  /** The phase label of statusCode (A §9). */
  phase: z.string(),
  start_date: epochMs,
  end_date: epochMs.nullable(),
  typeform_form_id: z.string(),
  typeform_url: z.string(),
  responses_count: z.number().int().min(0),
  completed_count: z.number().int().min(0),
  current_stage_no: z.number().int().nullable(),
  stages: z.array(campaignStage),
  created_at: epochMs,
  updated_at: epochMs,
})
export type CampaignListItem = z.infer<typeof campaignListItem>

export const campaignFilterResponse = envelope(
  z.object({ campaigns: z.array(campaignListItem), count: z.number().int().min(0) }),
)
export type CampaignFilterData = z.infer<typeof campaignFilterResponse>['data']

export const campaignResponseItem = z.object({
  response_id: z.string(),
  submitted_at: epochMs,
  /** The respondent's email with the local part masked ("j***@example.com"). */
  respondent: z.string(),
  stage_no: z.number().int(),
  completed: z.boolean(),
  /** The form's score when it scores answers (0–100), else null. */
  score: z.number().int().nullable(),
})
export type CampaignResponseItem = z.infer<typeof campaignResponseItem>

/** How many of the newest responses the info page shows. */
export const CAMPAIGN_RECENT_RESPONSES = 10

export const campaignDetail = campaignListItem.extend({
  description: z.string(),
  recent_responses: z.array(campaignResponseItem),
  /** The caller may start manual stages. */
  can_edit: z.boolean(),
  /** The stage an operator may start now (the next stage, when it is manual and the campaign is launched). */
  startable_stage_no: z.number().int().nullable(),
})
export type CampaignDetail = z.infer<typeof campaignDetail>

export const campaignDetailResponse = envelope(z.object({ campaign: campaignDetail }))

export const campaignParams = z.strictObject({
  campaign_id: z.string().trim().min(1).max(64).describe('campaign_id'),
})

/** POST /forms/campaign/{campaign_id}/stages/start: start the next manual stage (the one named, to be sure). */
export const campaignStageStartRequest = z.strictObject({
  stage_no: z.number({ error: 'stage_no is required' }).int().min(1),
})
export type CampaignStageStartRequest = z.input<typeof campaignStageStartRequest>

/** The next stage an operator may start: the campaign is launched and the stage after the active one is manual. */
export function startableStage(
  statusCode: number,
  stages: readonly Pick<CampaignStage, 'stage_no' | 'status' | 'advance_mode'>[],
): number | null {
  if (statusCode !== CampaignStatusCode.Launched) return null
  const sorted = [...stages].sort((a, b) => a.stage_no - b.stage_no)
  const next = sorted.find((s) => s.status === CampaignStageStatus.Pending)
  if (!next || next.advance_mode !== StageAdvanceMode.manual) return null
  const before = sorted.filter((s) => s.stage_no < next.stage_no)
  return before.every((s) => s.status !== CampaignStageStatus.Pending) ? next.stage_no : null
}
