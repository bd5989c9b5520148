import type { Generated } from 'kysely'

// Row types of the campaign tables (migration 20261124-0030-cases-campaigns,
// docs/decisions/0028-digital-health-and-campaigns.md). Times are epoch ms.

export interface CampaignTable {
  id: Generated<number>
  entity_code: string
  campaign_id: string
  name: string
  description: string
  /** CampaignStatusCode: 1 Pre-launch, 2 Launched, 3 Post-launch. */
  status_code: number
  start_date: number
  /** Null: open-ended. */
  end_date: number | null
  typeform_form_id: string
  typeform_url: string
  responses_count: number
  completed_count: number
  created_at: number
  updated_at: number
}

export interface CampaignStageTable {
  id: Generated<number>
  campaign_ref: number
  stage_no: number
  name: string
  /** stageSyncModes value. */
  sync_mode: string
  /** stageAdvanceModes value. */
  advance_mode: string
  /** campaignStageStatuses value. */
  status: string
  started_at: number | null
  completed_at: number | null
  responses_count: number
}

export interface CampaignResponseTable {
  id: Generated<number>
  campaign_ref: number
  response_id: string
  stage_no: number
  submitted_at: number
  /** Masked email ("j***@example.com"). */
  respondent: string
  /** 0/1. */
  completed: number
  score: number | null
}

// The app's Database interface (db/database.ts) gains these tables here, so the area adds its tables without
// editing the shared file.
declare module '../../db/database' {
  interface Database {
    campaign: CampaignTable
    campaign_stage: CampaignStageTable
    campaign_response: CampaignResponseTable
  }
}
