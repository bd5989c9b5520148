import { describe, expect, it } from 'vitest'
import type { ListSort, ListState } from '@/components/data-table/list-state'
import { deviceListQuery } from './device-filters'

type Values = Record<string, string | string[]>
function listOf(
  values: Values,
  sort: ListSort | null = null,
): Pick<ListState, 'text' | 'multi' | 'select' | 'sort'> {
  const one = (k: string) => {
    const v = values[k]
    return typeof v === 'string' ? v : ''
  }
  return {
    text: one,
    select: one,
    multi: (k) => {
      const v = values[k]
      return Array.isArray(v) ? v : []
    },
    sort,
  }
}
const FIRST = { limit: 20, offset: 0 }
const filtersOf = (values: Values) => {
  const { limit: _l, offset: _o, ...rest } = deviceListQuery(listOf(values), FIRST)
  return rest
}

describe('deviceListQuery', () => {
  it('sends paging only when nothing is set: the page the list asks for', () => {
    expect(deviceListQuery(listOf({}), FIRST)).toEqual({ limit: 20, offset: 0 })
    expect(deviceListQuery(listOf({}), { limit: 20, offset: 20 })).toEqual({ limit: 20, offset: 20 })
  })

  it.each([
    ['the default order (newest first) is left out', { key: 'created_at', dir: 'desc' }, {}],
    ['oldest first', { key: 'created_at', dir: 'asc' }, { order_by: 'asc' }],
    ['serial A to Z: the sort only', { key: 'serial_number', dir: 'asc' }, { sort_by: 'serial_number' }],
    ['serial Z to A', { key: 'serial_number', dir: 'desc' }, { sort_by: 'serial_number', order_by: 'desc' }],
    ['longest silent first', { key: 'last_heartbeat_at', dir: 'asc' }, { sort_by: 'last_heartbeat_at' }],
    [
      'latest heartbeat first',
      { key: 'last_heartbeat_at', dir: 'desc' },
      { sort_by: 'last_heartbeat_at', order_by: 'desc' },
    ],
    ['an order the call does not take is left out', { key: 'name', dir: 'asc' }, {}],
  ] as const)('the header order: %s', (_name, sort, expected) => {
    const { limit: _l, offset: _o, ...rest } = deviceListQuery(listOf({}, sort), FIRST)
    expect(rest).toEqual(expected)
  })
  it.each([
    ['search, trimmed', { search: ' ABB ' }, { search: 'ABB' }],
    [
      'OCPP statuses as a repeated list',
      { ocpp_status: ['FAULTED', 'UNAVAILABLE'] },
      { 'ocpp_status[]': ['FAULTED', 'UNAVAILABLE'] },
    ],
    ['an empty status list is left out', { ocpp_status: [] }, {}],
    ['protocols', { protocol: ['OCPI'] }, { 'protocol[]': ['OCPI'] }],
    ['offline', { connectivity: 'OFFLINE' }, { connectivity: 'OFFLINE' }],
    ['any connectivity is left out', { connectivity: '' }, {}],
    ['an unknown connectivity is left out', { connectivity: 'maybe' }, {}],
    ['a location', { location: 'loc-1' }, { location_uid: 'loc-1' }],
  ])('%s', (_name, values, expected) => {
    expect(filtersOf(values)).toEqual(expected)
  })
})
