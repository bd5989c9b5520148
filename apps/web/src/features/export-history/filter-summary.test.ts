import { describe, expect, it } from 'vitest'
import { filterSummary } from './filter-summary'

describe('filterSummary', () => {
  it.each([
    [{}, ''],
    [{ active_filter: 1 }, 'Active filter: 1'],
    [{ overall_status_list: [4, 5], search_value: 'kopi' }, 'Overall status: 4, 5 · Search value: kopi'],
    [{ set_list: [], search_value: '', any_error: false }, 'Any error: false'],
    [{ range: { from: 1 } }, 'Range: {"from":1}'],
  ])('%j → %j', (filters, expected) => {
    expect(filterSummary(filters)).toBe(expected)
  })
})
