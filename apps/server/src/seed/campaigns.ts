import { CampaignStageStatus, CampaignStatusCode, StageAdvanceMode, StageSyncMode } from '@portal/contract'
import type { Database, Db } from '../db/database'
import type { Cell } from './bulk-insert'
import { BulkInserter } from './bulk-insert'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/*
 * Brightside Campaigns (CAMP): about forty Typeform campaigns across the three phases — pre-launch (starting in the
 * coming weeks), launched (running, one stage active) and post-launch (ended) — each with 2 to 5 stages of mixed
 * progression (sync/async, auto/manual), response counters and the newest responses.
 * docs/decisions/0028-digital-health-and-campaigns.md.
 */

const ENTITY = 'CAMP'
const DAY = 86_400_000
const HOUR = 3_600_000
const CAMPAIGNS_PER_SCALE = 40
const MIN_CAMPAIGNS = 40
/** The newest responses kept per campaign (the counters hold the totals). */
const RESPONSES_KEPT = 25

const SUBJECTS = [
  'Customer Satisfaction',
  'Flu Vaccination Awareness',
  'Employee Pulse',
  'Smart Kettle Product Feedback',
  'Hawker Centre Food Trail',
  'Green Commute Pledge',
  'Festive Gift Guide',
  'Mobile App Beta',
  'Community Run Sign-up',
  'Loyalty Programme Review',
  'Retail Store Experience',
  'Back-to-School Survey',
  'Health Screening Outreach',
  'Volunteer Recruitment',
] as const
const EDITIONS = [
  '',
  'Singapore',
  'Malaysia',
  'Pilot',
  'East',
  'West',
  'Online',
  'Wave 2',
  'Central',
] as const
const STAGE_NAMES = [
  'Invitation',
  'Screening questions',
  'Main survey',
  'Follow-up interview',
  'Reward fulfilment',
  'Thank-you and referral',
] as const
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com.sg', 'singnet.com.sg', 'hotmail.com'] as const
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

