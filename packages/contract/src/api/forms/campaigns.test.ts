import { describe, expect, it } from 'vitest'
import { campaignPhases } from '../../enums/health'
import { itLabels } from '../../test-support'
import {
  campaignFilterRequest,
  campaignStageStatuses,
  campaignStatusCodes,
  phaseOfStatusCode,
  startableStage,
  statusCodeOfPhase,
} from './campaigns'

describe('campaign phase ↔ statusCode', () => {
  it.each([
    ['All', undefined],
    ['Pre-launch', 1],
    ['Launched', 2],
    ['Post-launch', 3],
  ] as const)('%s filters by statusCode %j', (phase, code) => {
    expect(statusCodeOfPhase(phase)).toBe(code)
  })

  it.each([
    [1, 'Pre-launch'],
    [2, 'Launched'],
    [3, 'Post-launch'],
    [0, 'All'],
    [9, 'All'],
    [undefined, 'All'],
  ] as const)('statusCode %j is %s', (code, phase) => {
    expect(phaseOfStatusCode(code)).toBe(phase)
  })

  it('every phase but All has a statusCode, and back', () => {
    for (const phase of campaignPhases.values) {
      const code = statusCodeOfPhase(phase)
      if (phase === 'All') expect(code).toBeUndefined()
      else expect(phaseOfStatusCode(code)).toBe(phase)
    }
  })
})

describe('POST /forms/campaign/filter body', () => {
  it('defaults to the first page of 5', () => {
    expect(campaignFilterRequest.parse({})).toEqual({ offset: 0, limit: 5 })
  })

  it('takes every filter field of B §3', () => {
    const body = {
      entityCode: 'CAMP',
      searchKey: 'campaign_id',
      searchValue: 'cmp-',
      statusCode: 2,
      startDate: 1_700_000_000_000,
      endDate: 1_800_000_000_000,
      offset: 5,
      limit: 5,
    }
    expect(campaignFilterRequest.parse(body)).toEqual(body)
  })

  it.each([
    [{ searchKey: 'email' }, 'searchKey'],
    [{ statusCode: 4 }, 'statusCode'],
    [{ statusCode: -1 }, 'statusCode'],
    [{ statusCode: 1.5 }, 'statusCode'],
    [{ startDate: 10, endDate: 5 }, 'endDate'],
    [{ startDate: -1 }, 'startDate'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ offset: -5 }, 'offset'],
    [{ searchValue: 'x'.repeat(101) }, 'searchValue'],
    [{ status: 2 }, ''],
  ])('%j is refused at %s', (body, path) => {
    const result = campaignFilterRequest.safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })
})

describe('which stage an operator may start', () => {
  const stage = (stage_no: number, status: string, advance_mode = 'manual') => ({
    stage_no,
    status,
    advance_mode,
  })
  it.each([
    ['the next manual stage of a launched campaign', 2, [stage(1, 'active'), stage(2, 'pending')], 2],
    ['none when the next stage is auto', 2, [stage(1, 'active'), stage(2, 'pending', 'auto')], null],
    ['none before launch', 1, [stage(1, 'pending'), stage(2, 'pending')], null],
    ['none after the campaign', 3, [stage(1, 'completed'), stage(2, 'pending')], null],
    ['none when every stage ran', 2, [stage(1, 'completed'), stage(2, 'active')], null],
    ['the first stage when none started', 2, [stage(2, 'pending'), stage(1, 'pending')], 1],
  ])('%s', (_name, statusCode, stages, expected) => {
    expect(startableStage(statusCode, stages)).toBe(expected)
  })
})

itLabels(campaignStatusCodes, [
  [1, 'Pre-launch'],
  [2, 'Launched'],
  [3, 'Post-launch'],
  [0, 'Unknown (0)'],
])
itLabels(campaignStageStatuses, [
  ['active', 'Active'],
  ['paused', 'Unknown (paused)'],
])
