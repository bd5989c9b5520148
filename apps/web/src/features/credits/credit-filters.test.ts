import { describe, expect, it } from 'vitest'
import type { FilterValue, ListState } from '@/components/data-table/list-state'
import { creditFilterBody, parseIds, toMinorUnits } from './credit-filters'

function listOf(values: Record<string, FilterValue>, page = 1): ListState {
  const v = (k: string) => values[k]
  return {
    page,
    values,
    multi: (k) => (Array.isArray(v(k)) ? (v(k) as (string | number)[]) : []),
    select: (k) => (typeof v(k) === 'string' || typeof v(k) === 'number' ? (v(k) as string | number) : ''),
    toggle: (k) => v(k) === true,
    text: (k) => (typeof v(k) === 'string' ? (v(k) as string) : ''),
    setPage: () => undefined,
    setFilter: () => undefined,
    toggleOption: () => undefined,
    reset: () => undefined,
    activeCount: 0,
  }
}

const DEFAULTS = { sort: 'client_time', order: 'desc' }

describe('credit filters', () => {
  it.each([
    ['', undefined],
    ['2.50', 250],
    ['3', 300],
    ['0.1', 10],
    ['abc', undefined],
  ])('amount %j is %j minor units', (text, expected) => {
    expect(toMinorUnits(text)).toBe(expected)
  })

  it('reads typed ids, ignoring anything that is not one', () => {
    expect(parseIds('12, 15 18,x,-3')).toEqual([12, 15, 18])
  })

  it('leaves unset filters out and pages by 50', () => {
    expect(creditFilterBody(listOf(DEFAULTS, 3), 'all')).toEqual({
      limit: 50,
      offset: 100,
      sort_by: 'client_time',
      order_by: 'desc',
    })
  })

  it('sends the tab as the mode filter, over the Modes filter', () => {
    const list = listOf({ ...DEFAULTS, modes: [1, 2] })
    expect(creditFilterBody(list, 'all').modes).toEqual([1, 2])
    expect(creditFilterBody(list, 'cash_refund').modes).toEqual([3])
  })

  it('sends amounts in minor units and ids, machines, methods and types as lists', () => {
    const body = creditFilterBody(
      listOf({
        ...DEFAULTS,
        amount_from: '1',
        amount_to: '2.5',
        ids: '7 8',
        machines: [4],
        methods: [98],
        types: ['normal'],
      }),
      'all',
    )
    expect(body).toMatchObject({
      amount_lower: 100,
      amount_upper: 250,
      machine_credit_log_ids: [7, 8],
      machine_ids: [4],
      payment_methods: [98],
      payment_types: ['normal'],
    })
  })
})
