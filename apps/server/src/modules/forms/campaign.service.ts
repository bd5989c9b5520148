import type {
  CampaignDetail,
  CampaignFilter,
  CampaignFilterData,
  CampaignListItem,
  CampaignStage,
} from '@portal/contract'
import {
  CAMPAIGN_RECENT_RESPONSES,
  CampaignStageStatus,
  phaseOfStatusCode,
  policyAllows,
  startableStage,
} from '@portal/contract'
import type { Db } from '../../db/database'
import type { CountCache } from '../../lib/count-cache'
import { forbidden, HttpError, notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { allowedActions } from '../iam/policies/policy.engine'
import type { CampaignRow, CampaignStageRow } from './campaign.repository'
import {
  countCampaigns,
  findCampaign,
  findCampaignPage,
  listRecentResponses,
  listStages,
  moveStage,
  touchCampaign,
} from './campaign.repository'

/** Starting a manual stage needs edit on campaigns (reading needs read). */
export const CAMPAIGN_EDIT = { app: 'forms', resource: 'campaigns/*', action: 'edit' } as const

const countScope = (entityCode: string) => `campaigns:${entityCode}`

function toStage(s: CampaignStageRow): CampaignStage {
  return {
    stage_no: s.stage_no,
    name: s.name,
    sync_mode: s.sync_mode,
    advance_mode: s.advance_mode,
    status: s.status,
    started_at: s.started_at,
    completed_at: s.completed_at,
    responses_count: s.responses_count,
  }
}

function toListItem(c: CampaignRow, stages: readonly CampaignStageRow[]): CampaignListItem {
  const own = stages.filter((s) => s.campaign_ref === c.id).map(toStage)
  const active = own.filter((s) => s.status === CampaignStageStatus.Active)
  return {
    campaign_id: c.campaign_id,
    name: c.name,
    statusCode: c.status_code,
    phase: phaseOfStatusCode(c.status_code),
    start_date: c.start_date,
    end_date: c.end_date,
    typeform_form_id: c.typeform_form_id,
    typeform_url: c.typeform_url,
    responses_count: c.responses_count,
    completed_count: c.completed_count,
    current_stage_no: active.length > 0 ? Math.max(...active.map((s) => s.stage_no)) : null,
    stages: own,
    created_at: c.created_at,
    updated_at: c.updated_at,
  }
}

export async function filterCampaigns(
  db: Db,
  counts: CountCache,
  caller: Caller,
  filter: CampaignFilter,
): Promise<CampaignFilterData> {
  const entityCode = caller.auth.entityCode
  // B §3 sends entityCode; it can only be the caller's own (another entity's campaigns are not theirs to list).
  if (filter.entityCode !== undefined && filter.entityCode !== entityCode)
    throw forbidden(`You cannot list the campaigns of entity ${filter.entityCode}`)
  const { limit: _limit, offset: _offset, entityCode: _entity, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findCampaignPage(db, entityCode, filter),
    counts.get(countScope(entityCode), countFilter, () => countCampaigns(db, entityCode, countFilter)),
  ])
  const stages = await listStages(
    db,
    rows.map((r) => r.id),
  )
  return { campaigns: rows.map((r) => toListItem(r, stages)), count }
}

async function canEdit(db: Db, caller: Caller): Promise<boolean> {
  const allowed = await allowedActions(db, caller.auth, CAMPAIGN_EDIT.app, CAMPAIGN_EDIT.resource)
  return policyAllows(allowed, CAMPAIGN_EDIT.action, caller.auth.isPlatformAdmin)
}

async function detailOf(db: Db, caller: Caller, c: CampaignRow): Promise<CampaignDetail> {
  const [stages, responses, editable] = await Promise.all([
    listStages(db, [c.id]),
    listRecentResponses(db, c.id, CAMPAIGN_RECENT_RESPONSES),
    canEdit(db, caller),
  ])
  const item = toListItem(c, stages)
  return {
    ...item,
    description: c.description,
    recent_responses: responses.map((r) => ({
      response_id: r.response_id,
      submitted_at: r.submitted_at,
      respondent: r.respondent,
      stage_no: r.stage_no,
      completed: r.completed === 1,
      score: r.score,
    })),
    can_edit: editable,
    startable_stage_no: startableStage(c.status_code, item.stages),
  }
}

export async function getCampaign(db: Db, caller: Caller, campaignId: string): Promise<CampaignDetail> {
  const campaign = await findCampaign(db, caller.auth.entityCode, campaignId)
  if (!campaign) throw notFound('Campaign')
  return detailOf(db, caller, campaign)
}

/**
 * Starts the next stage of a launched campaign by hand (its advance mode is manual): the stage before it
 * completes and the stage becomes active, in one transaction. The request names the stage, so a second click or
 * another operator who was first gets a 409 instead of skipping a stage.
 */
export async function startStage(
  db: Db,
  counts: CountCache,
  caller: Caller,
  campaignId: string,
  stageNo: number,
  now = Date.now(),
): Promise<CampaignDetail> {
  const campaign = await findCampaign(db, caller.auth.entityCode, campaignId)
  if (!campaign) throw notFound('Campaign')
  const stages = await listStages(db, [campaign.id])
  const startable = startableStage(campaign.status_code, stages)
  if (!stages.some((s) => s.stage_no === stageNo))
    throw new HttpError(404, 'NOT_FOUND', `Stage ${String(stageNo)} not found`)
  if (startable !== stageNo) {
    throw new HttpError(
      409,
      'CONFLICT',
      startable === null
        ? 'No stage of this campaign can be started by hand now'
        : `Stage ${String(stageNo)} cannot be started now; the next stage to start is stage ${String(startable)}`,
    )
  }
  await db.transaction().execute(async (trx) => {
    for (const s of stages) {
      if (s.stage_no < stageNo && s.status === CampaignStageStatus.Active)
        await moveStage(trx, campaign.id, s.stage_no, CampaignStageStatus.Active, {
          status: CampaignStageStatus.Completed,
          completed_at: now,
        })
    }
    const started = await moveStage(trx, campaign.id, stageNo, CampaignStageStatus.Pending, {
      status: CampaignStageStatus.Active,
      started_at: now,
    })
    if (!started) throw new HttpError(409, 'CONFLICT', `Stage ${String(stageNo)} was started by someone else`)
    await touchCampaign(trx, campaign.id, now)
  })
  counts.invalidate(countScope(caller.auth.entityCode))
  return getCampaign(db, caller, campaignId)
}
