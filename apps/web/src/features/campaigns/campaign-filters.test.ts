import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { campaignFilterBody, phaseOf } from './campaign-filters'

const listOf = listStateOf
const PAGE = { limit: 5, offset: 0 }

describe('campaign list request (POST /forms/campaign/filter)', () => {
  it('sends the entity, the page and nothing else when no filter is set (phase All)', () => {
    expect(campaignFilterBody(listOf({}), PAGE, 'CAMP')).toEqual({ entityCode: 'CAMP', offset: 0, limit: 5 })
    expect(campaignFilterBody(listOf({}), { limit: 5, offset: 15 }, 'CAMP').offset).toBe(15)
  })

  it.each([
    ['Pre-launch', 1],
    ['Launched', 2],
    ['Post-launch', 3],
    ['All', undefined],
    ['launched', undefined],
  ])('the %s tab sends statusCode %j', (phase, statusCode) => {
    expect(campaignFilterBody(listOf({ phase }), PAGE, 'CAMP').statusCode).toBe(statusCode)
  })

  it.each([
    ['name', 'Pulse', { searchKey: 'name', searchValue: 'Pulse' }],
    ['campaign_id', 'cmp-4f', { searchKey: 'campaign_id', searchValue: 'cmp-4f' }],
    ['', 'pulse', { searchValue: 'pulse' }],
    ['name', '  ', {}],
  ])('searching in %j for %j sends %j', (field, q, expected) => {
    const body = campaignFilterBody(listOf({ in: field, q }), PAGE, 'CAMP')
    expect({ searchKey: body.searchKey, searchValue: body.searchValue }).toEqual({
      searchKey: undefined,
      searchValue: undefined,
      ...expected,
    })
  })

  it('sends the running window as local day bounds in ms', () => {
    const body = campaignFilterBody(listOf({ from: '2026-11-01', to: '2026-11-30' }), PAGE, 'CAMP')
    expect(body.startDate).toBe(new Date(2026, 10, 1).getTime())
    expect(body.endDate).toBe(new Date(2026, 11, 1).getTime() - 1)
  })

  it('reads an unknown phase in the URL as All', () => {
    expect(phaseOf('Archived')).toBe('All')
    expect(phaseOf(null)).toBe('All')
  })
})
