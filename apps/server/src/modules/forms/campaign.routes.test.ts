import type { CampaignDetail, CampaignListItem } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { insertStartableCampaign, memberWith } from '../../test-support/fixtures/health-campaigns'

const FILTER = '/api/forms/forms/campaign/filter'
const ONE = (id: string) => `/api/forms/forms/campaign/${encodeURIComponent(id)}`
const DAY = 86_400_000

/** Whether a campaign's run (open-ended without an end) overlaps [from, to]. */
const overlaps = (c: CampaignListItem, from?: number, to?: number) =>
  (to === undefined || c.start_date <= to) &&
  (from === undefined || c.end_date === null || c.end_date >= from)

describe.each(DIALECTS)('typeform campaigns on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  /** Every CAMP campaign, newest start first. */
  let all: CampaignListItem[] = []

  const filter = (user: string, body: object) =>
    call<{ data: { campaigns: CampaignListItem[]; count: number } }>(t.app, 'POST', FILTER, {
      token: tokens[user],
      body,
    })
  const ok = async (user: string, body: object) => {
    const r = await filter(user, body)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  const get = (user: string, id: string) =>
    call<{ data: { campaign: CampaignDetail } }>(t.app, 'GET', ONE(id), { token: tokens[user] })
  const start = (user: string, id: string, stage_no: number) =>
    call<{ data: { campaign: CampaignDetail } }>(t.app, 'POST', `${ONE(id)}/stages/start`, {
      token: tokens[user],
      body: { stage_no },
    })

  beforeAll(async () => {
    t = await createTestApp(dialect)
    await memberWith(t.database.db, 'CAMP', 'campreader', [
      { app_code: 'forms', resource_code: 'campaigns/*', action_code: 'read' },
    ])
    await memberWith(t.database.db, 'CAMP', 'campnone', null)
    for (const user of ['campaigns', 'campreader', 'campnone', 'cpo'])
      tokens[user] = await loginAs(t.app, user)
    all = (await ok('campaigns', { limit: 100 })).campaigns
  })
  afterAll(() => t.close())

  it('lists about forty seeded campaigns across the three phases, 5 a page, newest start first', async () => {
    expect(all.length).toBeGreaterThanOrEqual(40)
    expect(new Set(all.map((c) => c.phase))).toEqual(new Set(['Pre-launch', 'Launched', 'Post-launch']))
    const first = await ok('campaigns', {})
    expect(first.campaigns.map((c) => c.campaign_id)).toEqual(all.slice(0, 5).map((c) => c.campaign_id))
    expect(first.count).toBe(all.length)
    const second = await ok('campaigns', { offset: 5, limit: 5 })
    expect(second.campaigns.map((c) => c.campaign_id)).toEqual(all.slice(5, 10).map((c) => c.campaign_id))
    const starts = all.map((c) => c.start_date)
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
  })

  it('returns each campaign with its stages, their progression and its phase', () => {
    for (const c of all) {
      expect(c.campaign_id).toMatch(/^CMP-[A-Z0-9]{6}$/)
      expect(c.phase).toBe({ 1: 'Pre-launch', 2: 'Launched', 3: 'Post-launch' }[c.statusCode])
      expect(c.stages.length).toBeGreaterThanOrEqual(2)
      expect(c.stages.map((s) => s.stage_no)).toEqual(c.stages.map((_, i) => i + 1))
      for (const s of c.stages) {
        expect(['sync', 'async']).toContain(s.sync_mode)
        expect(['auto', 'manual']).toContain(s.advance_mode)
      }
      if (c.statusCode === 1) expect(c.stages.every((s) => s.status === 'pending')).toBe(true)
      if (c.statusCode === 3) expect(c.stages.every((s) => s.status === 'completed')).toBe(true)
      if (c.statusCode === 2) expect(c.current_stage_no).not.toBeNull()
      expect(c.typeform_url).toContain(c.typeform_form_id)
    }
  })

  it.each([
    [0, () => true],
    [1, (c: CampaignListItem) => c.statusCode === 1],
    [2, (c: CampaignListItem) => c.statusCode === 2],
    [3, (c: CampaignListItem) => c.statusCode === 3],
  ])('statusCode %i filters by phase (0 is All)', async (statusCode, predicate) => {
    const result = await ok('campaigns', { statusCode, limit: 100 })
    expect(result.campaigns.map((c) => c.campaign_id)).toEqual(
      all.filter(predicate).map((c) => c.campaign_id),
    )
    expect(result.count).toBe(all.filter(predicate).length)
  })

  const searches: [string, () => object, (c: CampaignListItem) => boolean][] = [
    [
      'name, any case',
      () => ({ searchKey: 'name', searchValue: 'SATISFACTION' }),
      (c) => c.name.toLowerCase().includes('satisfaction'),
    ],
    ['name by default', () => ({ searchValue: 'pulse' }), (c) => c.name.toLowerCase().includes('pulse')],
    [
      'campaign_id in part, any case',
      () => ({
        searchKey: 'campaign_id',
        searchValue: (all[7]?.campaign_id ?? '').slice(2, 8).toLowerCase(),
      }),
      (c) => c.campaign_id.includes((all[7]?.campaign_id ?? '').slice(2, 8)),
    ],
    ['a wildcard typed is matched literally', () => ({ searchKey: 'name', searchValue: '%' }), () => false],
    [
      'search with a phase',
      () => ({ searchKey: 'name', searchValue: 'e', statusCode: 2 }),
      (c) => c.statusCode === 2 && c.name.toLowerCase().includes('e'),
    ],
  ]
  it.each(searches)('searches by %s', async (_name, body, predicate) => {
    const result = await ok('campaigns', { limit: 100, ...body() })
    expect(result.campaigns.map((c) => c.campaign_id)).toEqual(
      all.filter(predicate).map((c) => c.campaign_id),
    )
    expect(result.count).toBe(all.filter(predicate).length)
  })

  it('the campaign_id search finds that campaign', async () => {
    const target = all[12]
    if (!target) throw new Error('no campaign')
    const result = await ok('campaigns', { searchKey: 'campaign_id', searchValue: target.campaign_id })
    expect(result.campaigns.map((c) => c.campaign_id)).toEqual([target.campaign_id])
  })

  it.each([
    ['a window around now', () => Date.now() - DAY, () => Date.now() + DAY],
    ['only a start', () => Date.now() + 10 * DAY, () => undefined],
    ['only an end', () => undefined, () => Date.now() - 100 * DAY],
  ])('keeps the campaigns whose run overlaps %s (ms)', async (_name, from, to) => {
    const [startDate, endDate] = [from(), to()]
    const result = await ok('campaigns', { limit: 100, startDate, endDate })
    const expected = all.filter((c) => overlaps(c, startDate, endDate))
    expect(result.campaigns.map((c) => c.campaign_id)).toEqual(expected.map((c) => c.campaign_id))
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(all.length)
  })

  it('takes its own entityCode, and refuses another entity (403)', async () => {
    expect((await ok('campaigns', { entityCode: 'CAMP' })).count).toBe(all.length)
    expect((await filter('campaigns', { entityCode: 'VEND' })).status).toBe(403)
  })

  it.each([
    [{ statusCode: 7 }, 'body.statusCode'],
    [{ searchKey: 'email', searchValue: 'x' }, 'body.searchKey'],
    [{ startDate: 10, endDate: 5 }, 'body.endDate'],
    [{ startDate: 'yesterday' }, 'body.startDate'],
    [{ limit: 0 }, 'body.limit'],
    [{ offset: -1 }, 'body.offset'],
    [{ phase: 'Launched' }, 'body.phase'],
  ])('refuses %j with a 400 naming %s', async (body, path) => {
    const r = await filter('campaigns', body)
    expect(r.status).toBe(400)
    const issues = (r.body as unknown as { error: { issues: { path: string }[] } }).error.issues
    expect(issues.map((i) => i.path.split(',')[0])).toContain(path)
  })

  it('another entity sees no campaign of CAMP, and its owner may not read them', async () => {
    expect(await ok('cpo', { limit: 100 })).toEqual({ campaigns: [], count: 0 })
    const target = all[0]?.campaign_id ?? ''
    const r = await get('cpo', target)
    expect(r.status).toBe(404)
    expect(Object.keys(r.body as object)).toEqual(['error'])
  })

  it('needs a token (401) and read on campaigns (403 without it); a reader may list', async () => {
    expect((await call(t.app, 'POST', FILTER, { body: {} })).status).toBe(401)
    expect((await filter('campnone', {})).status).toBe(403)
    expect((await filter('campreader', {})).status).toBe(200)
  })

  describe('one campaign', () => {
    it('shows the campaign, its stages and its newest responses', async () => {
      const target = all.find((c) => c.statusCode === 3)
      if (!target) throw new Error('no post-launch campaign')
      const r = await get('campaigns', target.campaign_id)
      expect(r.status).toBe(200)
      const c = r.body.data.campaign
      expect(c).toMatchObject({ campaign_id: target.campaign_id, name: target.name, phase: 'Post-launch' })
      expect(c.description.length).toBeGreaterThan(0)
      expect(c.recent_responses.length).toBeGreaterThan(0)
      expect(c.recent_responses.length).toBeLessThanOrEqual(10)
      const times = c.recent_responses.map((x) => x.submitted_at)
      expect(times).toEqual([...times].sort((a, b) => b - a))
      for (const x of c.recent_responses) expect(x.respondent).toMatch(/^[a-z]\*\*\*@/)
      expect(c.startable_stage_no).toBeNull()
      expect(c.can_edit).toBe(true)
      expect((await get('campaigns', 'CMP-NOPE00')).status).toBe(404)
    })

    it('starts the next manual stage by hand: the one before completes, it becomes active', async () => {
      const id = await insertStartableCampaign(t.database.db, 'CMP-TEST01')
      const before = await get('campaigns', id)
      expect(before.body.data.campaign.startable_stage_no).toBe(2)
      const r = await start('campaigns', id, 2)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const c = r.body.data.campaign
      expect(c.stages.map((s) => s.status)).toEqual(['completed', 'active'])
      expect(c.stages[0]?.completed_at).not.toBeNull()
      expect(c.stages[1]?.started_at).not.toBeNull()
      expect(c.current_stage_no).toBe(2)
      expect(c.startable_stage_no).toBeNull()
      // Again (a second click, another operator): nothing to start.
      const again = await start('campaigns', id, 2)
      expect(again.status).toBe(409)
    })

    it('refuses a stage that is not next (409), one that does not exist (404), a reader (403), another entity (404)', async () => {
      const id = await insertStartableCampaign(t.database.db, 'CMP-TEST02')
      expect((await start('campaigns', id, 1)).status).toBe(409)
      expect((await start('campaigns', id, 9)).status).toBe(404)
      expect((await start('campreader', id, 2)).status).toBe(403)
      expect((await start('cpo', id, 2)).status).toBe(404)
      expect((await get('campreader', id)).body.data.campaign.can_edit).toBe(false)
      const after = (await get('campaigns', id)).body.data.campaign
      expect(after.stages.map((s) => s.status)).toEqual(['active', 'pending'])
    })

    it('refuses to start a stage of a campaign that is not launched (409)', async () => {
      const pre = all.find((c) => c.statusCode === 1 && c.stages.some((s) => s.advance_mode === 'manual'))
      const target = pre ?? all.find((c) => c.statusCode === 1)
      if (!target) throw new Error('no pre-launch campaign')
      expect((await start('campaigns', target.campaign_id, 1)).status).toBe(409)
      const r = await start('campaigns', target.campaign_id, 0)
      expect(r.status).toBe(400)
    })
  })
})
