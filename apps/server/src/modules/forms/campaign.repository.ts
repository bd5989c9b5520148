import type { CampaignFilter } from '@portal/contract'
import type { Selectable, Updateable } from 'kysely'
import type { Db } from '../../db/database'
import { containsInsensitive } from '../../lib/sql'
import type { CampaignStageTable, CampaignTable } from './campaign.table'

export type CampaignRow = Selectable<CampaignTable>
export type CampaignStageRow = Selectable<CampaignStageTable>
export type CampaignFilters = Omit<CampaignFilter, 'limit' | 'offset' | 'entityCode'>

/**
 * The entity's campaigns narrowed by the filters: the phase (statusCode 0 is All), a case-insensitive "contains" on
 * the name or the campaign_id (either, without a searchKey), and a date window the campaign's run overlaps (no end date: still running).
 */
export function filteredCampaigns(db: Db, entityCode: string, f: CampaignFilters) {
  let q = db.selectFrom('campaign').where('campaign.entity_code', '=', entityCode)
  if (f.statusCode !== undefined && f.statusCode !== 0) q = q.where('campaign.status_code', '=', f.statusCode)
  const value = f.searchValue
  if (value !== undefined && value !== '') {
    if (f.searchKey === undefined)
      q = q.where((eb) =>
        eb.or([
          containsInsensitive(db, 'campaign.name', value),
          containsInsensitive(db, 'campaign.campaign_id', value),
        ]),
      )
    else
      q = q.where(
        containsInsensitive(
          db,
          f.searchKey === 'campaign_id' ? 'campaign.campaign_id' : 'campaign.name',
          value,
        ),
      )
  }
  if (f.endDate !== undefined) q = q.where('campaign.start_date', '<=', f.endDate)
  if (f.startDate !== undefined) {
    const from = f.startDate
    q = q.where((eb) => eb.or([eb('campaign.end_date', 'is', null), eb('campaign.end_date', '>=', from)]))
  }
  return q
}

/** One page, newest start first (the id breaks ties so paging is stable). */
export function findCampaignPage(db: Db, entityCode: string, f: CampaignFilter) {
  return filteredCampaigns(db, entityCode, f)
    .selectAll('campaign')
    .orderBy('campaign.start_date', 'desc')
    .orderBy('campaign.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countCampaigns(db: Db, entityCode: string, f: CampaignFilters): Promise<number> {
  const row = await filteredCampaigns(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The stages of several campaigns in one query (never one query per row), in stage order. */
export function listStages(db: Db, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return Promise.resolve([] as CampaignStageRow[])
  return db
    .selectFrom('campaign_stage')
    .where('campaign_ref', 'in', campaignIds)
    .selectAll()
    .orderBy('campaign_ref')
    .orderBy('stage_no')
    .execute()
}

/** One campaign of the entity by its campaign_id; another entity's campaign is not found. */
export function findCampaign(db: Db, entityCode: string, campaignId: string) {
  return db
    .selectFrom('campaign')
    .where('entity_code', '=', entityCode)
    .where('campaign_id', '=', campaignId)
    .selectAll()
    .executeTakeFirst()
}

export function listRecentResponses(db: Db, campaignRef: number, limit: number) {
  return db
    .selectFrom('campaign_response')
    .where('campaign_ref', '=', campaignRef)
    .selectAll()
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** Moves a stage from one status to another; false when it was no longer in `from` (someone else moved it). */
export async function moveStage(
  trx: Db,
  campaignRef: number,
  stageNo: number,
  from: string,
  patch: Updateable<CampaignStageTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('campaign_stage')
    .set(patch)
    .where('campaign_ref', '=', campaignRef)
    .where('stage_no', '=', stageNo)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function touchCampaign(trx: Db, id: number, at: number): Promise<void> {
  await trx.updateTable('campaign').set({ updated_at: at }).where('id', '=', id).execute()
}
