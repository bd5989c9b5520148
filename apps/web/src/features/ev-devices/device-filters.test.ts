import { describe, expect, it } from 'vitest'
import type { ListState } from '@/components/data-table/list-state'
import { deviceListQuery } from './device-filters'

type Values = Record<string, string | string[]>
function listOf(values: Values, page = 1): Pick<ListState, 'text' | 'multi' | 'select' | 'page'> {
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
    page,
  }
}
const filtersOf = (values: Values) => {
  const { limit: _l, offset: _o, ...rest } = deviceListQuery(listOf(values))
  return rest
}

describe('deviceListQuery', () => {
  it('sends paging only when nothing is set, 20 a page', () => {
    expect(deviceListQuery(listOf({}))).toEqual({ limit: 20, offset: 0 })
    expect(deviceListQuery(listOf({}, 2))).toEqual({ limit: 20, offset: 20 })
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
    ['the default sort is left out', { sort: 'created_at' }, {}],
    ['another sort', { sort: 'last_heartbeat_at' }, { sort_by: 'last_heartbeat_at' }],
    ['an unknown sort is left out', { sort: 'name' }, {}],
    ['a location', { location: 'loc-1' }, { location_uid: 'loc-1' }],
  ])('%s', (_name, values, expected) => {
    expect(filtersOf(values)).toEqual(expected)
  })
})