function code(rng: Random, length: number, alphabet = LETTERS): string {
  return Array.from({ length }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('')
}

const CAMPAIGN_COLUMNS = [
  'id',
  'entity_code',
  'campaign_id',
  'name',
  'description',
  'status_code',
  'start_date',
  'end_date',
  'typeform_form_id',
  'typeform_url',
  'responses_count',
  'completed_count',
  'created_at',
  'updated_at',
] as const
const STAGE_COLUMNS = [
  'campaign_ref',
  'stage_no',
  'name',
  'sync_mode',
  'advance_mode',
  'status',
  'started_at',
  'completed_at',
  'responses_count',
] as const
const RESPONSE_COLUMNS = [
  'campaign_ref',
  'response_id',
  'stage_no',
  'submitted_at',
  'respondent',
  'completed',
  'score',
] as const

export async function seedCampaigns(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const entity = await db.selectFrom('entity').where('code', '=', ENTITY).select('code').executeTakeFirst()
  if (!entity) return
  const { now } = context
  const total = Math.max(MIN_CAMPAIGNS, Math.round(CAMPAIGNS_PER_SCALE * context.scale))
  const maxId = await db
    .selectFrom('campaign')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  let nextId = (maxId?.id ?? 0) + 1
  const used = new Set<string>()
  const campaigns: Cell[][] = []
  const stages: Cell[][] = []
  const responses: Cell[][] = []

  for (let i = 0; i < total; i++) {
    const id = nextId++
    // The first campaign is always running with two stages still to start by hand, so the demo (and the browser
    // tests) always have a stage to start; the others are drawn.
    const showcase = i === 0
    const drawn = rng.weighted([
      [CampaignStatusCode.PreLaunch, 2],
      [CampaignStatusCode.Launched, 3],
      [CampaignStatusCode.PostLaunch, 4],
    ] as const)
    const status = showcase ? CampaignStatusCode.Launched : drawn
    let campaignId = `CMP-${code(rng, 6)}`
    while (used.has(campaignId)) campaignId = `CMP-${code(rng, 6)}`
    used.add(campaignId)
    const subject = SUBJECTS[i % SUBJECTS.length] ?? 'Survey'
    const name = `${subject} ${EDITIONS[Math.floor(i / SUBJECTS.length) % EDITIONS.length] ?? ''}`.trim()
    const length = rng.int(14, 60) * DAY
    const start =
      status === CampaignStatusCode.PreLaunch
        ? now + rng.int(1, 45) * DAY
        : status === CampaignStatusCode.Launched
          ? now - rng.int(1, 40) * DAY
          : now - rng.int(70, 360) * DAY
    // Some launched campaigns are open-ended (always-on feedback forms).
    const openEnded = status === CampaignStatusCode.Launched && rng.chance(0.25)
    const end = openEnded
      ? null
      : status === CampaignStatusCode.PostLaunch
        ? Math.min(start + length, now - rng.int(1, 30) * DAY)
        : Math.max(start + length, now + rng.int(3, 30) * DAY)
    const createdAt = Math.min(start, now) - rng.int(5, 30) * DAY
    const responsesTotal =
      status === CampaignStatusCode.PreLaunch
        ? 0
        : rng.int(status === CampaignStatusCode.Launched ? 20 : 150, 2400)
    const completedTotal = Math.round(responsesTotal * (0.55 + rng.next() * 0.4))
    const formId = code(rng, 8, 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789')

    // Stages: pending before launch, all completed after; while launched, the first ones done and one active.
    const stageCount = showcase ? 4 : rng.int(2, 5)
    // A few of the usual stages, in their usual order.
    const names = rng
      .sample(STAGE_NAMES, stageCount)
      .sort((a, b) => STAGE_NAMES.indexOf(a) - STAGE_NAMES.indexOf(b))
    const active = showcase ? 2 : status === CampaignStatusCode.Launched ? rng.int(1, stageCount) : 0
    let left = responsesTotal
    let updatedAt = createdAt
    for (let s = 1; s <= stageCount; s++) {
      const stageStatus =
        status === CampaignStatusCode.PostLaunch || (active > 0 && s < active)
          ? CampaignStageStatus.Completed
          : s === active
            ? CampaignStageStatus.Active
            : CampaignStageStatus.Pending
      // Stages that ran share the time from the start to the end (after the campaign) or to now (while it runs).
      const ran = status === CampaignStatusCode.PostLaunch ? stageCount : active
      const until = status === CampaignStatusCode.PostLaunch ? (end ?? now) : now - HOUR
      const span = (until - start) / Math.max(1, ran)
      const startedAt =
        stageStatus === CampaignStageStatus.Pending ? null : Math.round(start + (s - 1) * span)
      const completedAt = stageStatus === CampaignStageStatus.Completed ? Math.round(start + s * span) : null
      const share =
        stageStatus === CampaignStageStatus.Pending ? 0 : s === stageCount ? left : Math.round(left * 0.5)
      left -= share
      updatedAt = Math.max(updatedAt, completedAt ?? startedAt ?? createdAt)
      stages.push([
        id,
        s,
        names[s - 1] ?? `Stage ${String(s)}`,
        rng.weighted([
          [StageSyncMode.sync, 3],
          [StageSyncMode.async, 2],
        ] as const),
        // The first stage starts with the campaign; later ones are often started by hand.
        showcase && s > active
          ? StageAdvanceMode.manual
          : s === 1
            ? StageAdvanceMode.auto
            : rng.weighted([
                [StageAdvanceMode.auto, 3],
                [StageAdvanceMode.manual, 2],
              ] as const),
        stageStatus,
        startedAt,
        completedAt,
        share,
      ])
    }

    const kept = Math.min(RESPONSES_KEPT, responsesTotal)
    const lastAt = Math.min(end ?? now, now)
    for (let r = 0; r < kept; r++) {
      const at = lastAt - r * rng.int(10, 180) * 60_000 - rng.int(0, 59_999)
      const first = code(rng, 1, 'abcdefghijklmnoprstuvwy')
      responses.push([
        id,
        `${formId}-${code(rng, 10, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
        Math.max(1, active || stageCount),
        at,
        `${first}***@${rng.pick(DOMAINS)}`,
        rng.chance(0.8) ? 1 : 0,
        rng.chance(0.6) ? rng.int(35, 100) : null,
      ])
    }

    campaigns.push([
      id,
      ENTITY,
      campaignId,
      name,
      `${subject}: a Typeform survey run by Brightside for its client. ${String(stageCount)} stages.`,
      status,
      start,
      end,
      formId,
      `https://brightside.typeform.com/to/${formId}`,
      responsesTotal,
      completedTotal,
      createdAt,
      Math.min(updatedAt, now),
    ])
  }

  const bulk = new BulkInserter<Database>(db, 300)
  await db.transaction().execute(async (trx) => {
    await bulk.insert(trx, 'campaign', CAMPAIGN_COLUMNS, campaigns)
    await bulk.insert(trx, 'campaign_stage', STAGE_COLUMNS, stages)
    await bulk.insert(trx, 'campaign_response', RESPONSE_COLUMNS, responses)
  })
  await bulk.syncSequence('campaign')
}
