import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { alertFilterBody, alertRangeProblem } from './alert-filters'

const t = ((key: string) => key) as TFunction
const dayStart = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime()
const dayEnd = (y: number, m: number, d: number) => new Date(y, m - 1, d + 1).getTime() - 1

describe('alert filters', () => {
  it('asks for the unresolved alerts, newest first, 20 a page, by default', () => {
    expect(alertFilterBody(listStateOf({ status: 'unresolved' }))).toEqual({
      status: ['open', 'acknowledged'],
      sort: 'raised_at',
      order: 'desc',
      limit: 20,
      offset: 0,
    })
  })

  it.each([
    ['open', ['open']],
    ['acknowledged', ['acknowledged']],
    ['resolved', ['resolved']],
    ['all', undefined],
    ['nonsense', ['open', 'acknowledged']],
  ] as const)('status %s sends %j', (status, expected) => {
    expect(alertFilterBody(listStateOf({ status })).status).toEqual(expected)
  })

  it('sends kinds and severities the contract knows, the search, and the page and order chosen', () => {
    const body = alertFilterBody(
      listStateOf(
        {
          status: 'all',
          kind: ['machine_error', 'made_up', 'slot_stock_low'],
          severity: ['warning', 'urgent'],
          q: '  Lobby  ',
        },
        3,
        { key: 'updated_at', dir: 'asc' },
      ),
    )
    expect(body).toEqual({
      kind: ['machine_error', 'slot_stock_low'],
      severity: ['warning'],
      search: 'Lobby',
      sort: 'updated_at',
      order: 'asc',
      limit: 20,
      offset: 40,
    })
  })

  it('sends the raised range from the start of the first day to the end of the last (local time)', () => {
    const body = alertFilterBody(listStateOf({ raised_from: '2026-11-01', raised_to: '2026-11-02' }))
    expect(body.raised_from).toBe(dayStart(2026, 11, 1))
    expect(body.raised_to).toBe(dayEnd(2026, 11, 2))
  })

  it('narrows to the machine or charger named in the URL, and drops a malformed one', () => {
    expect(alertFilterBody(listStateOf({ machine_id: '12' })).machine_id).toBe(12)
    expect(alertFilterBody(listStateOf({ charge_point: 'CP-0001' })).charge_point).toBe('CP-0001')
    for (const machine_id of ['0', '-3', '1.5', 'abc', ''])
      expect(alertFilterBody(listStateOf({ machine_id })).machine_id, machine_id).toBeUndefined()
    expect(alertFilterBody(listStateOf({ charge_point: 'x'.repeat(101) })).charge_point).toBeUndefined()
  })

  it('refuses a raised range that ends before it starts', () => {
    expect(alertRangeProblem(listStateOf({ raised_from: '2026-11-05', raised_to: '2026-11-01' }), t)).toBe(
      'alerts.filter.endBeforeStart',
    )
    expect(
      alertRangeProblem(listStateOf({ raised_from: '2026-11-05', raised_to: '2026-11-05' }), t),
    ).toBeUndefined()
    expect(alertRangeProblem(listStateOf({ raised_from: '2026-11-05' }), t)).toBeUndefined()
  })
})
