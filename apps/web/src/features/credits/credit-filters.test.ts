import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { creditFilterBody, parseIds, toMinorUnits } from './credit-filters'

const listOf = listStateOf

const DEFAULTS = {}

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

  it('sends the order picked in a column header, and newest client time first until then', () => {
    expect(creditFilterBody(listOf({}, 1, { key: 'amount', dir: 'asc' }), 'all')).toMatchObject({
      sort_by: 'amount',
      order_by: 'asc',
    })
    expect(creditFilterBody(listOf({}), 'all')).toMatchObject({ sort_by: 'client_time', order_by: 'desc' })
  })

  it('falls back to client time for a sort key the call does not take', () => {
    expect(creditFilterBody(listOf({}, 1, { key: 'colour', dir: 'asc' }), 'all').sort_by).toBe('client_time')
  })

  it('sends no mode, method or type outside their catalogues (a hand-written URL)', () => {
    const body = creditFilterBody(
      listOf({ modes: [1, 99], methods: [98, 12345], types: ['normal', 'x'] }),
      'all',
    )
    expect(body).toMatchObject({ modes: [1], payment_methods: [98], payment_types: ['normal'] })
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
