import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { maintenanceFilterBody, tabOf } from './maintenance-filters'

const listOf = listStateOf

describe('maintenance filters', () => {
  it.each([
    ['both', 'all', undefined],
    ['yes', 'all', true],
    ['no', 'all', false],
    ['both', 'bypassed', true],
  ] as const)('bypass %s on tab %s sends %j', (bypass, tab, expected) => {
    expect(maintenanceFilterBody(listOf({ bypass }), tab).is_challenge_bypass).toBe(expected)
  })

  it('sends nothing unset, and pages by 25', () => {
    expect(maintenanceFilterBody(listOf({ bypass: 'both' }, 2), 'all')).toEqual({ limit: 25, offset: 25 })
  })

  it.each([
    ['restocking', ['restocker', 'both']],
    ['technician', ['technician', 'both']],
    ['all', undefined],
  ] as const)('tab %s sends person types %j', (tab, expected) => {
    expect(maintenanceFilterBody(listOf({ bypass: 'both' }), tab).person_type_list).toEqual(expected)
  })

  it('sends a day range from the start of the first day to the end of the last (local time)', () => {
    const body = maintenanceFilterBody(
      listOf({ bypass: 'both', start_from: '2026-11-01', start_to: '2026-11-02' }),
      'all',
    )
    expect(body.start_time_lower).toBe(new Date(2026, 10, 1).getTime())
    expect(body.start_time_upper).toBe(new Date(2026, 10, 3).getTime() - 1)
  })

  it('reads an unknown tab as All', () => {
    expect(tabOf('nonsense')).toBe('all')
    expect(tabOf(null)).toBe('all')
    expect(tabOf('technician')).toBe('technician')
  })
})
